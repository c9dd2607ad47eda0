export * from './idempotency.js';
export * from './outbox.js';
export * from './outbox-relay.js';
