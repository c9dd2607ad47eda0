export * from './newsletter.js';
export * from './photo-filters.js';
export * from './photos.js';
export * from './plans.js';
export * from './projects.js';
export * from './sharing.js';
export * from './text.js';
export * from './video-settings.js';
