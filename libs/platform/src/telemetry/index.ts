export * from './error-reporting.js';
export * from './logger.js';
export * from './metrics.js';
export * from './telemetry.js';
