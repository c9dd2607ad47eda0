import { runServiceProcess } from '@memoreel/platform';
import { billingService } from './billing.service-definition.js';

await runServiceProcess(billingService);
