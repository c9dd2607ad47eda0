import { type EventEnvelopeOf, projectDeleted } from '@memoreel/contracts';
import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { RenderCleanup } from './render-cleanup.js';

/**
 * A deleted project takes its renders and their videos with it; a render still running finds its row
 * gone when its workers report, and the stitch's file is deleted then. Deleting is idempotent by itself:
 * a redelivered event finds nothing left.
 */
@Controller()
export class DeleteRendersWhenProjectDeleted {
  constructor(private readonly cleanup: RenderCleanup) {}

  @EventPattern<string>(projectDeleted.subject)
  async handle(@Payload() event: EventEnvelopeOf<typeof projectDeleted>) {
    await this.cleanup.deleteForProject(event.data.id);
  }
}
