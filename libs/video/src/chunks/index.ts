// The video without React, for Node: what the render service plans with and the worker checks and
// stitches with. A subpath of its own (node:crypto), so the SPA's bundle never sees it.
export * from '../cards.js';
export * from '../constants.js';
export * from '../music.js';
export * from '../props.js';
export * from '../timing.js';
export * from './chunk-encoding.js';
export * from './chunk-plan.js';
