export * from './database-stats.js';
export * from './managed-process.js';
export * from './start-distributed-stack.js';
