import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '@memoreel/platform';
import { SharingModule } from './sharing.module.js';

export const sharingService: ServiceDefinition = {
  name: 'sharing',
  module: () => SharingModule.register(),
  migrationsDir: fileURLToPath(new URL('../prisma/migrations', import.meta.url)),
};
