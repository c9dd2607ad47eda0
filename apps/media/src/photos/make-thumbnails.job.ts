import { type DataOf, type EventEnvelope, makePhotoThumbnails } from '@memoreel/contracts';
import type { BusHandlerExtras } from '@memoreel/platform';
import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { PhotosService } from './photos.service.js';

const AS_JOB: BusHandlerExtras = { queue: 'jobs' };

/** Thumbnails are made here, off the request path, by whichever media instance takes the job. */
@Controller()
export class MakeThumbnailsJob {
  constructor(private readonly photos: PhotosService) {}

  @EventPattern<string>(makePhotoThumbnails.subject, AS_JOB)
  handle(@Payload() job: EventEnvelope<DataOf<typeof makePhotoThumbnails>>): Promise<void> {
    return this.photos.makeThumbnails(job.data.id);
  }
}
