import { userConverted } from '@memoreel/contracts';
import { buildEvent, recordEvent } from '@memoreel/platform';
import { Injectable } from '@nestjs/common';
import { actorFor } from '../auth.actor.js';
import { UserAlreadyExistsError } from '../auth.errors.js';
import type { AuthTransaction } from '../database/auth-database.js';
import { type UserRecord, UsersRepository } from './users.repository.js';

/** What happens when an address is proven (link, code or a provider's verified e-mail). */
@Injectable()
export class EmailConfirmation {
  constructor(private readonly users: UsersRepository) {}

  /**
   * Makes `email` the user's confirmed address. A guest becomes an account here, keeping its id
   * (`auth.user.converted`): like Supabase, a guest stays anonymous until its address is confirmed.
   */
  async confirm(tx: AuthTransaction, user: UserRecord, email: string): Promise<UserRecord> {
    const holder = await this.users.findByEmail(tx, email);
    if (holder && holder.id !== user.id) throw new UserAlreadyExistsError();
    const confirmed = await this.users.confirmEmail(tx, user.id, email, new Date());
    if (user.isAnonymous) {
      await recordEvent(
        tx,
        'auth',
        buildEvent(userConverted, actorFor(confirmed), { userId: user.id, email }),
      );
    }
    return confirmed;
  }
}
