import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '@memoreel/platform';
import { MediaModule } from './media.module.js';
import { PhotoStorage } from './storage/photo-storage.js';

export const mediaService: ServiceDefinition = {
  name: 'media',
  module: () => MediaModule.register(),
  migrationsDir: fileURLToPath(new URL('../prisma/migrations', import.meta.url)),
  // Uploads, verification and thumbnails all go through the photos bucket.
  readiness: (app) => [{ name: 'storage', check: () => app.get(PhotoStorage).storage.isReady() }],
};
