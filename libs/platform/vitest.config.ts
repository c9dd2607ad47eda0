import { nodeProject } from '../../vitest.shared.js';

// The bus conformance and telemetry specs start the process's tracing, each as if first.
export default nodeProject('platform', { isolate: true });
