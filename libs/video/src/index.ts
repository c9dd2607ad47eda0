export * from './cards.js';
export * from './constants.js';
export * from './memoreel-video.js';
export * from './music.js';
export * from './preview.js';
export * from './props.js';
export * from './root.js';
export * from './timing.js';
