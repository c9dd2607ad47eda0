import { type EventEnvelopeOf, projectTierChanged } from '@memoreel/contracts';
import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { AdminUsersService } from './admin-users.service.js';

/** An admin's tier change (projects) goes in the admin audit log; the event id keeps a redelivery from logging twice. */
@Controller()
export class RecordAdminTierChanges {
  constructor(private readonly adminUsers: AdminUsersService) {}

  @EventPattern<string>(projectTierChanged.subject)
  async handle(@Payload() event: EventEnvelopeOf<typeof projectTierChanged>) {
    await this.adminUsers.recordTierChange(event);
  }
}
