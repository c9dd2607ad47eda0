import { nodeProject, withoutSpecs } from '../../vitest.shared.js';
import { TRACED_SPECS } from './vitest.traced.config.js';

// The specs share their test process; those that start the process's telemetry run in
// vitest.traced.config.ts, a process each.
export default nodeProject('platform', { exclude: withoutSpecs(TRACED_SPECS) });
