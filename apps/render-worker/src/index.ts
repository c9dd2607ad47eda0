export * from '@memoreel/video/chunks';
export * from './chunks/chunk-renderer.js';
export * from './stitch/stitch.js';
