import { type EventEnvelopeOf, projectDeleted } from '@memoreel/contracts';
import { runOnce } from '@memoreel/platform';
import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { SharingDatabase } from '../database/sharing-database.js';
import { SharesService } from './shares.service.js';

const CONSUMER = 'delete-share-when-project-deleted';

/** A deleted project takes its share with it; a redelivered event changes nothing. */
@Controller()
export class DeleteShareWhenProjectDeleted {
  constructor(
    private readonly database: SharingDatabase,
    private readonly shares: SharesService,
  ) {}

  @EventPattern<string>(projectDeleted.subject)
  async handle(@Payload() event: EventEnvelopeOf<typeof projectDeleted>) {
    await this.database.$transaction(async (tx) => {
      await runOnce(tx, 'sharing', CONSUMER, event.id, () =>
        this.shares.deleteForProject(tx, event.actor, event.data.id),
      );
    });
  }
}
