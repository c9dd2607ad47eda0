import { MOCKING_SPECS, webProject } from './vitest.config.ts';

// The web specs that `vi.mock` a module, each in a test process of its own (see vitest.config.ts).
export default webProject({ name: 'web-mocking', include: MOCKING_SPECS, isolate: true });
