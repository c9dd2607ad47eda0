export * from './health.js';
export * from './health.router.js';
