import { randomUUID } from 'node:crypto';
import {
  authErrorCodes,
  authMessages,
  completeSocialSignIn,
  GUEST,
  getUser,
  issueBotChallenge,
  refreshSession,
  startSocialSignIn,
  verifyOtp,
} from '@memoreel/contracts';
import { createClient } from 'graphql-ws';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  accessToken,
  cookiesOf,
  sessionOf,
  standInJwk,
  userNamed,
  useStandInAuth,
} from '../../test/stand-in-auth.js';

/**
 * The gateway's accounts layer over real HTTP, against a stand-in auth service on the bus: e-mail
 * links, social sign-in, the public endpoints and GraphQL's actor — how answers become redirects.
 */
describe('accounts over HTTP (stand-in auth service)', () => {
  const { answer, refuse, forwarded, get, baseUrl: gatewayUrl } = useStandInAuth();

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
      refuse(verifyOtp, authErrorCodes.otpExpired, authMessages.errors.otpExpired);
      const response = await get('/auth/v1/verify?token_hash=old&type=recovery');
      expect(response.status).toBe(303);
      const location = new URL(response.headers.get('location') ?? '', gatewayUrl());
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
      expect(
        new URL(response.headers.get('location') ?? '', gatewayUrl()).searchParams.get('error_code'),
      ).toBe('VALIDATION_FAILED');
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
        callbackUrl: `${gatewayUrl()}/auth/v1/callback`,
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
        callbackUrl: `${gatewayUrl()}/auth/v1/callback?code=c0de&state=st4te`,
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
      const location = new URL(response.headers.get('location') ?? '', gatewayUrl());
      expect(location.searchParams.get('error_code')).toBe('bad_oauth_callback');
      expect(forwarded(completeSocialSignIn)).toEqual([]);
    });

    it('sends a provider that is not configured to the SPA as an error', async () => {
      refuse(
        startSocialSignIn,
        authErrorCodes.providerNotConfigured,
        authMessages.errors.providerNotConfigured,
      );
      const response = await get('/auth/v1/authorize?provider=myspace');
      expect(response.status).toBe(303);
      expect(
        new URL(response.headers.get('location') ?? '', gatewayUrl()).searchParams.get('error_code'),
      ).toBe('provider_disabled');
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
      expect(await response.json()).toEqual({ keys: [standInJwk()] });
    });
  });

  describe('GraphQL', () => {
    const graphql = (query: string, headers: Record<string, string> = {}) =>
      fetch(`${gatewayUrl()}/graphql`, {
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
        url: `${gatewayUrl().replace('http', 'ws')}/graphql`,
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
