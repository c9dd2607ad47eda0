import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '@memoreel/platform';
import { BillingModule } from './billing.module.js';

export const billingService: ServiceDefinition = {
  name: 'billing',
  module: () => BillingModule.register(),
  migrationsDir: fileURLToPath(new URL('../prisma/migrations', import.meta.url)),
};
