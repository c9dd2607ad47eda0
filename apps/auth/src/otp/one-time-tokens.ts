import type { Logger } from '@memoreel/platform';
import { LOGGER } from '@memoreel/platform';
import { Inject, Injectable } from '@nestjs/common';
import { AuthConfig } from '../auth.config.js';
import { safeRedirect } from '../auth.redirects.js';
import { randomCode, randomToken, sha256 } from '../crypto/tokens.js';
import type { AuthDb } from '../database/auth-database.js';
import type { OneTimeToken } from '../generated/prisma/client.js';
import { composeMail, type MailKind } from '../mail/mail-templates.js';
import { type Mail, Mailer } from '../mail/mailer.js';
import { RateLimiter } from '../rate-limits/rate-limiter.js';
import { OneTimeTokensRepository, type OneTimeTokenType } from './one-time-tokens.repository.js';

/** Links and codes work for an hour (GoTrue's default). */
export const ONE_TIME_TOKEN_TTL_MS = 3600_000;

const codeHashOf = (address: string, code: string) => sha256(`${address}:${code}`);

/** The e-mailed link and six-digit code behind confirmation, magic link, recovery and e-mail change. */
@Injectable()
export class OneTimeTokens {
  constructor(
    private readonly tokens: OneTimeTokensRepository,
    private readonly limits: RateLimiter,
    private readonly mailer: Mailer,
    private readonly config: AuthConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Takes the send quotas (per IP, and one mail a minute per address). Callers take them whether
   * or not a mail goes out, so the answers do not reveal which addresses have accounts.
   */
  async takeSendQuota(client: { ip: string }, address: string): Promise<void> {
    await this.limits.take('emailSendsPerIp', client.ip);
    await this.limits.take('emailPerAddress', address);
  }

  /** Stores a fresh token for the user and returns its mail, to be sent once the transaction commits. */
  async prepare(
    db: AuthDb,
    request: { userId: string; type: OneTimeTokenType; kind: MailKind; address: string; redirectTo?: string },
  ): Promise<Mail> {
    const linkToken = randomToken();
    const code = randomCode();
    await this.tokens.replace(db, {
      userId: request.userId,
      type: request.type,
      tokenHash: sha256(linkToken),
      codeHash: codeHashOf(request.address, code),
      relatesTo: request.address,
      expiresAt: new Date(Date.now() + ONE_TIME_TOKEN_TTL_MS),
    });
    const link = new URL(`${this.config.publicUrl}/auth/v1/verify`);
    link.searchParams.set('token_hash', linkToken);
    link.searchParams.set('type', request.type);
    const redirectTo = safeRedirect(request.redirectTo, this.config.publicUrl);
    if (redirectTo) link.searchParams.set('redirect_to', redirectTo);
    return composeMail(request.kind, request.address, { link: link.toString(), code });
  }

  /**
   * Sends a prepared mail. A failure is logged, not answered: the state is committed, the person
   * can ask again, and answering differently would reveal whether the address has an account.
   */
  async send(mail: Mail): Promise<void> {
    try {
      await this.mailer.send(mail);
    } catch (error) {
      this.logger.error({ err: error, subject: mail.subject }, 'sending mail failed');
    }
  }

  /** Uses the token of a link, if it is of one of `types`, unused and unexpired. */
  async useLink(
    db: AuthDb,
    linkToken: string,
    types: readonly OneTimeTokenType[],
  ): Promise<OneTimeToken | null> {
    const now = new Date();
    const token = await this.tokens.findByTokenHash(db, sha256(linkToken));
    const usable =
      token && types.includes(token.type as OneTimeTokenType) && !token.usedAt && token.expiresAt > now;
    return usable && (await this.tokens.claim(db, token.id, now)) ? token : null;
  }

  /** Uses the newest unused, unexpired token of `types` sent to `address` with this code. */
  async useCode(
    db: AuthDb,
    address: string,
    code: string,
    types: readonly OneTimeTokenType[],
  ): Promise<OneTimeToken | null> {
    const now = new Date();
    const token = await this.tokens.findUsableByCode(db, address, codeHashOf(address, code), types, now);
    return token && (await this.tokens.claim(db, token.id, now)) ? token : null;
  }
}
