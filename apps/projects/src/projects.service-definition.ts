import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '@memoreel/platform';
import { ProjectsModule } from './projects.module.js';

export const projectsService: ServiceDefinition = {
  name: 'projects',
  module: () => ProjectsModule.register(),
  migrationsDir: fileURLToPath(new URL('../prisma/migrations', import.meta.url)),
};
