import {
  AccessTokenClaimsSchema,
  type Actor,
  type DataOf,
  type RequestOf,
  type Session,
  sessionsRevoked,
  type signInAnonymously,
  type signInWithPassword,
  type signOut,
  userSignedUp,
} from '@memoreel/contracts';
import { BusClient, buildEvent, recordEvent, requireSignedIn } from '@memoreel/platform';
import { Injectable } from '@nestjs/common';
import { actorFor, notAuthenticated } from '../auth.actor.js';
import {
  CaptchaFailedError,
  EmailNotConfirmedError,
  InvalidCredentialsError,
  RefreshTokenNotFoundError,
  RefreshTokenReusedError,
  SessionNotFoundError,
  UserDisabledError,
} from '../auth.errors.js';
import { BotCheck } from '../bot-check/bot-check.js';
import { randomToken, seal, sha256, unseal } from '../crypto/tokens.js';
import { AuthDatabase, type AuthDb, type AuthTransaction } from '../database/auth-database.js';
import type { RefreshToken, Session as SessionRow } from '../generated/prisma/client.js';
import { ACCESS_TOKEN_TTL_SECONDS, SigningKeys } from '../keys/signing-keys.service.js';
import { RateLimiter } from '../rate-limits/rate-limiter.js';
import { AdminEmails } from '../users/admin-emails.js';
import { passwordMatches } from '../users/passwords.js';
import {
  ADMIN_ROLE,
  hasVerifiedFactor,
  toUser,
  type UserRecord,
  UsersRepository,
} from '../users/users.repository.js';
import { SessionsRepository } from './sessions.repository.js';

/** A spent refresh token used again this soon is a client retry (two tabs, a lost answer), not theft. */
export const REFRESH_REUSE_GRACE_MS = 10_000;
/** A session nobody refreshes for 30 days ends (the refresh cookie lives as long). */
export const SESSION_INACTIVITY_MS = 30 * 24 * 3600_000;
/** How far down a chain the grace window looks for the token to hand back. */
const MAX_CHAIN_WALK = 10;

type Client = { ip: string; userAgent?: string | undefined };
/** The first entry of a session's `amr`: how it was opened. */
export type SignInMethod = 'password' | 'otp' | 'oauth' | 'anonymous';
type AuthMethodReference = { method: string; timestamp: number };

/** A session row's `amr` column, read defensively (rows from before it existed hold `[]`). */
function amrOf(value: unknown): AuthMethodReference[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (entry): entry is AuthMethodReference =>
      typeof entry === 'object' &&
      entry !== null &&
      typeof (entry as AuthMethodReference).method === 'string' &&
      typeof (entry as AuthMethodReference).timestamp === 'number',
  );
}

@Injectable()
export class SessionsService {
  constructor(
    private readonly database: AuthDatabase,
    private readonly sessions: SessionsRepository,
    private readonly users: UsersRepository,
    private readonly keys: SigningKeys,
    private readonly limits: RateLimiter,
    private readonly botCheck: BotCheck,
    private readonly adminEmails: AdminEmails,
    private readonly bus: BusClient,
  ) {}

  async signInWithPassword(_actor: Actor, input: RequestOf<typeof signInWithPassword>): Promise<Session> {
    await this.limits.take('signInPerIp', input.client.ip);
    await this.limits.take('signInPerEmailAndIp', `${input.email}|${input.client.ip}`);
    await this.limits.take('signInPerEmail', input.email);
    const guesses = `${input.email}|${input.client.ip}`;
    if (input.botCheck) await this.botCheck.assertPassed(input.botCheck, input.client);
    else if (!(await this.limits.hasToken('signInFailuresWithoutBotCheck', guesses)))
      throw new CaptchaFailedError();
    const user = await this.users.findByEmail(this.database, input.email);
    const matches = await passwordMatches(user?.encryptedPassword ?? null, input.password);
    if (!user || !matches) {
      await this.limits.tryTake('signInFailuresWithoutBotCheck', guesses);
      throw new InvalidCredentialsError();
    }
    // Only after the password matched: otherwise this would tell strangers which addresses signed up.
    if (!user.emailConfirmedAt) throw new EmailNotConfirmedError();
    return this.open(this.database, user, input.client, 'password');
  }

  async signInAnonymously(_actor: Actor, input: RequestOf<typeof signInAnonymously>): Promise<Session> {
    await this.limits.take('anonymousSignInPerIp', input.client.ip);
    await this.botCheck.assertPassed(input.botCheck, input.client);
    return this.database.$transaction(async (tx) => {
      const user = await this.users.create(
        tx,
        { email: null, encryptedPassword: null, isAnonymous: true, emailConfirmedAt: null, userMetadata: {} },
        null,
      );
      await recordEvent(
        tx,
        'auth',
        buildEvent(userSignedUp, actorFor(user), { userId: user.id, isAnonymous: true }),
      );
      return this.open(tx, user, input.client, 'anonymous');
    });
  }

  /**
   * Rotates a refresh token: the presented one is spent and its child returned. A spent token seen
   * again within the grace window gets the child already issued; later, it is taken as stolen and
   * the whole session (every token of its chain) is revoked.
   */
  async refresh(_actor: Actor, input: { refreshToken: string }): Promise<Session> {
    const tokenHash = sha256(input.refreshToken);
    const presented = await this.sessions.findRefreshToken(this.database, tokenHash);
    if (!presented) throw new RefreshTokenNotFoundError();
    await this.limits.take('refreshPerSession', presented.sessionId);

    const outcome = await this.database.$transaction(async (tx) => {
      await this.sessions.lockSession(tx, presented.sessionId);
      const now = new Date();
      const session = await this.sessions.findSession(tx, presented.sessionId);
      const token = await this.sessions.findRefreshToken(tx, tokenHash);
      if (!session || !token || session.revokedAt || session.notAfter <= now)
        return { kind: 'gone' } as const;

      let next: string | null = null;
      if (!token.usedAt) next = await this.rotate(tx, token, input.refreshToken, now);
      else if (now.getTime() - token.usedAt.getTime() <= REFRESH_REUSE_GRACE_MS) {
        next = await this.issuedDescendant(tx, token, input.refreshToken);
      }
      if (next === null) {
        const revoked = await this.sessions.revoke(tx, session.userId, { only: session.id }, now);
        return { kind: 'reused', userId: session.userId, revoked } as const;
      }
      await this.sessions.touchSession(tx, session.id, now, new Date(now.getTime() + SESSION_INACTIVITY_MS));
      const user = await this.users.findById(tx, session.userId);
      if (!user || user.disabledAt) return { kind: 'gone' } as const;
      return { kind: 'refreshed', session: await this.answer(user, session, next) } as const;
    });
    // Thrown after the commit: the revocation must stick.
    if (outcome.kind === 'reused') {
      await this.announceRevoked(outcome.userId, outcome.revoked, 'reuse-detected');
      throw new RefreshTokenReusedError();
    }
    if (outcome.kind === 'gone') throw new RefreshTokenNotFoundError();
    return outcome.session;
  }

  /** Ends the actor's session (local), all their sessions (global) or all but this one (others). */
  async signOut(actor: Actor, scope: RequestOf<typeof signOut>['scope']): Promise<{ signedOut: true }> {
    const userId = requireSignedIn(actor, notAuthenticated);
    const now = new Date();
    let revoked: string[];
    if (scope === 'global') {
      revoked = await this.sessions.revoke(this.database, userId, {}, now);
    } else {
      if (!actor.sessionId) throw new SessionNotFoundError();
      const which = scope === 'local' ? { only: actor.sessionId } : { except: actor.sessionId };
      revoked = await this.sessions.revoke(this.database, userId, which, now);
    }
    await this.announceRevoked(userId, revoked, 'sign-out');
    return { signedOut: true };
  }

  /** Sign-out by the refresh cookie (the access token may have expired): the token's session, or all of its user's. */
  async signOutByRefreshToken(
    _actor: Actor,
    input: { refreshToken: string; scope: 'local' | 'global' },
  ): Promise<{ signedOut: true }> {
    const token = await this.sessions.findRefreshToken(this.database, sha256(input.refreshToken));
    const session = token && (await this.sessions.findSession(this.database, token.sessionId));
    if (session) {
      const which: { only: string } | { except?: string } =
        input.scope === 'global' ? {} : { only: session.id };
      const revoked = await this.sessions.revoke(this.database, session.userId, which, new Date());
      await this.announceRevoked(session.userId, revoked, 'sign-out');
    }
    return { signedOut: true };
  }

  /**
   * Tells every gateway (live fan-out) that these sessions ended, so their open connections close
   * at once instead of acting on until their access tokens expire. Sent after the commit.
   */
  async announceRevoked(
    userId: string,
    sessionIds: string[],
    reason: DataOf<typeof sessionsRevoked>['reason'],
  ): Promise<void> {
    if (sessionIds.length === 0) return;
    await this.bus.publishLive(sessionsRevoked, { userId, sessionIds, reason });
  }

  /**
   * Access tokens outlive a sign-out by up to their 10 minutes (the gateway checks signatures
   * only); requests that reach this service check that the token's session is still live.
   */
  async assertLive(actor: Actor): Promise<void> {
    if (!actor.sessionId) return;
    const session = await this.sessions.findSession(this.database, actor.sessionId);
    if (!session || session.userId !== actor.userId || session.revokedAt) throw new SessionNotFoundError();
  }

  /**
   * Opens a session for `user` within `db` (a transaction when the sign-in changes other rows too).
   * It is aal1 whatever the method: a user with a verified factor must pass it next (`mfa_pending`).
   */
  async open(db: AuthDb, signingIn: UserRecord, client: Client, method: SignInMethod): Promise<Session> {
    // Every way in (password, link or code, provider) ends here, so this one check bars them all.
    if (signingIn.disabledAt) throw new UserDisabledError();
    const user = await this.adminEmails.syncAdminRole(db, signingIn);
    const now = Date.now();
    const session = await this.sessions.createSession(db, {
      userId: user.id,
      aal: 'aal1',
      amr: [{ method, timestamp: Math.floor(now / 1000) }],
      notAfter: new Date(now + SESSION_INACTIVITY_MS),
      ip: client.ip,
      userAgent: client.userAgent ?? null,
    });
    return this.answer(user, session, await this.rootRefreshToken(db, session.id));
  }

  /**
   * The session passed its second factor (a TOTP code or a recovery code): it becomes aal2 and gets
   * fresh tokens saying so. Its older refresh tokens stay good: they belong to the same, now aal2, session.
   */
  async passSecondFactor(db: AuthDb, actor: Actor, method: 'totp' | 'recovery_code'): Promise<Session> {
    const session = await this.liveSession(db, actor);
    const user = await this.users.findById(db, session.userId);
    if (!user || user.disabledAt) throw new SessionNotFoundError();
    const amr = [...amrOf(session.amr), { method, timestamp: Math.floor(Date.now() / 1000) }];
    const raised = await this.sessions.raiseToAal2(db, session.id, amr);
    return this.answer(user, raised, await this.rootRefreshToken(db, session.id));
  }

  /** The actor's session while it is live (its user's, not revoked, not past its inactivity limit). */
  async liveSession(db: AuthDb, actor: Actor): Promise<SessionRow> {
    const userId = requireSignedIn(actor, notAuthenticated);
    const session = actor.sessionId ? await this.sessions.findSession(db, actor.sessionId) : null;
    if (!session || session.userId !== userId || session.revokedAt || session.notAfter <= new Date())
      throw new SessionNotFoundError();
    return session;
  }

  private async answer(
    user: UserRecord,
    session: { id: string; aal: string; amr: unknown },
    refreshToken: string,
  ): Promise<Session> {
    const aal = AccessTokenClaimsSchema.shape.aal.parse(session.aal);
    const { token, expiresAt } = await this.keys.signAccessToken({
      sub: user.id,
      sid: session.id,
      role: user.roles.some((r) => r.role === ADMIN_ROLE) ? 'admin' : 'user',
      is_anonymous: user.isAnonymous,
      email: user.email,
      aal,
      amr: amrOf(session.amr),
      mfa_pending: aal === 'aal1' && hasVerifiedFactor(user),
    });
    return {
      accessToken: token,
      refreshToken,
      tokenType: 'bearer',
      expiresIn: ACCESS_TOKEN_TTL_SECONDS,
      expiresAt,
      user: toUser(user),
    };
  }

  /** A refresh token with no parent: the root of a new rotation chain in the session, sealed by nothing. */
  private async rootRefreshToken(db: AuthDb, sessionId: string): Promise<string> {
    const refreshToken = randomToken();
    await this.sessions.insertRefreshToken(db, {
      sessionId,
      tokenHash: sha256(refreshToken),
      parentId: null,
      sealedByParent: null,
    });
    return refreshToken;
  }

  private async rotate(
    tx: AuthTransaction,
    token: RefreshToken,
    plaintext: string,
    now: Date,
  ): Promise<string> {
    await this.sessions.markUsed(tx, token.id, now);
    const child = randomToken();
    await this.sessions.insertRefreshToken(tx, {
      sessionId: token.sessionId,
      tokenHash: sha256(child),
      parentId: token.id,
      // Only hashes are stored; sealing the child with its parent lets a retry with the parent get it back.
      sealedByParent: seal(plaintext, child),
    });
    return child;
  }

  /** The unspent token issued after `token` (following the chain if the client moved on already), or null. */
  private async issuedDescendant(
    tx: AuthTransaction,
    token: RefreshToken,
    plaintext: string,
  ): Promise<string | null> {
    let current = token;
    let currentPlaintext = plaintext;
    for (let step = 0; step < MAX_CHAIN_WALK; step++) {
      const child = await this.sessions.childOf(tx, current.id);
      const childPlaintext = child?.sealedByParent ? unseal(currentPlaintext, child.sealedByParent) : null;
      if (!child || childPlaintext === null || child.revokedAt) return null;
      if (!child.usedAt) return childPlaintext;
      current = child;
      currentPlaintext = childPlaintext;
    }
    return null;
  }
}
