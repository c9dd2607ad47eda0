export * from './run-service-process.js';
export * from './service-context.js';
export * from './service-host.js';
export * from './service-platform.module.js';
export * from './shutdown.js';
