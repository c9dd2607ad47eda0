export * from './editing/child-process-editing.js';
export * from './editing/in-process-editing.js';
export * from './editing/photo-editing.config.js';
export * from './editing/photo-editing.js';
export * from './photo-edit-worker.service-definition.js';
