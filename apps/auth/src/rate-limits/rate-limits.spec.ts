import {
  authErrorCodes,
  RateLimitDetailsSchema,
  recoverPassword,
  refreshSession,
  signInAnonymously,
  signInWithPassword,
  signUp,
  verifyOtp,
} from '@memoreel/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { aClient, actorOf, anEmail, GUEST_ACTOR, STRONG_PASSWORD, useAuth } from '../../test/auth-harness.js';

/** The limits of each entry point, as a caller of the bus meets them. */
const auth = useAuth();

/** The wait until the next token: one token's refill time at most, less when the burst took a while. */
/** When the running test began its burst: the bucket has refilled for that long since. */
let burstStarted = Date.now();
beforeEach(() => {
  burstStarted = Date.now();
});

/**
 * The wait a refused caller is told: the next token of a bucket refilling one every `seconds`, less
 * the time the burst itself took (a loaded machine may take several seconds over 30 attempts).
 */
function expectRetryAfterAtMost(details: unknown, seconds: number) {
  const { retryAfterSeconds } = RateLimitDetailsSchema.parse(details);
  const elapsed = (Date.now() - burstStarted) / 1000;
  expect(retryAfterSeconds).toBeGreaterThanOrEqual(Math.max(1, Math.floor(seconds - elapsed) - 1));
  expect(retryAfterSeconds).toBeLessThanOrEqual(seconds);
}

describe('rate limits', () => {
  it('anonymous sign-ins: 30 an hour per IP', async () => {
    const client = aClient();
    for (let i = 0; i < 30; i++) {
      await auth.request(signInAnonymously, GUEST_ACTOR, { client, botCheck: await auth.solvedBotCheck() });
    }
    const error = await auth.failure(signInAnonymously, GUEST_ACTOR, {
      client,
      botCheck: await auth.solvedBotCheck(),
    });
    expect(error.code).toBe(authErrorCodes.rateLimited);
    expectRetryAfterAtMost(error.details, 120);
  });

  it('password sign-ins: 30 per 5 minutes per IP', async () => {
    const client = aClient();
    for (let i = 0; i < 30; i++) {
      const attempt = await auth.failure(signInWithPassword, GUEST_ACTOR, {
        client,
        email: anEmail(),
        password: 'x',
      });
      expect(attempt.code).toBe(authErrorCodes.invalidCredentials);
    }
    const error = await auth.failure(signInWithPassword, GUEST_ACTOR, {
      client,
      email: anEmail(),
      password: 'x',
    });
    expect(error.code).toBe(authErrorCodes.rateLimited);
    expectRetryAfterAtMost(error.details, 10);
  });

  it('password sign-ins: 10 per 5 minutes per address and IP, so a stranger cannot lock the owner out', async () => {
    const { email } = await auth.signedUpUser();
    const stranger = aClient();
    for (let i = 0; i < 10; i++) {
      await auth.failure(signInWithPassword, GUEST_ACTOR, { client: stranger, email, password: 'x' });
    }
    const error = await auth.failure(signInWithPassword, GUEST_ACTOR, {
      client: stranger,
      email,
      password: 'x',
    });
    expect(error.code).toBe(authErrorCodes.rateLimited);
    expectRetryAfterAtMost(error.details, 30);

    // The owner, from their own address, still signs in.
    const owner = await auth.signIn(email);
    expect(owner.user.email).toBe(email);
  });

  it('password sign-ins: a slower backstop of 50 an hour per address across all IPs', async () => {
    const email = anEmail();
    for (let i = 0; i < 50; i++) {
      await auth.refusedSignIn(email, 'x');
    }
    const error = await auth.refusedSignIn(email, 'x');
    expect(error.code).toBe(authErrorCodes.rateLimited);
  });

  it('e-mail sends: 30 an hour per IP', async () => {
    const client = aClient();
    for (let i = 0; i < 30; i++)
      await auth.request(recoverPassword, GUEST_ACTOR, {
        botCheck: await auth.solvedBotCheck(),
        client,
        email: anEmail(),
      });
    const error = await auth.failure(signUp, GUEST_ACTOR, {
      botCheck: await auth.solvedBotCheck(),
      client,
      email: anEmail(),
      password: STRONG_PASSWORD,
    });
    expect(error.code).toBe(authErrorCodes.emailRateLimited);
    expectRetryAfterAtMost(error.details, 120);
  });

  it('e-mail sends: one a minute to an address, whatever asks', async () => {
    const email = anEmail();
    await auth.request(recoverPassword, GUEST_ACTOR, {
      botCheck: await auth.solvedBotCheck(),
      client: aClient(),
      email,
    });
    const error = await auth.failure(recoverPassword, GUEST_ACTOR, {
      botCheck: await auth.solvedBotCheck(),
      client: aClient(),
      email,
    });
    expect(error.code).toBe(authErrorCodes.emailRateLimited);
    expectRetryAfterAtMost(error.details, 60);
  });

  it('refreshes: 150 per 5 minutes per session', async () => {
    const session = await auth.guestSession();
    await auth.emptyBucket(`refreshPerSession:${actorOf(session).sessionId}`);
    const error = await auth.failure(refreshSession, GUEST_ACTOR, {
      client: aClient(),
      refreshToken: session.refreshToken,
    });
    expect(error.code).toBe(authErrorCodes.rateLimited);
    expectRetryAfterAtMost(error.details, 2);
  });

  it('verifications: 360 an hour per IP', async () => {
    const client = aClient();
    await auth.emptyBucket(`verifyPerIp:${client.ip}`);
    const error = await auth.failure(verifyOtp, GUEST_ACTOR, { client, type: 'magiclink', tokenHash: 'x' });
    expect(error.code).toBe(authErrorCodes.rateLimited);
    expectRetryAfterAtMost(error.details, 10);
  });

  it('code guesses: 30 an hour per address, from any IP', async () => {
    const email = anEmail();
    for (let i = 0; i < 30; i++) {
      const attempt = await auth.failure(verifyOtp, GUEST_ACTOR, {
        client: aClient(),
        type: 'email',
        email,
        token: '123456',
      });
      expect(attempt.code).toBe(authErrorCodes.otpExpired);
    }
    const error = await auth.failure(verifyOtp, GUEST_ACTOR, {
      client: aClient(),
      type: 'email',
      email,
      token: '123456',
    });
    expect(error.code).toBe(authErrorCodes.rateLimited);
    expectRetryAfterAtMost(error.details, 120);
  });
});
