import { type EventEnvelopeOf, projectDeleted } from '@memoreel/contracts';
import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { PhotoEditCleanupService } from './photo-edit-cleanup.service.js';

/** A deleted project takes its photos' edits (rows and result objects) with it; a redelivery finds none. */
@Controller()
export class DeleteEditsWhenProjectDeleted {
  constructor(private readonly cleanup: PhotoEditCleanupService) {}

  @EventPattern<string>(projectDeleted.subject)
  async handle(@Payload() event: EventEnvelopeOf<typeof projectDeleted>): Promise<void> {
    await this.cleanup.deleteEdits({ projectId: event.data.id });
  }
}
