import { type ReplyOf, type RequestEnvelopeOf, renderOverview } from '@memoreel/contracts';
import { SERVICE_CONTEXT, type ServiceContext, serviceOverview } from '@memoreel/platform';
import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { RenderDatabase } from './database/render-database.js';
import { MUSIC_BUCKET } from './music/music-storage.js';
import { RENDERS_BUCKET, RenderStorage } from './renders/render-storage.js';
/** Database Admin (/admin/data): this service's schema, tables, buckets and consumers; admins only. */
@Controller()
export class AdminOverviewHandler {
  constructor(
    private readonly database: RenderDatabase,
    private readonly renders: RenderStorage,
    @Inject(SERVICE_CONTEXT) private readonly context: ServiceContext,
  ) {}

  @MessagePattern(renderOverview.subject)
  overview(
    @Payload() { actor }: RequestEnvelopeOf<typeof renderOverview>,
  ): Promise<ReplyOf<typeof renderOverview>> {
    return serviceOverview(actor, {
      service: this.context.name,
      db: this.database,
      bus: this.context.bus,
      // Music and renders share one object store (the same STORAGE_* settings).
      storage: { storage: this.renders.storage, buckets: [MUSIC_BUCKET, RENDERS_BUCKET] },
    });
  }
}
