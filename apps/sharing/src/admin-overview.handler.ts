import { type ReplyOf, type RequestEnvelopeOf, sharingOverview } from '@memoreel/contracts';
import { SERVICE_CONTEXT, type ServiceContext, serviceOverview } from '@memoreel/platform';
import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SharingDatabase } from './database/sharing-database.js';

/** Database Admin (/admin/data): this service's schema, tables and consumers; admins only. */
@Controller()
export class AdminOverviewHandler {
  constructor(
    private readonly database: SharingDatabase,
    @Inject(SERVICE_CONTEXT) private readonly context: ServiceContext,
  ) {}

  @MessagePattern(sharingOverview.subject)
  overview(
    @Payload() { actor }: RequestEnvelopeOf<typeof sharingOverview>,
  ): Promise<ReplyOf<typeof sharingOverview>> {
    return serviceOverview(actor, {
      service: this.context.name,
      db: this.database,
      bus: this.context.bus,
    });
  }
}
