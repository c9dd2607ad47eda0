import { billingOverview } from '@memoreel/contracts';
import {
  adminOverviewHandler,
  loadConfig,
  ProjectsLookup,
  SERVICE_CONTEXT,
  type ServiceContext,
} from '@memoreel/platform';
import { type DynamicModule, Module } from '@nestjs/common';
import { BillingConfig, billingConfigFrom, billingEnvironment } from './billing.config.js';
import { BillingDatabase } from './database/billing-database.js';
import { PaymentProvider } from './payments/payment-provider.js';
import { PaymentsHandlers } from './payments/payments.handlers.js';
import { PaymentsService } from './payments/payments.service.js';
import { StripePaymentProvider } from './payments/stripe-payment-provider.js';
import { PricesHandlers } from './prices/prices.handlers.js';
import { PricesRepository } from './prices/prices.repository.js';
import { PricesService } from './prices/prices.service.js';
import { PurchasesHandlers } from './purchases/purchases.handlers.js';
import { PurchasesRepository } from './purchases/purchases.repository.js';
import { PurchasesService } from './purchases/purchases.service.js';
import { UpgradesHandlers } from './upgrades/upgrades.handlers.js';
import { UpgradesService } from './upgrades/upgrades.service.js';

/** The billing service: prices, upgrade options, purchases (and their history) and the payment provider's webhooks. */
@Module({})
export class BillingModule {
  static register(): DynamicModule {
    return {
      module: BillingModule,
      controllers: [
        PricesHandlers,
        UpgradesHandlers,
        PaymentsHandlers,
        PurchasesHandlers,
        adminOverviewHandler(billingOverview, { database: BillingDatabase }),
      ],
      providers: [
        {
          provide: BillingConfig,
          // A bad environment fails the start, naming each variable.
          useFactory: (context: ServiceContext) =>
            billingConfigFrom(loadConfig(billingEnvironment, context.env)),
          inject: [SERVICE_CONTEXT],
        },
        {
          provide: PaymentProvider,
          useFactory: (config: BillingConfig) => new StripePaymentProvider(config.stripe),
          inject: [BillingConfig],
        },
        BillingDatabase,
        PricesRepository,
        PricesService,
        PurchasesRepository,
        PurchasesService,
        PaymentsService,
        ProjectsLookup,
        UpgradesService,
      ],
    };
  }
}
