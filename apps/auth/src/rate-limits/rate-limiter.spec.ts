import { authErrorCodes, authMessages } from '@memoreel/contracts';
import { DomainError } from '@memoreel/platform';
import { describe, expect, it } from 'vitest';
import { useAuthDatabase } from '../../test/auth-harness.js';
import type { AuthConfig } from '../auth.config.js';
import { RateLimiter } from './rate-limiter.js';

const db = useAuthDatabase();
const limiter = new RateLimiter(db, { rateLimitScale: 1 } as AuthConfig);

async function refusal(take: Promise<void>): Promise<DomainError> {
  const error = await take.then(
    () => new Error('expected a refusal'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe('RateLimiter', () => {
  it('allows a burst of the capacity, then answers 429 with the seconds until the next token', async () => {
    for (let i = 0; i < 30; i++) await limiter.take('anonymousSignInPerIp', '192.0.2.1');
    const error = await refusal(limiter.take('anonymousSignInPerIp', '192.0.2.1'));
    expect(error.code).toBe(authErrorCodes.rateLimited);
    expect(error.message).toBe(authMessages.errors.rateLimited);
    // 30 an hour refill one token every 120 s (a little less by now).
    expect(error.details).toEqual({ retryAfterSeconds: expect.any(Number) });
    const { retryAfterSeconds } = error.details as { retryAfterSeconds: number };
    expect(retryAfterSeconds).toBeGreaterThan(100);
    expect(retryAfterSeconds).toBeLessThanOrEqual(120);
    // Another subject has its own bucket.
    await limiter.take('anonymousSignInPerIp', '192.0.2.2');
  });

  it('scales every capacity for a load environment (AUTH_RATE_LIMIT_SCALE), and only there', async () => {
    const loadLimiter = new RateLimiter(db, { rateLimitScale: 3 } as AuthConfig);
    for (let i = 0; i < 90; i++) await loadLimiter.take('anonymousSignInPerIp', '192.0.2.30');
    await refusal(loadLimiter.take('anonymousSignInPerIp', '192.0.2.30'));
    // The documented limit still holds where the scale is 1.
    await refusal(limiter.take('anonymousSignInPerIp', '192.0.2.30'));
  });

  it('sets the guests of one address for a test environment (AUTH_GUESTS_PER_ADDRESS), and nothing else', async () => {
    const testLimiter = new RateLimiter(db, { rateLimitScale: 1, guestsPerAddress: 40 } as AuthConfig);
    for (let i = 0; i < 40; i++) await testLimiter.take('anonymousSignInPerIp', '192.0.2.40');
    await refusal(testLimiter.take('anonymousSignInPerIp', '192.0.2.40'));
    // Other limits keep their documented capacity (sign-ins: 30 per address in 5 minutes).
    for (let i = 0; i < 30; i++) await testLimiter.take('signInPerIp', '192.0.2.41');
    await refusal(testLimiter.take('signInPerIp', '192.0.2.41'));
  });

  it('refills continuously', async () => {
    for (let i = 0; i < 10; i++) await limiter.take('signInPerEmailAndIp', 'refill@example.com');
    await refusal(limiter.take('signInPerEmailAndIp', 'refill@example.com'));
    // 10 per 5 minutes is a token every 30 s: move the clock of the bucket back by 31 s.
    await db.$executeRawUnsafe(
      `UPDATE auth.rate_limit_buckets SET updated_at = updated_at - interval '31 seconds' WHERE key = $1`,
      'signInPerEmailAndIp:refill@example.com',
    );
    await limiter.take('signInPerEmailAndIp', 'refill@example.com');
    await refusal(limiter.take('signInPerEmailAndIp', 'refill@example.com'));
  });

  it('answers e-mail sends with their own code and wording', async () => {
    await limiter.take('emailPerAddress', 'mailbox@example.com');
    const error = await refusal(limiter.take('emailPerAddress', 'mailbox@example.com'));
    expect(error.code).toBe(authErrorCodes.emailRateLimited);
    expect(error.message).toBe(authMessages.errors.emailRateLimited);
    expect(error.details).toEqual({ retryAfterSeconds: 60 });
  });

  it('hands out exactly the capacity to concurrent takers', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, () => limiter.take('signInPerEmailAndIp', 'race@example.com')),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
  });
});
