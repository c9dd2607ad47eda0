import { type EventEnvelopeOf, photoDeleted } from '@memoreel/contracts';
import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { PhotoCleanupService } from './photo-cleanup.service.js';

const CONSUMER = 'delete-object-when-photo-deleted';

/** A photo deleted in its project: its object and thumbnails are removed, once. */
@Controller()
export class DeleteObjectWhenPhotoDeleted {
  constructor(private readonly cleanup: PhotoCleanupService) {}

  @EventPattern<string>(photoDeleted.subject)
  handle(@Payload() event: EventEnvelopeOf<typeof photoDeleted>): Promise<void> {
    return this.cleanup.deletePhoto({ id: event.id, consumer: CONSUMER }, event.data.id);
  }
}
