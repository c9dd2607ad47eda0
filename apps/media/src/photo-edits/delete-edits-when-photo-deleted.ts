import { type EventEnvelopeOf, photoDeleted } from '@memoreel/contracts';
import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { PhotoEditCleanupService } from './photo-edit-cleanup.service.js';

/** A photo deleted in its project: its edits (rows and result objects) go too; a redelivery finds none. */
@Controller()
export class DeleteEditsWhenPhotoDeleted {
  constructor(private readonly cleanup: PhotoEditCleanupService) {}

  @EventPattern<string>(photoDeleted.subject)
  async handle(@Payload() event: EventEnvelopeOf<typeof photoDeleted>): Promise<void> {
    await this.cleanup.deleteEdits({ photoId: event.data.id });
  }
}
