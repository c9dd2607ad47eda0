import { randomUUID } from 'node:crypto';
import {
  authErrorCodes,
  authMessages,
  GUEST,
  getJwks,
  getUser,
  refreshSession,
  signInWithPassword,
  signOut,
  signUp,
  type User,
} from '@memoreel/contracts';
import { describe, expect, it } from 'vitest';
import {
  accessToken,
  cookiesOf,
  expectRefusal,
  sessionOf,
  userNamed,
  useStandInAuth,
} from '../../test/stand-in-auth.js';

/**
 * The gateway's accounts layer over real HTTP, against a stand-in auth service on the bus: sign-up,
 * sign-in, refresh and the bearer routes — what it forwards, and how answers become JSON and cookies.
 */
describe('accounts over HTTP (stand-in auth service)', () => {
  const { answer, refuse, forwarded, received, post, get } = useStandInAuth();

  describe('sign-up and sign-in', () => {
    it('forwards a sign-up with the caller as client and a same-site redirect, and answers without a session', async () => {
      const user = userNamed('ada@example.com', { emailConfirmedAt: null });
      answer(signUp, () => ({ user, session: null }));

      const response = await post('/signup', {
        email: ' Ada@Example.com ',
        password: 'Secret-123',
        redirectTo: '//evil.example/phish',
        client: { ip: '203.0.113.7' },
      });

      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ user, session: null });
      expect(response.headers.getSetCookie()).toEqual([]);
      const [call] = forwarded(signUp);
      expect(call?.actor).toEqual(GUEST);
      expect(call?.data).toMatchObject({
        email: 'ada@example.com',
        redirectTo: '/',
        client: { ip: '127.0.0.1', userAgent: 'vitest' },
      });
    });

    it('refuses bad input at the edge with the zod issues and forwards nothing', async () => {
      const response = await post('/signup', { email: 'not-an-address', password: 'x' });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error_code: string; msg: string; issues: unknown[] };
      expect(body.error_code).toBe('VALIDATION_FAILED');
      expect(body.msg).toBe('Please enter a valid email address');
      expect(body.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: ['email'] })]));
      expect(received.filter((call) => call.subject !== getJwks.subject)).toEqual([]);
    });

    it('answers a password sign-in without the refresh token, which goes into the HttpOnly cookie', async () => {
      const session = await sessionOf(userNamed('ada@example.com'));
      answer(signInWithPassword, () => session);

      const response = await post('/token?grant_type=password', { email: 'ada@example.com', password: 'pw' });

      expect(response.status).toBe(200);
      const body = (await response.json()) as Record<string, unknown>;
      expect(body).not.toHaveProperty('refreshToken');
      expect(body).toMatchObject({ accessToken: session.accessToken, tokenType: 'bearer' });
      expect(response.headers.get('cache-control')).toBe('no-store');
      const cookie = cookiesOf(response)['memoreel-refresh'] ?? '';
      expect(cookie).toContain(`memoreel-refresh=${session.refreshToken}`);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).toMatch(/Path=\/auth\/v1;/);
      expect(cookie).toMatch(/Max-Age=2592000/);
      expect(cookie).not.toMatch(/Secure/);
      // The hint the SPA reads to know a session check is worth making: no secret, readable by scripts.
      const hint = cookiesOf(response)['memoreel-session'] ?? '';
      expect(hint).toMatch(/^memoreel-session=1; Max-Age=2592000; Path=\/;/);
      expect(hint).not.toMatch(/HttpOnly/);
    });

    it('marks the cookie Secure when a trusted proxy says the request came over https', async () => {
      answer(signInWithPassword, async () => sessionOf(userNamed('ada@example.com')));
      const response = await post(
        '/token?grant_type=password',
        { email: 'ada@example.com', password: 'pw' },
        { 'x-forwarded-proto': 'https' },
      );
      expect(cookiesOf(response)['memoreel-refresh']).toMatch(/; Secure/);
    });

    it('answers a refusal with its code, message and status', async () => {
      refuse(signInWithPassword, authErrorCodes.invalidCredentials, authMessages.errors.invalidCredentials);
      const response = await post('/token?grant_type=password', { email: 'ada@example.com', password: 'pw' });
      await expectRefusal(response, 400, {
        error_code: 'invalid_credentials',
        msg: 'Invalid login credentials',
      });
    });

    it('passes a rate limit on with Retry-After', async () => {
      refuse(signInWithPassword, authErrorCodes.rateLimited, authMessages.errors.rateLimited, {
        retryAfterSeconds: 37,
      });
      const response = await post('/token?grant_type=password', { email: 'ada@example.com', password: 'pw' });
      expect(response.status).toBe(429);
      expect(response.headers.get('retry-after')).toBe('37');
      expect(await response.json()).toMatchObject({ error_code: 'over_request_rate_limit' });
    });

    it('refuses an unknown grant type', async () => {
      const response = await post('/token?grant_type=magic', {});
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error_code: 'VALIDATION_FAILED' });
    });

    it('answers 503 when the auth service does not answer', async () => {
      const response = await get('/auth/v1/providers');
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ error_code: 'UNAVAILABLE' });
    });
  });

  describe('refresh', () => {
    it('needs the cookie', async () => {
      const response = await post('/token?grant_type=refresh_token');
      await expectRefusal(response, 401, {
        error_code: 'refresh_token_not_found',
        msg: authMessages.errors.refreshTokenNotFound,
      });
      expect(forwarded(refreshSession)).toEqual([]);
    });

    it('rotates the cookie, even when a stale access token comes along', async () => {
      const user = userNamed('ada@example.com');
      const rotated = await sessionOf(user, 'rt-2');
      answer(refreshSession, () => rotated);

      const response = await post('/token?grant_type=refresh_token', undefined, {
        cookie: 'memoreel-refresh=rt-1',
        authorization: `Bearer ${await accessToken(user, randomUUID(), { expiresIn: 1 })}`,
      });

      expect(response.status).toBe(200);
      expect(forwarded(refreshSession)[0]?.data).toMatchObject({ refreshToken: 'rt-1' });
      expect(cookiesOf(response)['memoreel-refresh']).toContain('memoreel-refresh=rt-2;');
    });

    it('drops the cookie when the token is refused', async () => {
      refuse(refreshSession, authErrorCodes.refreshTokenReused, authMessages.errors.refreshTokenReused);
      const response = await post('/token?grant_type=refresh_token', undefined, {
        cookie: 'memoreel-refresh=rt-1',
      });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error_code: 'refresh_token_already_used' });
      expect(cookiesOf(response)['memoreel-refresh']).toMatch(/Expires=Thu, 01 Jan 1970/);
      expect(cookiesOf(response)['memoreel-session']).toMatch(/Path=\/;.*Expires=Thu, 01 Jan 1970/);
    });
  });

  describe('bearer routes', () => {
    it('forwards the actor of a valid token', async () => {
      const user = userNamed('ada@example.com');
      const sessionId = randomUUID();
      answer(getUser, () => user);
      const response = await get('/auth/v1/user', {
        authorization: `Bearer ${await accessToken(user, sessionId)}`,
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(user);
      expect(forwarded(getUser)[0]?.actor).toEqual({
        userId: user.id,
        role: 'user',
        isAnonymous: false,
        sessionId,
      });
    });

    it.each([
      [
        'an expired token',
        async (user: User) => `Bearer ${await accessToken(user, randomUUID(), { expiresIn: 1 })}`,
      ],
      ['a forged token', async () => 'Bearer eyJhbGciOiJFZERTQSJ9.e30.AAAA'],
      ['another scheme', async () => 'Basic dXNlcjpwdw=='],
    ])('answers %s with 401 not_authenticated and forwards nothing', async (_case, authorization) => {
      const response = await get('/auth/v1/user', {
        authorization: await authorization(userNamed('a@b.example')),
      });
      await expectRefusal(response, 401, {
        error_code: 'not_authenticated',
        msg: authMessages.errors.authenticationRequired,
      });
      expect(forwarded(getUser)).toEqual([]);
    });

    it('forwards a call without a token as a guest, and the service decides', async () => {
      refuse(getUser, authErrorCodes.notAuthenticated, authMessages.errors.authenticationRequired);
      const response = await get('/auth/v1/user');
      expect(response.status).toBe(401);
      expect(forwarded(getUser)[0]?.actor).toEqual(GUEST);
    });

    it('signs out with the actor and clears the cookie', async () => {
      const user = userNamed('ada@example.com');
      answer(signOut, () => ({ signedOut: true }));
      const response = await post('/logout?scope=global', undefined, {
        authorization: `Bearer ${await accessToken(user, randomUUID())}`,
        cookie: 'memoreel-refresh=rt-1',
      });
      expect(response.status).toBe(204);
      expect(forwarded(signOut)[0]).toMatchObject({ actor: { userId: user.id }, data: { scope: 'global' } });
      expect(cookiesOf(response)['memoreel-refresh']).toMatch(/Path=\/auth\/v1;.*Expires=Thu, 01 Jan 1970/);
    });

    it('keeps the cookie when signing out the other sessions', async () => {
      answer(signOut, () => ({ signedOut: true }));
      const response = await post('/logout?scope=others', undefined, {
        authorization: `Bearer ${await accessToken(userNamed('ada@example.com'), randomUUID())}`,
      });
      expect(response.status).toBe(204);
      expect(response.headers.getSetCookie()).toEqual([]);
    });

    it('still clears the cookie when signing out with an expired token', async () => {
      const expired = await accessToken(userNamed('ada@example.com'), randomUUID(), { expiresIn: 1 });
      const response = await post('/logout', undefined, { authorization: `Bearer ${expired}` });
      expect(response.status).toBe(401);
      expect(cookiesOf(response)['memoreel-refresh']).toMatch(/Expires=Thu, 01 Jan 1970/);
      expect(forwarded(signOut)).toEqual([]);
    });
  });
});
