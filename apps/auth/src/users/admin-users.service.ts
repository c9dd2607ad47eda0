import { randomUUID } from 'node:crypto';
import {
  type Actor,
  type AdminUser,
  adminUserMessages,
  type DataOf,
  type listAdminAuditLog,
  type listUsersForAdmin,
  type projectTierChanged,
  type ReplyOf,
  type RequestOf,
  type setUserSignInDisabled,
  type shareDeleted,
  type shareUpdated,
} from '@memoreel/contracts';
import { ForbiddenError, NotFoundError } from '@memoreel/platform';
import { Injectable } from '@nestjs/common';
import { AuthDatabase } from '../database/auth-database.js';
import { SessionsRepository } from '../sessions/sessions.repository.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { AdminUsersRepository } from './admin-users.repository.js';
import { ADMIN_ROLE, UsersRepository } from './users.repository.js';

/**
 * Manage Users (/admin/users): what a support person may see and do. Every method checks the
 * admin role and a live session itself; the gateway's check is only a first line.
 */
@Injectable()
export class AdminUsersService {
  constructor(
    private readonly database: AuthDatabase,
    private readonly adminUsers: AdminUsersRepository,
    private readonly users: UsersRepository,
    private readonly sessions: SessionsService,
    private readonly sessionRows: SessionsRepository,
  ) {}

  async list(
    actor: Actor,
    query: RequestOf<typeof listUsersForAdmin>,
  ): Promise<ReplyOf<typeof listUsersForAdmin>> {
    await this.assertAdmin(actor);
    const { users, total } = await this.adminUsers.page(this.database, query);
    return { users, total, page: query.page, pageSize: query.pageSize };
  }

  /**
   * Bars a user from signing in and ends every session of theirs (open connections close at once),
   * or lets them in again. Admins come from ADMIN_EMAILS, so they are taken off that list, not disabled here.
   */
  async setSignInDisabled(actor: Actor, input: RequestOf<typeof setUserSignInDisabled>): Promise<AdminUser> {
    const adminId = await this.assertAdmin(actor);
    if (input.disabled && input.userId === adminId)
      throw new ForbiddenError(adminUserMessages.cannotDisableSelf);
    const target = await this.adminUsers.find(this.database, input.userId);
    if (!target) throw new NotFoundError(adminUserMessages.userNotFound);
    if (input.disabled && target.roles.includes(ADMIN_ROLE))
      throw new ForbiddenError(adminUserMessages.cannotDisableAdmin);
    if (Boolean(target.disabledAt) === input.disabled) return target;

    const admin = await this.users.findById(this.database, adminId);
    const revoked = await this.database.$transaction(async (tx) => {
      const now = new Date();
      await this.adminUsers.setDisabledAt(tx, target.id, input.disabled ? now : null);
      await this.adminUsers.record(tx, {
        id: randomUUID(),
        action: input.disabled ? 'user.sign-in-disabled' : 'user.sign-in-enabled',
        adminUserId: adminId,
        adminEmail: admin?.email ?? null,
        targetUserId: target.id,
        details: input.reason ? { reason: input.reason } : {},
      });
      return input.disabled ? this.sessionRows.revoke(tx, target.id, {}, now) : [];
    });
    await this.sessions.announceRevoked(target.id, revoked, 'disabled-by-admin');
    return (await this.adminUsers.find(this.database, target.id)) ?? target;
  }

  async auditLog(
    actor: Actor,
    query: RequestOf<typeof listAdminAuditLog>,
  ): Promise<ReplyOf<typeof listAdminAuditLog>> {
    await this.assertAdmin(actor);
    return { entries: await this.adminUsers.auditLog(this.database, query) };
  }

  /** A tier an admin raised by hand goes in the log (purchases, raised by the system, do not). */
  async recordTierChange(event: {
    id: string;
    actor: Actor;
    data: DataOf<typeof projectTierChanged>;
  }): Promise<void> {
    if (event.actor.role !== 'admin' || !event.actor.userId) return;
    const admin = await this.users.findById(this.database, event.actor.userId);
    await this.adminUsers.record(this.database, {
      id: event.id,
      action: 'project.tier-changed',
      adminUserId: event.actor.userId,
      adminEmail: admin?.email ?? null,
      targetUserId: event.data.userId,
      targetProjectId: event.data.id,
      details: { from: event.data.from, to: event.data.to },
    });
  }

  /**
   * An admin's edit or deletion of someone else's share goes in the log (an owner's own is no admin
   * action); the event id keeps a redelivery from logging twice.
   */
  async recordShareChange(event: {
    id: string;
    actor: Actor;
    data: DataOf<typeof shareUpdated> | DataOf<typeof shareDeleted>;
  }): Promise<void> {
    const adminUserId = event.actor.userId;
    if (event.actor.role !== 'admin' || !adminUserId || adminUserId === event.data.userId) return;
    const admin = await this.users.findById(this.database, adminUserId);
    const changes = 'changes' in event.data ? event.data.changes : undefined;
    await this.adminUsers.record(this.database, {
      id: event.id,
      action: changes ? 'share.updated' : 'share.deleted',
      adminUserId,
      adminEmail: admin?.email ?? null,
      targetUserId: event.data.userId,
      targetProjectId: event.data.projectId,
      details: {
        shareId: event.data.id,
        ...Object.fromEntries(
          (changes ?? []).flatMap(({ field, from, to }) => [
            [`${field}.from`, from ?? ''],
            [`${field}.to`, to ?? ''],
          ]),
        ),
      },
    });
  }

  private async assertAdmin(actor: Actor): Promise<string> {
    if (actor.role !== 'admin' || !actor.userId) throw new ForbiddenError(adminUserMessages.adminRequired);
    await this.sessions.assertLive(actor);
    return actor.userId;
  }
}
