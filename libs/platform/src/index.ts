export * from './bus/index.js';
export * from './config/index.js';
export * from './database/index.js';
export * from './health/index.js';
export * from './nest/index.js';
export * from './outbox/index.js';
export * from './storage/index.js';
export * from './telemetry/index.js';
