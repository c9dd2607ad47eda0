export * from './chunks/chunk-encoding.js';
export * from './chunks/chunk-plan.js';
export * from './chunks/chunk-renderer.js';
export * from './stitch/stitch.js';
