import { nodeProject, serviceRegistry } from '../../vitest.shared.js';

export default nodeProject('standalone', { setupFiles: [serviceRegistry] });
