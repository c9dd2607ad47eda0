export * from './s3.js';
export * from './nats.js';
export * from './database.js';
