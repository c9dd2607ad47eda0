import { type EventEnvelopeOf, projectDeleted } from '@memoreel/contracts';
import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { PhotosService } from './photos.service.js';

const CONSUMER = 'delete-objects-when-project-deleted';

/** A deleted project takes every object under `{projectId}/` with it; a redelivery changes nothing. */
@Controller()
export class DeleteObjectsWhenProjectDeleted {
  constructor(private readonly photos: PhotosService) {}

  @EventPattern<string>(projectDeleted.subject)
  async handle(@Payload() event: EventEnvelopeOf<typeof projectDeleted>): Promise<void> {
    await this.photos.deleteProject({ id: event.id, consumer: CONSUMER, projectId: event.data.id });
  }
}
