// Node only (node:crypto): a subpath of its own, so the SPA's bundle of the composition never sees it.
export * from './chunk-encoding.js';
export * from './chunk-plan.js';
