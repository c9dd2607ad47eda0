import { type EventEnvelopeOf, photoFilterChanged } from '@memoreel/contracts';
import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { PhotosService } from './photos.service.js';

/** A photo's new filter is recorded and baked into a new video derivative (the old one goes once it exists). */
@Controller()
export class RemakeVideoDerivativeWhenFilterChanged {
  constructor(private readonly photos: PhotosService) {}

  @EventPattern<string>(photoFilterChanged.subject)
  handle(@Payload() event: EventEnvelopeOf<typeof photoFilterChanged>): Promise<void> {
    return this.photos.changeFilter({
      id: event.id,
      occurredAt: event.occurredAt,
      photoId: event.data.id,
      filter: event.data.filter,
    });
  }
}
