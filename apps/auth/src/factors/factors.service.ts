import type { Actor, enrollFactor, Factor, ReplyOf, RequestOf } from '@memoreel/contracts';
import { requireSignedIn } from '@memoreel/platform';
import { Injectable } from '@nestjs/common';
import { notAuthenticated } from '../auth.actor.js';
import {
  FactorNotFoundError,
  GuestCannotEnrollError,
  InsufficientAalError,
  NotAuthenticatedError,
  PhoneFactorNotSupportedError,
  TooManyFactorsError,
} from '../auth.errors.js';
import { AuthDatabase } from '../database/auth-database.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { hasVerifiedFactor, toFactor, type UserRecord, UsersRepository } from '../users/users.repository.js';
import { FactorsRepository } from './factors.repository.js';
import { totpEnrollment } from './totp.js';

/** Verified authenticator apps one user may have at once. */
export const MAX_FACTORS_PER_USER = 5;

/** Setting up, listing and removing a user's second factors (decision 0027). */
@Injectable()
export class FactorsService {
  constructor(
    private readonly database: AuthDatabase,
    private readonly factors: FactorsRepository,
    private readonly users: UsersRepository,
    private readonly sessions: SessionsService,
  ) {}

  /**
   * Starts an authenticator app's set-up: the secret, its otpauth:// URI and QR code. The factor
   * stays unverified (no sign-in asks for it) until a code from the app confirms it.
   */
  async enroll(actor: Actor, input: RequestOf<typeof enrollFactor>): Promise<ReplyOf<typeof enrollFactor>> {
    const user = await this.signedInUser(actor);
    // A guest has no password to pair a second factor with, and could lose the account to it.
    if (user.isAnonymous || !user.email) throw new GuestCannotEnrollError();
    if (input.factorType === 'phone') throw new PhoneFactorNotSupportedError();
    await this.assertAal2WhenProtected(actor, user);
    if (user.factors.filter((factor) => factor.status === 'verified').length >= MAX_FACTORS_PER_USER)
      throw new TooManyFactorsError();
    const totp = await totpEnrollment(user.email);
    const factor = await this.database.$transaction(async (tx) => {
      await this.factors.removeUnverified(tx, user.id);
      return this.factors.create(tx, {
        userId: user.id,
        factorType: 'totp',
        friendlyName: input.friendlyName ?? null,
        secret: totp.secret,
      });
    });
    return { factor: toFactor(factor), totp };
  }

  async list(actor: Actor): Promise<{ factors: Factor[] }> {
    const user = await this.signedInUser(actor);
    return { factors: user.factors.map(toFactor) };
  }

  /**
   * Removes a factor. While the user has a verified one only an aal2 session may: otherwise a
   * stolen password would be enough to switch the second factor off. Removing the last verified
   * factor takes the recovery codes with it.
   */
  async unenroll(actor: Actor, factorId: string): Promise<{ id: string }> {
    const user = await this.signedInUser(actor);
    const factor = user.factors.find((candidate) => candidate.id === factorId);
    if (!factor) throw new FactorNotFoundError();
    await this.assertAal2WhenProtected(actor, user);
    await this.database.$transaction(async (tx) => {
      await this.factors.remove(tx, user.id, factor.id);
      const left = await this.factors.listFor(tx, user.id);
      if (!left.some((other) => other.status === 'verified'))
        await this.factors.removeRecoveryCodes(tx, user.id);
    });
    return { id: factor.id };
  }

  private async assertAal2WhenProtected(actor: Actor, user: UserRecord): Promise<void> {
    if (!hasVerifiedFactor(user)) return;
    const session = await this.sessions.liveSession(this.database, actor);
    if (session.aal !== 'aal2') throw new InsufficientAalError();
  }

  private async signedInUser(actor: Actor): Promise<UserRecord> {
    const userId = requireSignedIn(actor, notAuthenticated);
    await this.sessions.liveSession(this.database, actor);
    const user = await this.users.findById(this.database, userId);
    if (!user) throw new NotAuthenticatedError();
    return user;
  }
}
