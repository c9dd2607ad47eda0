export * from './bus/index.js';
