import { nodeProject } from '../../vitest.shared.js';

// helm and kubectl run as child processes; the first run unzips them (~35 MB) into node_modules/.cache.
export default nodeProject('ops', { testTimeout: 120_000, hookTimeout: 180_000 });
