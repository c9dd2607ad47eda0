import { randomBytes } from 'node:crypto';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import { z } from 'zod';
import type { AuthConfig } from '../auth.config.js';
import type { AuthDatabase } from '../database/auth-database.js';
import type { ServiceSecretsRepository } from '../keys/service-secrets.repository.js';
import { type BotChallenge, BotCheck } from './bot-check.js';
import type { BotCheckSolutionsRepository } from './bot-check-solutions.repository.js';

/** A challenge must be solved and used within five minutes. */
export const ALTCHA_CHALLENGE_TTL_MS = 5 * 60_000;
const HMAC_KEY_SECRET = 'altcha_hmac_key';

/** What the ALTCHA widget posts (base64 JSON), in the classic SHA-256 format the widget still speaks. */
const AltchaPayloadSchema = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: z.string().max(128),
  number: z.number().int().nonnegative(),
  salt: z.string().max(256),
  signature: z.string().max(128),
});

/**
 * Self-hosted proof of work (altcha-lib). The library verifies signature, solution and expiry but
 * accepts a solution any number of times, so each accepted one is recorded and refused afterwards.
 */
export class AltchaBotCheck extends BotCheck {
  private hmacKey: Promise<string> | undefined;

  constructor(
    private readonly config: AuthConfig,
    private readonly database: AuthDatabase,
    private readonly secrets: ServiceSecretsRepository,
    private readonly solutions: BotCheckSolutionsRepository,
  ) {
    super();
  }

  async challenge(): Promise<BotChallenge> {
    const challenge = await createChallenge({
      algorithm: 'SHA-256',
      hmacKey: await this.key(),
      maxnumber: this.config.altcha.maxNumber,
      expires: new Date(Date.now() + ALTCHA_CHALLENGE_TTL_MS),
    });
    return { provider: 'altcha', challenge };
  }

  async verify(token: string): Promise<boolean> {
    const payload = parsePayload(token);
    if (!payload) return false;
    // Our challenges always carry an expiry; one without it was not made here.
    const expires = Number(extractParams(payload).expires);
    if (!Number.isInteger(expires)) return false;
    if (!(await verifySolution(payload, await this.key(), true))) return false;
    return this.solutions.claim(this.database, payload.signature, new Date(expires * 1000));
  }

  private key(): Promise<string> {
    this.hmacKey ??= this.config.altcha.hmacKey
      ? Promise.resolve(this.config.altcha.hmacKey)
      : this.secrets.getOrCreate(this.database, HMAC_KEY_SECRET, randomBytes(32).toString('base64url'));
    return this.hmacKey;
  }
}

function parsePayload(token: string): z.infer<typeof AltchaPayloadSchema> | null {
  try {
    const parsed = AltchaPayloadSchema.safeParse(JSON.parse(Buffer.from(token, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
