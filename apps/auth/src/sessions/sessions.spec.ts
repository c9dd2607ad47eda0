import {
  AccessTokenClaimsSchema,
  authErrorCodes,
  authMessages,
  getJwks,
  getUser,
  refreshSession,
  type Session,
  signInAnonymously,
  signInWithPassword,
  signOut,
  userSignedUp,
} from '@memoreel/contracts';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { aClient, actorOf, anEmail, GUEST_ACTOR, STRONG_PASSWORD, useAuth } from '../../test/auth-harness.js';

const auth = useAuth();

/** A refresh as the app sends it, from a client no other test uses. */
const refresh = (refreshToken: string) =>
  auth.request(refreshSession, GUEST_ACTOR, { client: aClient(), refreshToken });
const refusedRefresh = (refreshToken: string) =>
  auth.failure(refreshSession, GUEST_ACTOR, { client: aClient(), refreshToken });

describe('sign-in with password', () => {
  it('answers invalid_credentials alike for a wrong password and an unknown address', async () => {
    const { email } = await auth.signedUpUser();
    for (const attempt of [
      { email, password: 'Wrong-Pass-1' },
      { email: anEmail(), password: STRONG_PASSWORD },
    ]) {
      const error = await auth.failure(signInWithPassword, GUEST_ACTOR, { client: aClient(), ...attempt });
      expect(error.code).toBe(authErrorCodes.invalidCredentials);
      expect(error.message).toBe(authMessages.errors.invalidCredentials);
    }
  });

  it('answers captcha_failed for a bot check that does not pass', async () => {
    const { email } = await auth.signedUpUser();
    const error = await auth.failure(signInWithPassword, GUEST_ACTOR, {
      client: aClient(),
      email,
      password: STRONG_PASSWORD,
      botCheck: 'bm90IGEgc29sdXRpb24=',
    });
    expect(error.code).toBe(authErrorCodes.captchaFailed);
    expect(error.message).toBe(authMessages.errors.captchaFailed);
  });

  it('asks for the bot check after three wrong passwords from one address and IP, and lets a solved one in', async () => {
    const { email } = await auth.signedUpUser();
    const guesser = aClient();
    for (let i = 0; i < 3; i++) {
      const wrong = await auth.failure(signInWithPassword, GUEST_ACTOR, {
        client: guesser,
        email,
        password: 'x',
      });
      expect(wrong.code).toBe(authErrorCodes.invalidCredentials);
    }
    // The right password too: a fourth guess without the check is not even tried.
    const asked = await auth.failure(signInWithPassword, GUEST_ACTOR, {
      client: guesser,
      email,
      password: STRONG_PASSWORD,
    });
    expect(asked.code).toBe(authErrorCodes.captchaFailed);
    expect(asked.message).toBe(authMessages.errors.captchaFailed);

    // The owner elsewhere is not asked; from the guesser's IP a solved check lets the right password in.
    await auth.signIn(email);
    const session = await auth.request(signInWithPassword, GUEST_ACTOR, {
      client: guesser,
      email,
      password: STRONG_PASSWORD,
      botCheck: await auth.solvedBotCheck(),
    });
    expect(session.user.email).toBe(email);
  });
});

describe('access tokens', () => {
  it('are EdDSA JWTs verifiable with the JWKS, living 600 s, with the claims of the contract', async () => {
    const { session, email } = await auth.signedUpUser();
    const jwks = await auth.request(getJwks, GUEST_ACTOR, {});
    expect(jwks).toMatchObject({ issuer: 'http://app.test/auth/v1', audience: 'authenticated' });
    expect(jwks.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
    expect(jwks.keys[0]).not.toHaveProperty('d');

    const header = decodeProtectedHeader(session.accessToken);
    expect(header).toMatchObject({ alg: 'EdDSA', kid: jwks.keys[0]?.kid });
    const { payload } = await jwtVerify(session.accessToken, createLocalJWKSet({ keys: jwks.keys }), {
      issuer: jwks.issuer,
      audience: jwks.audience,
    });
    const claims = AccessTokenClaimsSchema.parse(payload);
    expect(claims).toMatchObject({
      sub: session.user.id,
      role: 'user',
      is_anonymous: false,
      email,
      aal: 'aal1',
    });
    expect(claims.exp - claims.iat).toBe(600);
    expect(session).toMatchObject({ tokenType: 'bearer', expiresIn: 600, expiresAt: claims.exp });
    expect(session.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('carry role admin for a user with the admin role', async () => {
    const { email, session } = await auth.signedUpUser();
    expect(actorOf(session).role).toBe('user');
    await auth.db.userRole.create({ data: { userId: session.user.id, role: 'admin' } });
    const admin = await auth.signIn(email);
    expect(admin.user.roles).toEqual(['admin']);
    expect(actorOf(admin).role).toBe('admin');
  });
});

describe('ADMIN_EMAILS', () => {
  const listed = 'boss@example.com';
  const withList = useAuth({ ADMIN_EMAILS: listed });

  it('makes a listed, confirmed address admin at sign-in', async () => {
    const { session } = await withList.signedUpUser(listed);
    expect(session.user.roles).toEqual(['admin']);
    expect(actorOf(await withList.signIn(listed)).role).toBe('admin');
  });

  it('takes the role back from an address that is no longer listed, at its next sign-in', async () => {
    // Granted by an earlier ADMIN_EMAILS that named this address; the list no longer does.
    const { email, session } = await withList.signedUpUser();
    await withList.db.userRole.create({
      data: { userId: session.user.id, role: 'admin', grantedBy: 'admin-emails' },
    });

    const next = await withList.signIn(email);

    expect(next.user.roles).toEqual([]);
    expect(actorOf(next).role).toBe('user');
    expect(await withList.db.userRole.count({ where: { userId: session.user.id } })).toBe(0);
  });

  it('leaves a role granted otherwise alone', async () => {
    const { email, session } = await withList.signedUpUser();
    await withList.db.userRole.create({ data: { userId: session.user.id, role: 'admin' } });
    expect((await withList.signIn(email)).user.roles).toEqual(['admin']);
  });
});

describe('anonymous sign-in', () => {
  it('creates a guest user after a valid bot check and records auth.user.signed-up', async () => {
    const session = await auth.request(signInAnonymously, GUEST_ACTOR, {
      client: aClient(),
      botCheck: await auth.solvedBotCheck(),
    });
    expect(session.user).toMatchObject({
      email: null,
      isAnonymous: true,
      appMetadata: { provider: 'anonymous', providers: ['anonymous'] },
    });
    expect(actorOf(session)).toMatchObject({ userId: session.user.id, role: 'user', isAnonymous: true });
    const event = (await auth.events(userSignedUp.subject)).find((e) => e.actor.userId === session.user.id);
    expect(event?.data).toEqual({ userId: session.user.id, isAnonymous: true });
  });

  it('requires a bot check', async () => {
    const missing = await auth.failure(signInAnonymously, GUEST_ACTOR, { client: aClient(), botCheck: '' });
    expect(missing.message).toBe(authMessages.captchaRequired);
    const wrong = await auth.failure(signInAnonymously, GUEST_ACTOR, { client: aClient(), botCheck: 'e30=' });
    expect(wrong.code).toBe(authErrorCodes.captchaFailed);
  });

  it('accepts each solved challenge once', async () => {
    const botCheck = await auth.solvedBotCheck();
    await auth.request(signInAnonymously, GUEST_ACTOR, { client: aClient(), botCheck });
    const replay = await auth.failure(signInAnonymously, GUEST_ACTOR, { client: aClient(), botCheck });
    expect(replay.code).toBe(authErrorCodes.captchaFailed);
  });
});

describe('refresh', () => {
  it('rotates: the old token is spent, the new one works, the session stays the same', async () => {
    const first = await auth.guestSession();
    const second = await refresh(first.refreshToken);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(actorOf(second).sessionId).toBe(actorOf(first).sessionId);
    expect(second.user.id).toBe(first.user.id);
    const third = await refresh(second.refreshToken);
    expect(third.refreshToken).not.toBe(second.refreshToken);
    const stored = await auth.db.refreshToken.findMany({ where: { sessionId: actorOf(first).sessionId } });
    expect(stored).toHaveLength(3);
    expect(stored.map((t) => t.tokenHash)).not.toContain(first.refreshToken);
  });

  it('answers a retry within the grace window with the child already issued', async () => {
    const first = await auth.guestSession();
    const second = await refresh(first.refreshToken);
    const retry = await refresh(first.refreshToken);
    expect(retry.refreshToken).toBe(second.refreshToken);
    // Even after the client moved on, the retry gets the token that is live now.
    const third = await refresh(second.refreshToken);
    const lateRetry = await refresh(first.refreshToken);
    expect(lateRetry.refreshToken).toBe(third.refreshToken);
    await refresh(third.refreshToken);
  });

  it('revokes the whole family when a spent token comes back after the grace window', async () => {
    const first = await auth.guestSession();
    const second = await refresh(first.refreshToken);
    const sessionId = actorOf(first).sessionId;
    await auth.db.$executeRawUnsafe(
      `UPDATE auth.refresh_tokens SET used_at = used_at - interval '11 seconds' WHERE session_id = $1::uuid`,
      sessionId,
    );
    const reuse = await refusedRefresh(first.refreshToken);
    expect(reuse.code).toBe(authErrorCodes.refreshTokenReused);
    expect(reuse.message).toBe(authMessages.errors.refreshTokenReused);

    const victim = await refusedRefresh(second.refreshToken);
    expect(victim.code).toBe(authErrorCodes.refreshTokenNotFound);
    const tokens = await auth.db.refreshToken.findMany({ where: { sessionId } });
    expect(tokens.every((t) => t.revokedAt !== null)).toBe(true);
    expect((await auth.failure(getUser, actorOf(second), {})).code).toBe(authErrorCodes.sessionNotFound);
  });

  it('answers refresh_token_not_found for a token it never issued', async () => {
    const error = await refusedRefresh('made-up');
    expect(error.code).toBe(authErrorCodes.refreshTokenNotFound);
    expect(error.message).toBe(authMessages.errors.refreshTokenNotFound);
  });

  it('ends a session nobody refreshed within its inactivity limit', async () => {
    const first = await auth.guestSession();
    await auth.db.session.update({
      where: { id: actorOf(first).sessionId },
      data: { notAfter: new Date(Date.now() - 1000) },
    });
    const error = await refusedRefresh(first.refreshToken);
    expect(error.code).toBe(authErrorCodes.refreshTokenNotFound);
  });
});

describe('sign-out', () => {
  async function threeDevices() {
    const { email, session } = await auth.signedUpUser();
    return [session, await auth.signIn(email), await auth.signIn(email)] as const;
  }
  /** For each session in turn, whether its refresh token still refreshes. */
  async function stillLive(...sessions: Session[]): Promise<boolean[]> {
    const live: boolean[] = [];
    for (const { refreshToken } of sessions) {
      live.push(
        await refresh(refreshToken).then(
          () => true,
          () => false,
        ),
      );
    }
    return live;
  }

  it('local ends only the actor’s session', async () => {
    const [a, b, c] = await threeDevices();
    expect(await auth.request(signOut, actorOf(a), { scope: 'local' })).toEqual({ signedOut: true });
    expect(await stillLive(a, b, c)).toEqual([false, true, true]);
  });

  it('others ends every session but the actor’s', async () => {
    const [a, b, c] = await threeDevices();
    await auth.request(signOut, actorOf(a), { scope: 'others' });
    expect(await stillLive(a, b, c)).toEqual([true, false, false]);
  });

  it('global ends them all, and the default scope is local', async () => {
    const [a, b, c] = await threeDevices();
    await auth.request(signOut, actorOf(b), {});
    expect(await stillLive(b)).toEqual([false]);
    await auth.request(signOut, actorOf(a), { scope: 'global' });
    expect(await stillLive(a, c)).toEqual([false, false]);
  });

  it('answers not_authenticated without a signed-in actor', async () => {
    const error = await auth.failure(signOut, GUEST_ACTOR, { scope: 'global' });
    expect(error.code).toBe(authErrorCodes.notAuthenticated);
  });
});
