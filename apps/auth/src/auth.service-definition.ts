import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '@memoreel/platform';
import { AuthModule } from './auth.module.js';

export const authService: ServiceDefinition = {
  name: 'auth',
  module: () => AuthModule.register(),
  migrationsDir: fileURLToPath(new URL('../prisma/migrations', import.meta.url)),
};
