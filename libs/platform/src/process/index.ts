export * from './end-child-process.js';
