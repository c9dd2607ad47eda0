import { Injectable } from '@nestjs/common';
import { AuthConfig } from '../auth.config.js';
import type { AuthDb } from '../database/auth-database.js';
import { ADMIN_ROLE, type UserRecord, UsersRepository } from './users.repository.js';

/**
 * ADMIN_EMAILS is how a self-hoster makes themselves admin: a listed, confirmed address gets the
 * role when it signs in (so listing an address that signed up earlier works too).
 */
@Injectable()
export class AdminEmails {
  constructor(
    private readonly users: UsersRepository,
    private readonly config: AuthConfig,
  ) {}

  async grantIfListed(db: AuthDb, user: UserRecord): Promise<UserRecord> {
    if (!user.email || !user.emailConfirmedAt || !this.config.adminEmails.has(user.email)) return user;
    if (user.roles.some((r) => r.role === ADMIN_ROLE)) return user;
    await this.users.grantRole(db, user.id, ADMIN_ROLE);
    return (await this.users.findById(db, user.id)) ?? user;
  }
}
