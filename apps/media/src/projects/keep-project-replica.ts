import {
  type EventEnvelopeOf,
  projectCreated,
  projectDeleted,
  projectTierChanged,
} from '@memoreel/contracts';
import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { ProjectReplicaService } from './project-replica.service.js';

const CONSUMER = 'keep-project-replica';

/** Media's replica of projects (decision 0030), from the three events that change one. */
@Controller()
export class KeepProjectReplica {
  constructor(private readonly replica: ProjectReplicaService) {}

  @EventPattern<string>(projectCreated.subject)
  async created(@Payload() event: EventEnvelopeOf<typeof projectCreated>): Promise<void> {
    const { id, userId, product } = event.data;
    await this.replica.created({ id: event.id, consumer: CONSUMER }, { id, userId, tier: product });
  }

  @EventPattern<string>(projectTierChanged.subject)
  async tierChanged(@Payload() event: EventEnvelopeOf<typeof projectTierChanged>): Promise<void> {
    const { id, userId, to } = event.data;
    await this.replica.tierRaised({ id: event.id, consumer: CONSUMER }, { id, userId, tier: to });
  }

  @EventPattern<string>(projectDeleted.subject)
  async deleted(@Payload() event: EventEnvelopeOf<typeof projectDeleted>): Promise<void> {
    const { id, userId } = event.data;
    await this.replica.deleted({ id: event.id, consumer: CONSUMER }, { id, userId });
  }
}
