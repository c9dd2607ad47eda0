import { type EventEnvelopeOf, photoRejected } from '@memoreel/contracts';
import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { PhotosService } from './photos.service.js';

const CONSUMER = 'release-quota-when-photo-rejected';

/** Media refused an upload: the quota it held is given back (it would otherwise wait for expiry). */
@Controller()
export class ReleaseQuotaWhenPhotoRejected {
  constructor(private readonly photos: PhotosService) {}

  @EventPattern<string>(photoRejected.subject)
  handle(@Payload() event: EventEnvelopeOf<typeof photoRejected>): Promise<void> {
    return this.photos.releaseRejected({ id: event.id, consumer: CONSUMER, uploadId: event.data.id });
  }
}
