import { nodeProject, serviceRegistry } from '../../vitest.shared.js';

export default nodeProject('media', { setupFiles: [serviceRegistry] });
