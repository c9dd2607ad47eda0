export * from '@memoreel/video/chunks';
export * from './chunks/chunk-renderer.js';
export * from './jobs/child-process-rendering.js';
export * from './jobs/rendering.js';
export { measuredRendering } from './render-worker.metrics.js';
export * from './render-worker.service-definition.js';
export { ffmpeg } from './stitch/ffmpeg.js';
export * from './stitch/stitch.js';
export * from './stitch/stitch-render.js';
