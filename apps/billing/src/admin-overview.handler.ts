import { billingOverview, type ReplyOf, type RequestEnvelopeOf } from '@memoreel/contracts';
import { SERVICE_CONTEXT, type ServiceContext, serviceOverview } from '@memoreel/platform';
import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { BillingDatabase } from './database/billing-database.js';

/** Database Admin (/admin/data): this service's schema, tables and consumers; admins only. */
@Controller()
export class AdminOverviewHandler {
  constructor(
    private readonly database: BillingDatabase,
    @Inject(SERVICE_CONTEXT) private readonly context: ServiceContext,
  ) {}

  @MessagePattern(billingOverview.subject)
  overview(
    @Payload() { actor }: RequestEnvelopeOf<typeof billingOverview>,
  ): Promise<ReplyOf<typeof billingOverview>> {
    return serviceOverview(actor, {
      service: this.context.name,
      db: this.database,
      bus: this.context.bus,
    });
  }
}
