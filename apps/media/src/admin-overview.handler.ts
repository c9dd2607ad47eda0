import { mediaOverview, type ReplyOf, type RequestEnvelopeOf } from '@memoreel/contracts';
import { SERVICE_CONTEXT, type ServiceContext, serviceOverview } from '@memoreel/platform';
import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { MediaDatabase } from './database/media-database.js';
import { PHOTOS_BUCKET, PhotoStorage } from './storage/photo-storage.js';
/** Database Admin (/admin/data): this service's schema, tables, buckets and consumers; admins only. */
@Controller()
export class AdminOverviewHandler {
  constructor(
    private readonly database: MediaDatabase,
    private readonly photos: PhotoStorage,
    @Inject(SERVICE_CONTEXT) private readonly context: ServiceContext,
  ) {}

  @MessagePattern(mediaOverview.subject)
  overview(
    @Payload() { actor }: RequestEnvelopeOf<typeof mediaOverview>,
  ): Promise<ReplyOf<typeof mediaOverview>> {
    return serviceOverview(actor, {
      service: this.context.name,
      db: this.database,
      bus: this.context.bus,
      storage: { storage: this.photos.storage, buckets: [PHOTOS_BUCKET] },
    });
  }
}
