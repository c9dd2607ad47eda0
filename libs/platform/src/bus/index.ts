export * from './bus.js';
export * from './bus-client.js';
export * from './bus-transport.js';
export * from './domain-error.js';
export * from './in-process-bus.js';
export * from './nats-bus.js';
export * from './trace-context.js';
