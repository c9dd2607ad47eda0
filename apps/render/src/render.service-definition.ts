import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '@memoreel/platform';
import { RenderModule } from './render.module.js';

export const renderService: ServiceDefinition = {
  name: 'render',
  module: () => RenderModule.register(),
  migrationsDir: fileURLToPath(new URL('../prisma/migrations', import.meta.url)),
};
