import {
  AccessTokenClaimsSchema,
  type Actor,
  authErrorCodes,
  challengeFactor,
  ErrorCodes,
  enrollFactor,
  getUser,
  listFactors,
  mfaErrorCodes,
  mfaMessages,
  refreshSession,
  type Session,
  unenrollFactor,
  verifyFactor,
  verifyRecoveryCode,
} from '@memoreel/contracts';
import { decodeJwt } from 'jose';
import { generate } from 'otplib';
import { beforeAll, describe, expect, it } from 'vitest';
import { aClient, actorOf, GUEST_ACTOR, useAuth } from '../../test/auth-harness.js';

const auth = useAuth();
beforeAll(async () => {
  // A fresh service's first sign-up (argon2's first hash, the first queries) can outlast the bus's
  // 5 s on a busy machine; it is not what these tests are about, so it happens here, unchecked.
  await auth.signedUpUser().catch(() => undefined);
}, 60_000);

const claimsOf = (session: Session) => AccessTokenClaimsSchema.parse(decodeJwt(session.accessToken));

/** The app's code `stepsAhead` steps from now: a code once accepted is not taken again, the next one is. */
const codeFor = (secret: string, stepsAhead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * stepsAhead });

/** A six-digit code that no step near now has. */
async function wrongCode(secret: string): Promise<string> {
  const near = new Set(await Promise.all([-1, 0, 1, 2].map((step) => codeFor(secret, step))));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}

async function challengeAndVerify(actor: Actor, factorId: string, code: string) {
  const client = aClient();
  const challenge = await auth.request(challengeFactor, actor, { client, factorId });
  return auth.request(verifyFactor, actor, { client, factorId, challengeId: challenge.id, code });
}

/** An account with a verified authenticator app: its secret, recovery codes and an aal2 session. */
async function userWithFactor() {
  const user = await auth.signedUpUser();
  const enrolled = await auth.request(enrollFactor, user.actor, { factorType: 'totp' });
  const usedCode = await codeFor(enrolled.totp.secret);
  const verified = await challengeAndVerify(user.actor, enrolled.factor.id, usedCode);
  return {
    ...user,
    usedCode,
    factorId: enrolled.factor.id,
    secret: enrolled.totp.secret,
    recoveryCodes: verified.recoveryCodes ?? [],
  };
}

describe('enrolling an authenticator app', () => {
  it('answers a secret, its otpauth URI and QR code, and lists the factor unverified until a code confirms it', async () => {
    const { actor, email } = await auth.signedUpUser();
    const enrolled = await auth.request(enrollFactor, actor, {
      factorType: 'totp',
      friendlyName: 'My phone',
    });
    expect(enrolled.factor).toMatchObject({
      factorType: 'totp',
      status: 'unverified',
      friendlyName: 'My phone',
    });
    expect(enrolled.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolled.totp.uri).toContain(`otpauth://totp/Memoreel:${encodeURIComponent(email)}`);
    expect(enrolled.totp.uri).toContain(`secret=${enrolled.totp.secret}`);
    expect(enrolled.totp.qrCode).toMatch(/^data:image\/png;base64,/);
    expect((await auth.request(listFactors, actor, {})).factors).toEqual([enrolled.factor]);
    // Unverified: signing in asks for nothing more.
    expect(claimsOf(await auth.signIn(email))).toMatchObject({ aal: 'aal1', mfa_pending: false });

    const verified = await challengeAndVerify(actor, enrolled.factor.id, await codeFor(enrolled.totp.secret));
    expect(claimsOf(verified.session)).toMatchObject({ aal: 'aal2', mfa_pending: false });
    expect(claimsOf(verified.session).amr?.map((entry) => entry.method)).toEqual(['otp', 'totp']);
    expect(verified.recoveryCodes).toHaveLength(10);
    expect(new Set(verified.recoveryCodes).size).toBe(10);
    expect(verified.session.user.factors).toEqual([{ ...enrolled.factor, status: 'verified' }]);
    // Stored hashed only.
    const stored = await auth.db.mfaRecoveryCode.findMany({ where: { userId: actor.userId ?? '' } });
    expect(stored).toHaveLength(10);
    for (const code of verified.recoveryCodes ?? []) {
      expect(stored.some((row) => row.codeHash.includes(code.replace('-', '')))).toBe(false);
    }
  });

  it('refuses a guest with a clear message, and phone factors', async () => {
    const guest = actorOf(await auth.guestSession());
    const refused = await auth.failure(enrollFactor, guest, { factorType: 'totp' });
    expect(refused).toMatchObject({
      code: mfaErrorCodes.guestCannotEnroll,
      message: mfaMessages.errors.guestCannotEnroll,
    });
    const { actor } = await auth.signedUpUser();
    const phone = await auth.failure(enrollFactor, actor, { factorType: 'phone' });
    expect(phone).toMatchObject({
      code: mfaErrorCodes.phoneNotSupported,
      message: mfaMessages.errors.phoneNotSupported,
    });
    expect((await auth.failure(enrollFactor, GUEST_ACTOR, { factorType: 'totp' })).code).toBe(
      authErrorCodes.notAuthenticated,
    );
  });
});

describe('signing in with a verified factor', () => {
  it('opens an aal1 session that must pass the challenge, then is aal2 (claims aal, amr) and stays so on refresh', async () => {
    const { email, factorId, secret } = await userWithFactor();
    const first = await auth.signIn(email);
    expect(claimsOf(first)).toMatchObject({ aal: 'aal1', mfa_pending: true });
    expect(claimsOf(first).amr?.map((entry) => entry.method)).toEqual(['password']);
    expect(first.user.factors).toMatchObject([{ id: factorId, status: 'verified' }]);

    const passed = await challengeAndVerify(actorOf(first), factorId, await codeFor(secret, 1));
    expect(passed.recoveryCodes).toBeNull();
    const claims = claimsOf(passed.session);
    expect(claims).toMatchObject({ aal: 'aal2', mfa_pending: false, sid: claimsOf(first).sid });
    expect(claims.amr?.map((entry) => entry.method)).toEqual(['password', 'totp']);

    const refreshed = await auth.request(refreshSession, GUEST_ACTOR, {
      client: aClient(),
      refreshToken: passed.session.refreshToken,
    });
    expect(claimsOf(refreshed)).toMatchObject({ aal: 'aal2', mfa_pending: false });
    // The refresh token of the aal1 answer belongs to the same session, now aal2.
    const viaOld = await auth.request(refreshSession, GUEST_ACTOR, {
      client: aClient(),
      refreshToken: first.refreshToken,
    });
    expect(claimsOf(viaOld).aal).toBe('aal2');
  });

  it('refuses a wrong code and a code used once already, and an unknown or used challenge', async () => {
    const { email, factorId, secret, usedCode } = await userWithFactor();
    const actor = actorOf(await auth.signIn(email));
    const client = aClient();
    const challenge = await auth.request(challengeFactor, actor, { client, factorId });
    const wrong = await auth.failure(verifyFactor, actor, {
      client,
      factorId,
      challengeId: challenge.id,
      code: await wrongCode(secret),
    });
    expect(wrong).toMatchObject({
      code: mfaErrorCodes.verificationFailed,
      message: mfaMessages.errors.invalidCode,
    });
    // The enrolment's code was used: the same code again is a replay.
    const replay = await auth.failure(verifyFactor, actor, {
      client,
      factorId,
      challengeId: challenge.id,
      code: usedCode,
    });
    expect(replay.code).toBe(mfaErrorCodes.verificationFailed);
    const code = await codeFor(secret, 1);
    await auth.request(verifyFactor, actor, { client, factorId, challengeId: challenge.id, code });
    const used = await auth.failure(verifyFactor, actor, {
      client,
      factorId,
      challengeId: challenge.id,
      code,
    });
    expect(used).toMatchObject({
      code: mfaErrorCodes.challengeExpired,
      message: mfaMessages.errors.challengeExpired,
    });
  });

  it('limits wrong codes to 5 per factor in 5 minutes: then even the right code waits', async () => {
    const { email, factorId, secret } = await userWithFactor();
    const actor = actorOf(await auth.signIn(email));
    const bad = await wrongCode(secret);
    for (let attempt = 0; attempt < 5; attempt++) {
      const refused = await challengeAndVerify(actor, factorId, bad).catch((error: unknown) => error);
      expect(refused).toMatchObject({ code: mfaErrorCodes.verificationFailed });
    }
    const limited = await challengeAndVerify(actor, factorId, await codeFor(secret, 1)).catch(
      (e: unknown) => e,
    );
    expect(limited).toMatchObject({
      code: authErrorCodes.rateLimited,
      message: mfaMessages.errors.tooManyAttempts,
      details: { retryAfterSeconds: expect.any(Number) },
    });
  });

  it('limits wrong codes per user and day, and challenges per user', async () => {
    const { email, factorId, secret, session } = await userWithFactor();
    const userId = session.user.id;
    const actor = actorOf(await auth.signIn(email));
    await auth.emptyBucket(`mfaFailuresPerUser:${userId}`);
    const daily = await challengeAndVerify(actor, factorId, await codeFor(secret, 1)).catch(
      (e: unknown) => e,
    );
    expect(daily).toMatchObject({
      code: authErrorCodes.rateLimited,
      message: mfaMessages.errors.tooManyAttemptsToday,
    });

    await auth.emptyBucket(`mfaChallengesPerUser:${userId}`);
    const challenges = await auth.failure(challengeFactor, actor, { client: aClient(), factorId });
    expect(challenges).toMatchObject({
      code: authErrorCodes.rateLimited,
      message: mfaMessages.errors.tooManyChallenges,
    });
  });

  it('takes each recovery code once instead of the app', async () => {
    const { email, recoveryCodes } = await userWithFactor();
    const [code] = recoveryCodes;
    if (!code) throw new Error('no recovery codes');
    const actor = actorOf(await auth.signIn(email));
    // Typed in capitals without the dash: the same code.
    const passed = await auth.request(verifyRecoveryCode, actor, {
      client: aClient(),
      code: code.replace('-', '').toUpperCase(),
    });
    expect(passed.recoveryCodesLeft).toBe(9);
    expect(claimsOf(passed.session)).toMatchObject({ aal: 'aal2', mfa_pending: false });
    expect(claimsOf(passed.session).amr?.map((entry) => entry.method)).toEqual(['password', 'recovery_code']);

    const again = await auth.failure(verifyRecoveryCode, actorOf(await auth.signIn(email)), {
      client: aClient(),
      code,
    });
    expect(again).toMatchObject({
      code: mfaErrorCodes.verificationFailed,
      message: mfaMessages.errors.invalidRecoveryCode,
    });
  });
});

describe("another user's factor", () => {
  it('is not found, for every operation', async () => {
    const owner = await userWithFactor();
    const { actor: stranger } = await auth.signedUpUser();
    const client = aClient();
    const notFound = { code: ErrorCodes.notFound, message: mfaMessages.errors.factorNotFound };
    expect(await auth.failure(challengeFactor, stranger, { client, factorId: owner.factorId })).toMatchObject(
      notFound,
    );
    const challenge = await auth.request(challengeFactor, owner.actor, { client, factorId: owner.factorId });
    expect(
      await auth.failure(verifyFactor, stranger, {
        client,
        factorId: owner.factorId,
        challengeId: challenge.id,
        code: await codeFor(owner.secret, 1),
      }),
    ).toMatchObject(notFound);
    expect(await auth.failure(unenrollFactor, stranger, { factorId: owner.factorId })).toMatchObject(
      notFound,
    );
    expect((await auth.request(listFactors, stranger, {})).factors).toEqual([]);
    expect(await auth.db.mfaFactor.count({ where: { id: owner.factorId } })).toBe(1);
  });
});

describe('removing a factor', () => {
  it('needs an aal2 session, and the last one takes the recovery codes and the challenge away', async () => {
    const { email, factorId, secret } = await userWithFactor();
    const aal1 = actorOf(await auth.signIn(email));
    const refused = await auth.failure(unenrollFactor, aal1, { factorId });
    expect(refused).toMatchObject({
      code: mfaErrorCodes.insufficientAal,
      message: mfaMessages.errors.insufficientAal,
    });
    const refusedEnroll = await auth.failure(enrollFactor, aal1, { factorType: 'totp' });
    expect(refusedEnroll.code).toBe(mfaErrorCodes.insufficientAal);

    const { session } = await challengeAndVerify(aal1, factorId, await codeFor(secret, 1));
    expect(await auth.request(unenrollFactor, actorOf(session), { factorId })).toEqual({ id: factorId });
    expect((await auth.request(getUser, actorOf(session), {})).factors).toEqual([]);
    expect(await auth.db.mfaRecoveryCode.count({ where: { userId: session.user.id } })).toBe(0);
    expect(claimsOf(await auth.signIn(email))).toMatchObject({ aal: 'aal1', mfa_pending: false });
  });
});
