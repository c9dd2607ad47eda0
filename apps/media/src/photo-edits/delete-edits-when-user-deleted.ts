import { type EventEnvelopeOf, userDeleted } from '@memoreel/contracts';
import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { PhotoEditCleanupService } from './photo-edit-cleanup.service.js';

/**
 * A user is gone: every edit of theirs goes now, not only as their projects' deletions arrive
 * (an edit outlives nothing of its owner's); a redelivery finds none.
 */
@Controller()
export class DeleteEditsWhenUserDeleted {
  constructor(private readonly cleanup: PhotoEditCleanupService) {}

  @EventPattern<string>(userDeleted.subject)
  async handle(@Payload() event: EventEnvelopeOf<typeof userDeleted>): Promise<void> {
    await this.cleanup.deleteEdits({ userId: event.data.userId });
  }
}
