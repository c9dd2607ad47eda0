import { type EventEnvelopeOf, SYSTEM, userDeleted } from '@memoreel/contracts';
import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { ProjectsService } from './projects.service.js';

const CONSUMER = 'delete-projects-when-user-deleted';

/** A user is gone (a guest past their lifetime): so are their projects, once however often the event arrives. */
@Controller()
export class DeleteProjectsWhenUserDeleted {
  constructor(private readonly projects: ProjectsService) {}

  @EventPattern<string>(userDeleted.subject)
  async handle(@Payload() event: EventEnvelopeOf<typeof userDeleted>): Promise<void> {
    await this.projects.deleteAllOfUser(SYSTEM, {
      id: event.id,
      consumer: CONSUMER,
      userId: event.data.userId,
    });
  }
}
