/** What apps/standalone/test needs to run render beside other services (`@memoreel/render/testing`). */
export { audioFile } from './render-harness.js';
export * from './renders-harness.js';
