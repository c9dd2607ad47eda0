import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  type Actor,
  authErrorCodes,
  authMessages,
  completeSocialSignIn,
  GUEST,
  getJwks,
  getUser,
  issueBotChallenge,
  type RequestContract,
  refreshSession,
  type Session,
  signInWithPassword,
  signOut,
  signUp,
  startSocialSignIn,
  type User,
  verifyOtp,
} from '@memoreel/contracts';
import { createLogger, InProcessBus, RemoteError } from '@memoreel/platform';
import { uniqueNamespace } from '@memoreel/testing';
import type { INestApplication } from '@nestjs/common';
import { createClient } from 'graphql-ws';
import { type CryptoKey, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createGatewayApp } from '../create-gateway.js';

/**
 * The gateway's accounts layer over real HTTP, against a stand-in auth service on the bus:
 * what it forwards, and how answers become JSON, cookies and redirects.
 */

const ISSUER = 'http://127.0.0.1/auth/v1';
const AUDIENCE = 'authenticated';
const KID = 'test-key';

type Envelope = { actor: Actor; data: Record<string, unknown> };
type Answer = (envelope: Envelope) => unknown;

let signingKey: CryptoKey;
let publicJwk: Record<string, unknown>;

function userNamed(email: string | null, overrides: Partial<User> = {}): User {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    email,
    newEmail: null,
    emailConfirmedAt: email ? now : null,
    isAnonymous: email === null,
    appMetadata: { provider: email ? 'email' : 'anonymous', providers: email ? ['email'] : [] },
    userMetadata: { fullName: 'Ada Lovelace' },
    identities: [],
    factors: [],
    roles: [],
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}

async function accessToken(user: User, sessionId: string, options: { expiresIn?: number } = {}) {
  return new SignJWT({
    sid: sessionId,
    role: 'user',
    is_anonymous: user.isAnonymous,
    email: user.email,
    aal: 'aal1',
  })
    .setProtectedHeader({ alg: 'EdDSA', kid: KID })
    .setSubject(user.id)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? Math.floor(Date.now() / 1000) + 600)
    .sign(signingKey);
}

async function sessionOf(user: User, refreshToken = `rt-${randomUUID()}`): Promise<Session> {
  return {
    accessToken: await accessToken(user, randomUUID()),
    refreshToken,
    tokenType: 'bearer',
    expiresIn: 600,
    expiresAt: Math.floor(Date.now() / 1000) + 600,
    user,
  };
}

function refusal(code: string, message: string, details?: unknown): RemoteError {
  return new RemoteError({ code, message, ...(details === undefined ? {} : { details }) });
}

function cookiesOf(response: Response): Record<string, string> {
  return Object.fromEntries(
    response.headers.getSetCookie().map((line) => {
      const name = line.slice(0, line.indexOf('='));
      return [name, line];
    }),
  );
}

describe('accounts over HTTP (stand-in auth service)', () => {
  const bus = new InProcessBus({ namespace: uniqueNamespace('gw_auth') });
  const answers = new Map<string, Answer>();
  const received: { subject: string; actor: Actor; data: Record<string, unknown> }[] = [];
  let gateway: INestApplication;
  let baseUrl: string;

  function answer<C extends RequestContract>(contract: C, reply: Answer): void {
    answers.set(contract.subject, reply);
  }
  const forwarded = (contract: RequestContract) =>
    received.filter((call) => call.subject === contract.subject);

  beforeAll(async () => {
    const keys = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    signingKey = keys.privateKey;
    publicJwk = { ...(await exportJWK(keys.publicKey)), kid: KID, alg: 'EdDSA', use: 'sig' };
    const subjects = [
      signUp,
      signInWithPassword,
      refreshSession,
      signOut,
      getUser,
      verifyOtp,
      issueBotChallenge,
      getJwks,
      startSocialSignIn,
      completeSocialSignIn,
    ].map((contract) => contract.subject);
    for (const subject of subjects) {
      await bus.respond(subject, 'auth', async (message) => {
        const envelope = message.payload as Envelope;
        received.push({ subject, ...envelope });
        const reply = answers.get(subject);
        if (!reply) return { ok: false, error: { code: 'INTERNAL', message: `no answer for ${subject}` } };
        try {
          return { ok: true, data: await reply(envelope) };
        } catch (error) {
          if (!(error instanceof RemoteError)) throw error;
          return { ok: false, error: { code: error.code, message: error.message, details: error.details } };
        }
      });
    }
    gateway = await createGatewayApp({ bus, logger: createLogger({ service: 'test', level: 'silent' }) });
    await gateway.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(gateway.getHttpServer().address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await gateway?.close();
    await bus.close();
  });

  beforeEach(() => {
    answers.clear();
    received.length = 0;
    answer(getJwks, () => ({ keys: [publicJwk], issuer: ISSUER, audience: AUDIENCE }));
  });

  const post = (path: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${baseUrl}/auth/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'vitest', ...headers },
      body: body === undefined ? null : JSON.stringify(body),
      redirect: 'manual',
    });
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${baseUrl}${path}`, { headers, redirect: 'manual' });

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
      answer(signInWithPassword, () => {
        throw refusal(authErrorCodes.invalidCredentials, authMessages.errors.invalidCredentials);
      });
      const response = await post('/token?grant_type=password', { email: 'ada@example.com', password: 'pw' });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error_code: 'invalid_credentials',
        msg: 'Invalid login credentials',
      });
    });

    it('passes a rate limit on with Retry-After', async () => {
      answer(signInWithPassword, () => {
        throw refusal(authErrorCodes.rateLimited, authMessages.errors.rateLimited, { retryAfterSeconds: 37 });
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
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
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
      answer(refreshSession, () => {
        throw refusal(authErrorCodes.refreshTokenReused, authMessages.errors.refreshTokenReused);
      });
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
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        error_code: 'not_authenticated',
        msg: authMessages.errors.authenticationRequired,
      });
      expect(forwarded(getUser)).toEqual([]);
    });

    it('forwards a call without a token as a guest, and the service decides', async () => {
      answer(getUser, () => {
        throw refusal(authErrorCodes.notAuthenticated, authMessages.errors.authenticationRequired);
      });
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

  describe('e-mail links', () => {
    it('opens the session in the cookie and sends the browser to the SPA', async () => {
      const session = await sessionOf(userNamed('ada@example.com'));
      answer(verifyOtp, () => ({ session, type: 'signup' }));

      const response = await get(
        `/auth/v1/verify?token_hash=h4sh&type=signup&redirect_to=${encodeURIComponent('/project/7?tab=music')}`,
      );

      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe(
        '/auth/callback?type=signup&next=%2Fproject%2F7%3Ftab%3Dmusic',
      );
      expect(cookiesOf(response)['memoreel-refresh']).toContain(`memoreel-refresh=${session.refreshToken};`);
      expect(forwarded(verifyOtp)[0]?.data).toMatchObject({ type: 'signup', tokenHash: 'h4sh' });
    });

    it('sends a foreign redirect_to home', async () => {
      answer(verifyOtp, async () => ({
        session: await sessionOf(userNamed('a@b.example')),
        type: 'magiclink',
      }));
      const response = await get(
        '/auth/v1/verify?token_hash=h&type=magiclink&redirect_to=https://evil.example',
      );
      expect(response.headers.get('location')).toBe('/auth/callback?type=magiclink&next=%2F');
    });

    it('sends a failure to the SPA as OAuth error parameters', async () => {
      answer(verifyOtp, () => {
        throw refusal(authErrorCodes.otpExpired, authMessages.errors.otpExpired);
      });
      const response = await get('/auth/v1/verify?token_hash=old&type=recovery');
      expect(response.status).toBe(303);
      const location = new URL(response.headers.get('location') ?? '', baseUrl);
      expect(location.pathname).toBe('/auth/callback');
      expect(Object.fromEntries(location.searchParams)).toEqual({
        error: 'access_denied',
        error_code: 'otp_expired',
        error_description: 'Token has expired or is invalid',
      });
      expect(response.headers.getSetCookie()).toEqual([]);
    });

    it('sends a malformed link to the SPA as a validation failure', async () => {
      const response = await get('/auth/v1/verify?type=nope');
      expect(new URL(response.headers.get('location') ?? '', baseUrl).searchParams.get('error_code')).toBe(
        'VALIDATION_FAILED',
      );
    });
  });

  describe('social sign-in', () => {
    const start = {
      authorizationUrl: 'https://accounts.example/authorize?client_id=memoreel&state=st4te',
      state: 'st4te',
      codeVerifier: 'v3rifier',
      nonce: 'n0nce',
    };

    async function authorize(): Promise<string> {
      answer(startSocialSignIn, () => start);
      const response = await get('/auth/v1/authorize?provider=google&redirect_to=/project/9');
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe(start.authorizationUrl);
      const flowCookie = cookiesOf(response)['memoreel-oidc'] ?? '';
      expect(flowCookie).toMatch(/HttpOnly/);
      expect(flowCookie).toMatch(/Path=\/auth\/v1\/callback;/);
      expect(flowCookie).toMatch(/Max-Age=600/);
      return flowCookie.slice(0, flowCookie.indexOf(';'));
    }

    it('starts at the provider and finishes in the SPA with the session in the cookie', async () => {
      const flowCookie = await authorize();
      expect(forwarded(startSocialSignIn)[0]?.data).toEqual({
        provider: 'google',
        callbackUrl: `${baseUrl}/auth/v1/callback`,
        redirectTo: '/project/9',
      });
      const session = await sessionOf(userNamed('ada@example.com'));
      answer(completeSocialSignIn, () => ({ session }));

      const response = await get('/auth/v1/callback?code=c0de&state=st4te', { cookie: flowCookie });

      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/auth/callback?type=social&next=%2Fproject%2F9');
      const cookies = cookiesOf(response);
      expect(cookies['memoreel-refresh']).toContain(`memoreel-refresh=${session.refreshToken};`);
      expect(cookies['memoreel-oidc']).toMatch(/Expires=Thu, 01 Jan 1970/);
      const [call] = forwarded(completeSocialSignIn);
      expect(call?.actor).toEqual(GUEST);
      expect(call?.data).toMatchObject({
        provider: 'google',
        callbackUrl: `${baseUrl}/auth/v1/callback?code=c0de&state=st4te`,
        expectedState: 'st4te',
        codeVerifier: 'v3rifier',
        nonce: 'n0nce',
      });
    });

    it('converts the guest whose refresh cookie came along', async () => {
      const flowCookie = await authorize();
      const guest = userNamed(null);
      const guestSession = await sessionOf(guest, 'rt-guest-2');
      answer(refreshSession, () => guestSession);
      answer(completeSocialSignIn, async () => ({
        session: await sessionOf({ ...guest, email: 'ada@example.com' }),
      }));

      const response = await get('/auth/v1/callback?code=c0de&state=st4te', {
        cookie: `${flowCookie}; memoreel-refresh=rt-guest-1`,
      });

      expect(response.status).toBe(303);
      expect(forwarded(refreshSession)[0]?.data).toMatchObject({ refreshToken: 'rt-guest-1' });
      expect(forwarded(completeSocialSignIn)[0]?.actor).toMatchObject({
        userId: guest.id,
        isAnonymous: true,
      });
    });

    it('refuses a callback this browser did not start', async () => {
      const response = await get('/auth/v1/callback?code=c0de&state=st4te');
      expect(response.status).toBe(303);
      const location = new URL(response.headers.get('location') ?? '', baseUrl);
      expect(location.searchParams.get('error_code')).toBe('bad_oauth_callback');
      expect(forwarded(completeSocialSignIn)).toEqual([]);
    });

    it('sends a provider that is not configured to the SPA as an error', async () => {
      answer(startSocialSignIn, () => {
        throw refusal(authErrorCodes.providerNotConfigured, authMessages.errors.providerNotConfigured);
      });
      const response = await get('/auth/v1/authorize?provider=myspace');
      expect(response.status).toBe(303);
      expect(new URL(response.headers.get('location') ?? '', baseUrl).searchParams.get('error_code')).toBe(
        'provider_disabled',
      );
    });
  });

  describe('public endpoints', () => {
    it('hands the ALTCHA widget the bare challenge', async () => {
      const challenge = {
        algorithm: 'SHA-256',
        challenge: 'c',
        maxnumber: 1000,
        salt: 's',
        signature: 'sig',
      };
      answer(issueBotChallenge, () => ({ provider: 'altcha', challenge }));
      const response = await get('/auth/v1/bot-check/challenge');
      expect(await response.json()).toEqual(challenge);
      expect(response.headers.get('cache-control')).toBe('no-store');
    });

    it('publishes the JWKS', async () => {
      const response = await get('/auth/v1/.well-known/jwks.json');
      expect(await response.json()).toEqual({ keys: [publicJwk] });
    });
  });

  describe('GraphQL', () => {
    const graphql = (query: string, headers: Record<string, string> = {}) =>
      fetch(`${baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ query }),
      });

    it('answers me with null for a guest and with the user for a token', async () => {
      const guest = await graphql('{ me { id } }');
      expect(await guest.json()).toEqual({ data: { me: null } });

      const user = userNamed('ada@example.com', { roles: ['admin'] });
      answer(getUser, () => user);
      const response = await graphql('{ me { id email isAnonymous fullName roles } }', {
        authorization: `Bearer ${await accessToken(user, randomUUID())}`,
      });
      expect(await response.json()).toEqual({
        data: {
          me: {
            id: user.id,
            email: 'ada@example.com',
            isAnonymous: false,
            fullName: 'Ada Lovelace',
            roles: ['admin'],
          },
        },
      });
    });

    // Nest keeps GraphQL answers that carry `data` at HTTP 200; the code is what clients read.
    it('answers a bad token with the not_authenticated code', async () => {
      const response = await graphql('{ me { id } }', { authorization: 'Bearer nope' });
      const body = (await response.json()) as { errors: { message: string; extensions: { code: string } }[] };
      expect(body.errors[0]).toMatchObject({
        message: 'Authentication required',
        extensions: { code: 'not_authenticated' },
      });
    });

    function liveClient(connectionParams: Record<string, unknown>) {
      return createClient({
        url: `${baseUrl.replace('http', 'ws')}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams,
        retryAttempts: 0,
      });
    }

    it('knows the actor of a graphql-ws connection from connectionParams.authorization', async () => {
      const user = userNamed('ada@example.com');
      answer(getUser, () => user);
      const client = liveClient({ authorization: `Bearer ${await accessToken(user, randomUUID())}` });
      try {
        const result = await new Promise<unknown>((resolve, reject) => {
          client.subscribe({ query: '{ me { id } }' }, { next: resolve, error: reject, complete: () => {} });
        });
        expect(result).toEqual({ data: { me: { id: user.id } } });
        expect(forwarded(getUser)[0]?.actor).toMatchObject({ userId: user.id });
      } finally {
        await client.dispose();
      }
    });

    it('refuses a graphql-ws connection with a bad token (4403)', async () => {
      const client = liveClient({ authorization: 'Bearer nope' });
      try {
        const closed = await new Promise<unknown>((resolve) => {
          client.subscribe(
            { query: '{ me { id } }' },
            { next: () => {}, error: resolve, complete: () => {} },
          );
        });
        expect(closed).toMatchObject({ code: 4403 });
      } finally {
        await client.dispose();
      }
    });
  });
});
