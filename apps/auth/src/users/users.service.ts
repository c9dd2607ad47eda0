import {
  type Actor,
  type ReplyOf,
  type RequestOf,
  type recoverPassword,
  type signUp,
  type User,
  type updateUser,
  userSignedUp,
} from '@memoreel/contracts';
import { buildEvent, recordEvent, requireSignedIn } from '@memoreel/platform';
import { Injectable } from '@nestjs/common';
import { actorFor, notAuthenticated } from '../auth.actor.js';
import { AuthConfig } from '../auth.config.js';
import {
  InvalidCredentialsError,
  NotAuthenticatedError,
  ReauthenticationNeededError,
  SamePasswordError,
  UserAlreadyExistsError,
} from '../auth.errors.js';
import { BotCheck } from '../bot-check/bot-check.js';
import { AuthDatabase } from '../database/auth-database.js';
import { Prisma } from '../generated/prisma/client.js';
import { OneTimeTokens } from '../otp/one-time-tokens.js';
import { SessionsRepository } from '../sessions/sessions.repository.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { assertStrongPassword, hashPassword, passwordMatches } from './passwords.js';
import { EMAIL_PROVIDER, toUser, type UserRecord, UsersRepository } from './users.repository.js';

/** How long a sign-in counts as proof for a password change without the current password. */
const RECENT_SIGN_IN_MS = 10 * 60_000;

@Injectable()
export class UsersService {
  constructor(
    private readonly database: AuthDatabase,
    private readonly users: UsersRepository,
    private readonly sessions: SessionsService,
    private readonly sessionRows: SessionsRepository,
    private readonly tokens: OneTimeTokens,
    private readonly botCheck: BotCheck,
    private readonly config: AuthConfig,
  ) {}

  /**
   * Creates an account and mails its confirmation; no session until the address is confirmed.
   * Signing up again before confirming sets the newest password, and only the newest link works.
   */
  async signUp(_actor: Actor, input: RequestOf<typeof signUp>): Promise<ReplyOf<typeof signUp>> {
    assertStrongPassword(input.password);
    await this.botCheck.assertPassedWhere(this.config.botCheckRequired, input.botCheck, input.client);
    const existing = await this.users.findByEmail(this.database, input.email);
    if (existing?.emailConfirmedAt) throw new UserAlreadyExistsError();
    await this.tokens.takeSendQuota(input.client, input.email);
    const encryptedPassword = await hashPassword(input.password);

    const { user, mail } = await this.database
      .$transaction(async (tx) => {
        const user = existing
          ? await this.users.update(tx, existing.id, {
              encryptedPassword,
              userMetadata: withFullName(toUser(existing).userMetadata, input.fullName),
            })
          : await this.users.create(
              tx,
              {
                email: input.email,
                encryptedPassword,
                isAnonymous: false,
                emailConfirmedAt: null,
                userMetadata: withFullName({}, input.fullName),
              },
              { provider: EMAIL_PROVIDER, email: input.email },
            );
        if (!existing) {
          await recordEvent(
            tx,
            'auth',
            buildEvent(userSignedUp, actorFor(user), { userId: user.id, isAnonymous: false }),
          );
        }
        const mail = await this.tokens.prepare(tx, {
          userId: user.id,
          type: 'signup',
          kind: 'confirm-sign-up',
          address: input.email,
          redirectTo: input.redirectTo,
        });
        return { user, mail };
      })
      .catch(alreadyRegisteredOnRace);
    await this.tokens.send(mail);
    return { user: toUser(user), session: null };
  }

  async get(actor: Actor): Promise<User> {
    return toUser(await this.signedInUser(actor));
  }

  /**
   * Changes the password and/or the address (confirmed through a mail to the new one). On a guest,
   * e-mail + password is the conversion to an account: same id, so every project stays its own.
   */
  async update(actor: Actor, input: RequestOf<typeof updateUser>): Promise<User> {
    const user = await this.signedInUser(actor);
    if (input.password !== undefined) assertStrongPassword(input.password);
    if (input.botCheck) await this.botCheck.assertPassed(input.botCheck, input.client);

    let encryptedPassword: string | undefined;
    if (input.password !== undefined) {
      // A guest sets its first password as it becomes an account; anyone else proves who they are.
      if (!user.isAnonymous) await this.assertMayChangePassword(actor, user, input.currentPassword);
      if (user.encryptedPassword && (await passwordMatches(user.encryptedPassword, input.password))) {
        throw new SamePasswordError();
      }
      encryptedPassword = await hashPassword(input.password);
    }
    const newEmail = input.email !== undefined && input.email !== user.email ? input.email : undefined;
    if (newEmail) {
      const holder = await this.users.findByEmail(this.database, newEmail);
      if (holder && holder.id !== user.id) throw new UserAlreadyExistsError();
      await this.tokens.takeSendQuota(input.client, newEmail);
    }

    const { updated, mail, revoked } = await this.database.$transaction(async (tx) => {
      const updated = await this.users.update(tx, user.id, {
        ...(encryptedPassword ? { encryptedPassword } : {}),
        ...(newEmail ? { newEmail } : {}),
        ...(input.fullName !== undefined
          ? { userMetadata: withFullName(toUser(user).userMetadata, input.fullName) }
          : {}),
      });
      // GoTrue's rule: a new password signs out every other device.
      const revoked = encryptedPassword
        ? await this.sessionRows.revoke(tx, user.id, { except: actor.sessionId }, new Date())
        : [];
      const mail = newEmail
        ? await this.tokens.prepare(tx, {
            userId: user.id,
            type: 'email_change',
            kind: user.isAnonymous ? 'guest-conversion' : 'email-change',
            address: newEmail,
            redirectTo: input.redirectTo,
          })
        : null;
      return { updated, mail, revoked };
    });
    await this.sessions.announceRevoked(user.id, revoked, 'password-changed');
    if (mail) await this.tokens.send(mail);
    return toUser(updated);
  }

  /**
   * GoTrue's secure password change: a stolen access token alone must not take the account over.
   * The current password proves it; so does a sign-in of the last minutes (the recovery link's
   * session, or signing in again), for users who forgot it or never had one (social sign-in).
   */
  private async assertMayChangePassword(
    actor: Actor,
    user: UserRecord,
    currentPassword: string | undefined,
  ): Promise<void> {
    if (currentPassword !== undefined) {
      if (!user.encryptedPassword || !(await passwordMatches(user.encryptedPassword, currentPassword))) {
        throw new InvalidCredentialsError();
      }
      return;
    }
    const session = actor.sessionId
      ? await this.sessionRows.findSession(this.database, actor.sessionId)
      : null;
    if (!session || Date.now() - session.createdAt.getTime() > RECENT_SIGN_IN_MS)
      throw new ReauthenticationNeededError();
  }

  /** Mails a reset link to an existing address; answers the same for unknown ones. */
  async recover(
    _actor: Actor,
    input: RequestOf<typeof recoverPassword>,
  ): Promise<ReplyOf<typeof recoverPassword>> {
    await this.botCheck.assertPassedWhere(this.config.botCheckRequired, input.botCheck, input.client);
    await this.tokens.takeSendQuota(input.client, input.email);
    const mail = await this.database.$transaction(async (tx) => {
      const user = await this.users.findByEmail(tx, input.email);
      return user
        ? this.tokens.prepare(tx, {
            userId: user.id,
            type: 'recovery',
            kind: 'password-reset',
            address: input.email,
            redirectTo: input.redirectTo,
          })
        : null;
    });
    if (mail) await this.tokens.send(mail);
    return { sent: true };
  }

  private async signedInUser(actor: Actor): Promise<UserRecord> {
    const userId = requireSignedIn(actor, notAuthenticated);
    await this.sessions.assertLive(actor);
    const user = await this.users.findById(this.database, userId);
    if (!user) throw new NotAuthenticatedError();
    return user;
  }
}

/** Two sign-ups of one new address at once: the second loses the race on the unique e-mail. */
function alreadyRegisteredOnRace(error: unknown): never {
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
    throw new UserAlreadyExistsError();
  }
  throw error;
}

function withFullName(metadata: User['userMetadata'], fullName: string | undefined): User['userMetadata'] {
  return fullName === undefined ? metadata : { ...metadata, fullName };
}
