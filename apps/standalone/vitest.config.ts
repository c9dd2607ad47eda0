import { nodeProject, serviceRegistry, withoutSpecs } from '../../vitest.shared.js';
import { TRACED_SPECS } from './vitest.traced.config.js';

// The specs share their test process; the three that start the process's telemetry run in
// vitest.traced.config.ts, a process each.
export default nodeProject('standalone', {
  setupFiles: [serviceRegistry],
  exclude: withoutSpecs(TRACED_SPECS),
});
