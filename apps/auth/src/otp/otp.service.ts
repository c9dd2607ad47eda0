import {
  type Actor,
  type OtpType,
  type ReplyOf,
  type RequestOf,
  type sendOtp,
  userSignedUp,
  type verifyOtp,
} from '@memoreel/contracts';
import { buildEvent, recordEvent } from '@memoreel/platform';
import { Injectable } from '@nestjs/common';
import { actorFor } from '../auth.actor.js';
import { AuthConfig } from '../auth.config.js';
import {
  EmailOrPhoneRequiredError,
  OtpExpiredError,
  PhoneProviderDisabledError,
  TokenRequiredError,
} from '../auth.errors.js';
import { BotCheck } from '../bot-check/bot-check.js';
import { AuthDatabase } from '../database/auth-database.js';
import { RateLimiter } from '../rate-limits/rate-limiter.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { EmailConfirmation } from '../users/email-confirmation.js';
import { EMAIL_PROVIDER, UsersRepository } from '../users/users.repository.js';
import { OneTimeTokens } from './one-time-tokens.js';
import type { OneTimeTokenType } from './one-time-tokens.repository.js';

/** Which stored tokens a verification type accepts; `email` is GoTrue's "either kind of e-mail OTP". */
const acceptedTokens: Record<OtpType, readonly OneTimeTokenType[]> = {
  signup: ['signup'],
  magiclink: ['magiclink'],
  email: ['signup', 'magiclink'],
  recovery: ['recovery'],
  email_change: ['email_change'],
  // No invitations are sent, so no invite token can be valid.
  invite: [],
  sms: [],
  phone_change: [],
};

@Injectable()
export class OtpService {
  constructor(
    private readonly database: AuthDatabase,
    private readonly users: UsersRepository,
    private readonly tokens: OneTimeTokens,
    private readonly confirmation: EmailConfirmation,
    private readonly sessions: SessionsService,
    private readonly limits: RateLimiter,
    private readonly botCheck: BotCheck,
    private readonly config: AuthConfig,
  ) {}

  /** Mails a magic link with a six-digit code. The answer is the same whether or not a mail went out. */
  async send(_actor: Actor, input: RequestOf<typeof sendOtp>): Promise<ReplyOf<typeof sendOtp>> {
    const email = input.email;
    if (!email) throw input.phone ? new PhoneProviderDisabledError() : new EmailOrPhoneRequiredError();
    await this.botCheck.assertPassedWhere(this.config.botCheckRequired, input.botCheck, input.client);
    await this.tokens.takeSendQuota(input.client, email);
    const mail = await this.database.$transaction(async (tx) => {
      const user = await this.users.findByEmail(tx, email);
      if (user) {
        return this.tokens.prepare(tx, {
          userId: user.id,
          type: 'magiclink',
          kind: 'magic-link',
          address: email,
          redirectTo: input.redirectTo,
        });
      }
      if (!input.createUser) return null;
      const created = await this.users.create(
        tx,
        { email, encryptedPassword: null, isAnonymous: false, emailConfirmedAt: null, userMetadata: {} },
        { provider: EMAIL_PROVIDER, email },
      );
      await recordEvent(
        tx,
        'auth',
        buildEvent(userSignedUp, actorFor(created), { userId: created.id, isAnonymous: false }),
      );
      return this.tokens.prepare(tx, {
        userId: created.id,
        type: 'magiclink',
        kind: 'sign-in-code',
        address: email,
        redirectTo: input.redirectTo,
      });
    });
    if (mail) await this.tokens.send(mail);
    return { sent: true };
  }

  /** Uses an e-mailed link or code: confirms what it proves and opens a session. */
  async verify(_actor: Actor, input: RequestOf<typeof verifyOtp>): Promise<ReplyOf<typeof verifyOtp>> {
    if (input.type === 'sms' || input.type === 'phone_change') throw new PhoneProviderDisabledError();
    const { tokenHash, email, token: code } = input;
    if (!tokenHash && !(email && code)) {
      throw input.phone && !email ? new PhoneProviderDisabledError() : new TokenRequiredError();
    }
    await this.limits.take('verifyPerIp', input.client.ip);
    if (!tokenHash && email) await this.limits.take('verifyPerAddress', email);
    const types = acceptedTokens[input.type];

    return this.database.$transaction(async (tx) => {
      const used = tokenHash
        ? await this.tokens.useLink(tx, tokenHash, types)
        : email && code
          ? await this.tokens.useCode(tx, email, code, types)
          : null;
      if (!used) throw new OtpExpiredError();
      let user = await this.users.findById(tx, used.userId);
      if (used.type === 'email_change') {
        // A newer change request or another confirmation superseded this token.
        if (!user || user.newEmail !== used.relatesTo) throw new OtpExpiredError();
        user = await this.confirmation.confirm(tx, user, used.relatesTo);
      } else {
        if (!user || user.email !== used.relatesTo) throw new OtpExpiredError();
        // A magic link or reset proves the address as much as a confirmation link does.
        if (!user.emailConfirmedAt) user = await this.confirmation.confirm(tx, user, used.relatesTo);
      }
      return { session: await this.sessions.open(tx, user, input.client, 'otp'), type: input.type };
    });
  }
}
