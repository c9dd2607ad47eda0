import { type EventEnvelopeOf, photoStored } from '@memoreel/contracts';
import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { PhotosService } from './photos.service.js';

const CONSUMER = 'add-photo-when-stored';

/** Media verified and stored an upload: the project gets its photo row, last in order, once. */
@Controller()
export class AddPhotoWhenStored {
  constructor(private readonly photos: PhotosService) {}

  @EventPattern<string>(photoStored.subject)
  handle(@Payload() event: EventEnvelopeOf<typeof photoStored>): Promise<void> {
    return this.photos.addStored({ id: event.id, consumer: CONSUMER, data: event.data });
  }
}
