export * from './catalogue.js';
export * from './common/actor.js';
export * from './common/define.js';
export * from './common/envelope.js';
export * from './projects/probe.js';
export * from './sharing/probe.js';
