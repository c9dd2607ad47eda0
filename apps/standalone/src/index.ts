export { standaloneEnvironment } from './standalone.config.js';
export { startStandalone } from './start-standalone.js';
