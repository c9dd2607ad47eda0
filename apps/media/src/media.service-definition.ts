import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '@memoreel/platform';
import { MediaModule } from './media.module.js';

export const mediaService: ServiceDefinition = {
  name: 'media',
  module: () => MediaModule.register(),
  migrationsDir: fileURLToPath(new URL('../prisma/migrations', import.meta.url)),
};
