import {
  type Actor,
  type challengeFactor,
  mfaMessages,
  type ReplyOf,
  type RequestOf,
  type verifyFactor,
  type verifyRecoveryCode,
} from '@memoreel/contracts';
import { requireSignedIn } from '@memoreel/platform';
import { Injectable } from '@nestjs/common';
import { notAuthenticated } from '../auth.actor.js';
import {
  FactorNotFoundError,
  MfaChallengeExpiredError,
  MfaInvalidCodeError,
  MfaInvalidRecoveryCodeError,
  MfaRateLimitedError,
} from '../auth.errors.js';
import { AuthDatabase } from '../database/auth-database.js';
import { RateLimiter, type RateLimitName } from '../rate-limits/rate-limiter.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { FactorsRepository } from './factors.repository.js';
import { newRecoveryCodes } from './recovery-codes.js';
import { acceptedTimeStep } from './totp.js';

/** A challenge is open this long: enough to unlock a phone and type, short enough not to linger. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

const { errors } = mfaMessages;

/**
 * Passing a second factor: a challenge per attempt, then a TOTP code (or a recovery code) that
 * raises the session to aal2. A user's checks run one at a time under a lock on their row, so the
 * failure limits (per factor, per user and day) count every wrong code exactly.
 */
@Injectable()
export class MfaChallengesService {
  constructor(
    private readonly database: AuthDatabase,
    private readonly factors: FactorsRepository,
    private readonly sessions: SessionsService,
    private readonly limits: RateLimiter,
  ) {}

  async challenge(
    actor: Actor,
    input: RequestOf<typeof challengeFactor>,
  ): Promise<ReplyOf<typeof challengeFactor>> {
    const userId = requireSignedIn(actor, notAuthenticated);
    await this.sessions.liveSession(this.database, actor);
    const factor = await this.factors.findFor(this.database, userId, input.factorId);
    if (!factor) throw new FactorNotFoundError();
    await this.refuseWhenEmpty('mfaChallengesPerUser', userId, errors.tooManyChallenges, true);
    const expiresAt = new Date(Date.now() + CHALLENGE_TTL_MS);
    const challenge = await this.factors.openChallenge(this.database, factor.id, input.client.ip, expiresAt);
    return { id: challenge.id, expiresAt: Math.floor(expiresAt.getTime() / 1000) };
  }

  /**
   * Checks a code against an open challenge. The factor's first accepted code verifies it, and
   * a user without recovery codes gets them then, in this answer only.
   */
  async verify(actor: Actor, input: RequestOf<typeof verifyFactor>): Promise<ReplyOf<typeof verifyFactor>> {
    const userId = requireSignedIn(actor, notAuthenticated);
    return this.database.$transaction(async (tx) => {
      await this.factors.lockUser(tx, userId);
      await this.sessions.liveSession(tx, actor);
      const factor = await this.factors.findFor(tx, userId, input.factorId);
      if (!factor) throw new FactorNotFoundError();
      const now = new Date();
      const challenge = await this.factors.findOpenChallenge(tx, factor.id, input.challengeId, now);
      if (!challenge) throw new MfaChallengeExpiredError();
      await this.refuseWhenEmpty('mfaFailuresPerFactor', factor.id, errors.tooManyAttempts);
      await this.refuseWhenEmpty('mfaFailuresPerUser', userId, errors.tooManyAttemptsToday);

      const timeStep = await acceptedTimeStep(factor.secret, input.code, factor.lastTimeStep);
      if (timeStep === null) {
        // Counted outside the transaction (the limiter has its own connection): the refusal rolls nothing back.
        await this.limits.tryTake('mfaFailuresPerFactor', factor.id);
        await this.limits.tryTake('mfaFailuresPerUser', userId);
        throw new MfaInvalidCodeError();
      }
      const firstVerification = factor.status !== 'verified';
      await this.factors.markAccepted(tx, factor.id, timeStep);
      await this.factors.closeChallenge(tx, challenge.id, now);
      let recoveryCodes: string[] | null = null;
      if (firstVerification && !(await this.factors.hasUnusedRecoveryCodes(tx, userId))) {
        recoveryCodes = newRecoveryCodes();
        await this.factors.replaceRecoveryCodes(tx, userId, recoveryCodes);
      }
      const session = await this.sessions.passSecondFactor(tx, actor, 'totp');
      return { session, recoveryCodes };
    });
  }

  /** Passes the second factor with a recovery code instead of the app; each code works once. */
  async verifyRecoveryCode(
    actor: Actor,
    input: RequestOf<typeof verifyRecoveryCode>,
  ): Promise<ReplyOf<typeof verifyRecoveryCode>> {
    const userId = requireSignedIn(actor, notAuthenticated);
    return this.database.$transaction(async (tx) => {
      await this.factors.lockUser(tx, userId);
      await this.sessions.liveSession(tx, actor);
      await this.refuseWhenEmpty('mfaRecoveryFailuresPerUser', userId, errors.tooManyAttempts);
      const factors = await this.factors.listFor(tx, userId);
      const spent =
        factors.some((factor) => factor.status === 'verified') &&
        (await this.factors.spendRecoveryCode(tx, userId, input.code, new Date()));
      if (!spent) {
        await this.limits.tryTake('mfaRecoveryFailuresPerUser', userId);
        throw new MfaInvalidRecoveryCodeError();
      }
      const session = await this.sessions.passSecondFactor(tx, actor, 'recovery_code');
      return { session, recoveryCodesLeft: await this.factors.unusedRecoveryCodeCount(tx, userId) };
    });
  }

  /** Refuses with `message` when the bucket is empty; `take` also spends a token (challenges count each one). */
  private async refuseWhenEmpty(
    name: RateLimitName,
    subject: string,
    message: (typeof errors)[keyof typeof errors],
    take = false,
  ): Promise<void> {
    const allowed = take
      ? await this.limits.tryTake(name, subject)
      : await this.limits.hasToken(name, subject);
    if (allowed) return;
    throw new MfaRateLimitedError(message, {
      retryAfterSeconds: await this.limits.retryAfterSeconds(name, subject),
    });
  }
}
