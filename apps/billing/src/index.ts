export { BillingModule } from './billing.module.js';
export { billingService } from './billing.service-definition.js';
