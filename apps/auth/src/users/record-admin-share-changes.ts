import { type EventEnvelopeOf, shareDeleted, shareUpdated } from '@memoreel/contracts';
import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { AdminUsersService } from './admin-users.service.js';

/** An admin's edit or deletion of someone else's share (sharing) goes in the admin audit log. */
@Controller()
export class RecordAdminShareChanges {
  constructor(private readonly adminUsers: AdminUsersService) {}

  @EventPattern<string>(shareUpdated.subject)
  async updated(@Payload() event: EventEnvelopeOf<typeof shareUpdated>) {
    await this.adminUsers.recordShareChange(event);
  }

  @EventPattern<string>(shareDeleted.subject)
  async deleted(@Payload() event: EventEnvelopeOf<typeof shareDeleted>) {
    await this.adminUsers.recordShareChange(event);
  }
}
