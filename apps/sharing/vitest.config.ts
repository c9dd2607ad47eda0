import { nodeProject, serviceRegistry } from '../../vitest.shared.js';

export default nodeProject('sharing', { setupFiles: [serviceRegistry] });
