import { type EventEnvelopeOf, photoFilterChanged } from '@memoreel/contracts';
import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { ImageJobsService } from './image-jobs.service.js';

/** A photo's new filter is recorded and baked into a new video derivative (the old one goes once it exists). */
@Controller()
export class RemakeVideoDerivativeWhenFilterChanged {
  constructor(private readonly imageJobs: ImageJobsService) {}

  @EventPattern<string>(photoFilterChanged.subject)
  handle(@Payload() event: EventEnvelopeOf<typeof photoFilterChanged>): Promise<void> {
    return this.imageJobs.changeFilter({
      id: event.id,
      occurredAt: event.occurredAt,
      photoId: event.data.id,
      filter: event.data.filter,
    });
  }
}
