import { Injectable } from '@nestjs/common';
import { AuthConfig } from '../auth.config.js';
import { EmailRateLimitedError, RateLimitedError } from '../auth.errors.js';
import { AuthDatabase } from '../database/auth-database.js';

interface RateLimitPolicy {
  /** Requests allowed in a burst; the bucket refills to it over `periodSeconds`. */
  capacity: number;
  periodSeconds: number;
  /** Which answer the caller gets: e-mail sends have their own code and wording (GoTrue's). */
  answer: 'request' | 'email';
}

/** The limits of docs/auth-api.md, shaped after GoTrue's defaults. */
export const rateLimits = {
  anonymousSignInPerIp: { capacity: 30, periodSeconds: 3600, answer: 'request' },
  signInPerIp: { capacity: 30, periodSeconds: 300, answer: 'request' },
  /** Counted per address and IP: a stranger guessing elsewhere cannot lock the owner out. */
  signInPerEmailAndIp: { capacity: 10, periodSeconds: 300, answer: 'request' },
  /** The slower backstop for guesses spread over many IPs. */
  signInPerEmail: { capacity: 50, periodSeconds: 3600, answer: 'request' },
  /** Wrong passwords an address and IP may send before the bot check is asked for (then every try needs one). */
  signInFailuresWithoutBotCheck: { capacity: 3, periodSeconds: 900, answer: 'request' },
  emailSendsPerIp: { capacity: 30, periodSeconds: 3600, answer: 'email' },
  /** One mail a minute to an address, whatever kind: the mailbox owner is not spammed through us. */
  emailPerAddress: { capacity: 1, periodSeconds: 60, answer: 'email' },
  refreshPerSession: { capacity: 150, periodSeconds: 300, answer: 'request' },
  verifyPerIp: { capacity: 360, periodSeconds: 3600, answer: 'request' },
  /** Six-digit codes: caps guessing at one address however many IPs an attacker has. */
  verifyPerAddress: { capacity: 30, periodSeconds: 3600, answer: 'request' },
  /** The public newsletter form: a little above the page's own 3 per 5 minutes, for shared IPs. */
  newsletterPerIp: { capacity: 10, periodSeconds: 300, answer: 'request' },
  /** Wrong authenticator codes for one factor: 5 guesses of 10^6 per 5 minutes (decision 0027). */
  mfaFailuresPerFactor: { capacity: 5, periodSeconds: 300, answer: 'request' },
  /** Wrong authenticator codes of one user a day, whatever the factor: the slow backstop. */
  mfaFailuresPerUser: { capacity: 20, periodSeconds: 86_400, answer: 'request' },
  /** Two-factor challenges a user opens: above the failures, so typos meet the clearer limit first. */
  mfaChallengesPerUser: { capacity: 15, periodSeconds: 300, answer: 'request' },
  /** Wrong recovery codes (36^10 each): a person mistyping, never a search. */
  mfaRecoveryFailuresPerUser: { capacity: 10, periodSeconds: 3600, answer: 'request' },
} as const satisfies Record<string, RateLimitPolicy>;
export type RateLimitName = keyof typeof rateLimits;

/**
 * Token buckets in Postgres, so every replica shares them. One statement takes a token
 * atomically (the row lock of ON CONFLICT DO UPDATE serialises concurrent takers).
 */
@Injectable()
export class RateLimiter {
  constructor(
    private readonly database: AuthDatabase,
    private readonly config: AuthConfig,
  ) {}

  /** The policy as this instance applies it: a load environment scales every capacity (AUTH_RATE_LIMIT_SCALE). */
  private policyOf(name: RateLimitName): RateLimitPolicy {
    const policy = rateLimits[name];
    const guests = name === 'anonymousSignInPerIp' ? this.config.guestsPerAddress : undefined;
    return { ...policy, capacity: (guests ?? policy.capacity) * this.config.rateLimitScale };
  }

  /** Takes one token for `subject` (an IP, an address, a session) or throws the policy's 429 answer. */
  async take(name: RateLimitName, subject: string): Promise<void> {
    if (await this.tryTake(name, subject)) return;
    throw await this.refusal(name, subject);
  }

  /** Whether `subject` has a token left, without taking it. */
  async hasToken(name: RateLimitName, subject: string): Promise<boolean> {
    return (await this.tokens(name, subject)) >= 1;
  }

  /** Takes one token if there is one; false when the bucket is empty. */
  async tryTake(name: RateLimitName, subject: string): Promise<boolean> {
    const policy = this.policyOf(name);
    const key = `${name}:${subject}`;
    const perSecond = policy.capacity / policy.periodSeconds;
    const taken = await this.database.$queryRawUnsafe<{ tokens: number }[]>(
      `INSERT INTO "auth".rate_limit_buckets AS b (key, tokens, updated_at)
       VALUES ($1, $2::float8 - 1, clock_timestamp())
       ON CONFLICT (key) DO UPDATE
         SET tokens = LEAST($2::float8, b.tokens + EXTRACT(EPOCH FROM clock_timestamp() - b.updated_at)::float8 * $3::float8) - 1,
             updated_at = clock_timestamp()
         WHERE LEAST($2::float8, b.tokens + EXTRACT(EPOCH FROM clock_timestamp() - b.updated_at)::float8 * $3::float8) >= 1
       RETURNING tokens`,
      key,
      policy.capacity,
      perSecond,
    );
    return taken.length > 0;
  }

  /** The tokens `subject` has now (a bucket never used is full). */
  private async tokens(name: RateLimitName, subject: string): Promise<number> {
    const policy = this.policyOf(name);
    const [bucket] = await this.database.$queryRawUnsafe<{ tokens: number }[]>(
      `SELECT LEAST($2::float8, tokens + EXTRACT(EPOCH FROM clock_timestamp() - updated_at)::float8 * $3::float8) AS tokens
       FROM "auth".rate_limit_buckets WHERE key = $1`,
      `${name}:${subject}`,
      policy.capacity,
      policy.capacity / policy.periodSeconds,
    );
    return bucket?.tokens ?? policy.capacity;
  }

  /** Seconds until `subject` has a token again (at least 1). */
  async retryAfterSeconds(name: RateLimitName, subject: string): Promise<number> {
    const policy = this.policyOf(name);
    const missing = 1 - (await this.tokens(name, subject));
    return Math.max(1, Math.ceil(missing / (policy.capacity / policy.periodSeconds)));
  }

  private async refusal(name: RateLimitName, subject: string): Promise<Error> {
    const policy = this.policyOf(name);
    const retryAfterSeconds = await this.retryAfterSeconds(name, subject);
    return policy.answer === 'email'
      ? new EmailRateLimitedError({ retryAfterSeconds })
      : new RateLimitedError({ retryAfterSeconds });
  }
}
