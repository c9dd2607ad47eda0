import { type EventEnvelopeOf, projectDeleted } from '@memoreel/contracts';
import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { PhotoCleanupService } from './photo-cleanup.service.js';

const CONSUMER = 'delete-objects-when-project-deleted';

/** A deleted project takes every object under `{projectId}/` with it; a redelivery changes nothing. */
@Controller()
export class DeleteObjectsWhenProjectDeleted {
  constructor(private readonly cleanup: PhotoCleanupService) {}

  @EventPattern<string>(projectDeleted.subject)
  async handle(@Payload() event: EventEnvelopeOf<typeof projectDeleted>): Promise<void> {
    await this.cleanup.deleteProject({ id: event.id, consumer: CONSUMER }, event.data.id);
  }
}
