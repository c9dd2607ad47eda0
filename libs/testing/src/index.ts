export * from './bot-check.js';
export * from './database.js';
export * from './factories.js';
export * from './heic.js';
export * from './nats.js';
export * from './s3.js';
export * from './sentry-receiver.js';
export * from './service-harness.js';
