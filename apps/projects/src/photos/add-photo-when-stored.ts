import { type EventEnvelopeOf, photoStored } from '@memoreel/contracts';
import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { PendingPhotosService } from './pending-photos.service.js';
import { PhotosService } from './photos.service.js';

const CONSUMER = 'add-photo-when-stored';

/** Media verified and stored an upload: the project gets its photo row, last in order, once. */
@Controller()
export class AddPhotoWhenStored {
  constructor(
    private readonly photos: PhotosService,
    private readonly pending: PendingPhotosService,
  ) {}

  @EventPattern<string>(photoStored.subject)
  async handle(@Payload() event: EventEnvelopeOf<typeof photoStored>): Promise<void> {
    await this.photos.addStored({ id: event.id, consumer: CONSUMER, data: event.data });
    // A friend's photo arrived pending: the owner's bell hears of it (after commit).
    const { submittedBy, userId, projectId } = event.data;
    if (submittedBy && submittedBy !== userId) await this.pending.announce(userId, projectId);
  }
}
