import { type EventEnvelopeOf, photoStored } from '@memoreel/contracts';
import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { ImageJobsService } from './image-jobs.service.js';

/**
 * A stored photo gets its thumbnails and its video derivative: the event is durable (it committed
 * with the photo), so a crash between commit and enqueue cannot lose the jobs.
 */
@Controller()
export class EnqueueImageJobsWhenPhotoStored {
  constructor(private readonly imageJobs: ImageJobsService) {}

  @EventPattern<string>(photoStored.subject)
  handle(@Payload() event: EventEnvelopeOf<typeof photoStored>): Promise<void> {
    return this.imageJobs.enqueueImageJobs(event.data);
  }
}
