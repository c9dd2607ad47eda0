import {
  listAdminAuditLog,
  listUsersForAdmin,
  type ReplyOf,
  type RequestEnvelopeOf,
  setUserSignInDisabled,
} from '@memoreel/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AdminUsersService } from './admin-users.service.js';

@Controller()
export class AdminUsersHandlers {
  constructor(private readonly adminUsers: AdminUsersService) {}

  @MessagePattern(listUsersForAdmin.subject)
  list(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof listUsersForAdmin>,
  ): Promise<ReplyOf<typeof listUsersForAdmin>> {
    return this.adminUsers.list(actor, data);
  }

  @MessagePattern(setUserSignInDisabled.subject)
  setDisabled(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof setUserSignInDisabled>,
  ): Promise<ReplyOf<typeof setUserSignInDisabled>> {
    return this.adminUsers.setSignInDisabled(actor, data);
  }

  @MessagePattern(listAdminAuditLog.subject)
  auditLog(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof listAdminAuditLog>,
  ): Promise<ReplyOf<typeof listAdminAuditLog>> {
    return this.adminUsers.auditLog(actor, data);
  }
}
