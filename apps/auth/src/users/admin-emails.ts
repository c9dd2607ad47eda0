import { Injectable } from '@nestjs/common';
import { AuthConfig } from '../auth.config.js';
import type { AuthDb } from '../database/auth-database.js';
import { ADMIN_ROLE, type UserRecord, UsersRepository } from './users.repository.js';

/** What ADMIN_EMAILS grants is marked so, and only that is taken back when an address leaves the list. */
export const GRANTED_BY_ADMIN_EMAILS = 'admin-emails';

/**
 * ADMIN_EMAILS is how a self-hoster makes themselves admin: a listed, confirmed address gets the
 * role when it signs in (so listing an address that signed up earlier works too). The list stays
 * the truth: an address taken off it loses the role at its next sign-in, and its sessions no
 * longer carry it once they refresh.
 */
@Injectable()
export class AdminEmails {
  constructor(
    private readonly users: UsersRepository,
    private readonly config: AuthConfig,
  ) {}

  async syncAdminRole(db: AuthDb, user: UserRecord): Promise<UserRecord> {
    const listed = Boolean(user.email && user.emailConfirmedAt && this.config.adminEmails.has(user.email));
    const admin = user.roles.find((r) => r.role === ADMIN_ROLE);
    if (listed && !admin) await this.users.grantRole(db, user.id, ADMIN_ROLE, GRANTED_BY_ADMIN_EMAILS);
    else if (!listed && admin?.grantedBy === GRANTED_BY_ADMIN_EMAILS)
      await this.users.revokeRole(db, user.id, ADMIN_ROLE);
    else return user;
    return (await this.users.findById(db, user.id)) ?? user;
  }
}
