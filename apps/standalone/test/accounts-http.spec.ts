import { authService } from '@memoreel/auth';
import { createGatewayApp } from '@memoreel/gateway';
import {
  createLogger,
  InProcessBus,
  migrateSchema,
  type RunningService,
  startService,
} from '@memoreel/platform';
import { CookieJar, createTestDatabase, solveBotCheck, uniqueNamespace } from '@memoreel/testing';
import type { INestApplication } from '@nestjs/common';
import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { freePort } from '../src/embedded-database.js';
import { type CaughtMail, type MailCatcher, startMailCatcher } from '../src/mail-catcher.js';

/**
 * The accounts HTTP surface end to end: the real auth service, the gateway and the mail catcher
 * on a test database, driven like a browser (plain fetch, a cookie jar, redirects by hand).
 */

interface PublicSession {
  accessToken: string;
  user: { id: string; email: string | null; isAnonymous: boolean; emailConfirmedAt: string | null };
}

describe('accounts over HTTP (auth service + gateway + mail catcher)', () => {
  const logger = createLogger({ service: 'test', level: 'silent' });
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let bus: InProcessBus;
  let auth: RunningService;
  let mail: MailCatcher;
  let gateway: INestApplication;
  let baseUrl: string;

  beforeAll(async () => {
    database = await createTestDatabase({ services: ['auth'], migrate: migrateSchema });
    bus = new InProcessBus({ namespace: uniqueNamespace('accounts') });
    mail = await startMailCatcher({ print: () => {} });
    // Links in e-mails and the tokens' issuer are built on the public URL: fix the port first.
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    auth = await startService(authService, {
      name: authService.name,
      bus,
      databaseUrl: database.url,
      logger,
      // A small proof of work keeps the bot check quick to solve here.
      env: { PUBLIC_URL: baseUrl, SMTP_URL: mail.smtpUrl, ALTCHA_MAX_NUMBER: '1000' },
    });
    gateway = await createGatewayApp({
      bus,
      logger,
      publicUrl: baseUrl,
      routes: [{ path: '/dev/mail', handler: mail.routes }],
    });
    await gateway.listen(port, '127.0.0.1');
  });

  afterAll(async () => {
    await gateway?.close();
    await auth?.close();
    await bus?.close();
    await mail?.stop();
    await database?.drop();
  });

  function call(
    method: string,
    path: string,
    options: { jar?: CookieJar; body?: unknown; token?: string; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const cookie = options.jar?.header();
    if (cookie) headers.cookie = cookie;
    return fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
      redirect: 'manual',
    }).then((response) => {
      options.jar?.take(response);
      return response;
    });
  }

  /** What the ALTCHA widget does in the browser: fetch the challenge, find the number, post the payload. */
  async function solvedBotCheck(): Promise<string> {
    return solveBotCheck(await (await call('GET', '/auth/v1/bot-check/challenge')).json());
  }

  async function mailTo(address: string): Promise<CaughtMail> {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const list = (await (await call('GET', '/dev/mail')).json()) as CaughtMail[];
      const found = list.find((message) => message.to.includes(address));
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no mail reached ${address}`);
  }

  async function graphql(query: string, token?: string) {
    const response = await call('POST', '/graphql', { body: { query }, ...(token ? { token } : {}) });
    return (await response.json()) as {
      data?: Record<string, unknown>;
      errors?: { extensions: { code: string } }[];
    };
  }

  it('signs up, confirms by the e-mailed link, refreshes, reads the user and signs out', async () => {
    const jar = new CookieJar();
    const email = `ada-${Date.now()}@example.com`;

    const signUp = await call('POST', '/auth/v1/signup', {
      jar,
      body: {
        email,
        password: 'Correct-horse-9',
        fullName: 'Ada',
        redirectTo: '/welcome',
        botCheck: await solvedBotCheck(),
      },
    });
    expect(signUp.status).toBe(200);
    const created = (await signUp.json()) as { user: { id: string }; session: unknown };
    expect(created.session).toBeNull();
    expect(jar.has('memoreel-refresh')).toBe(false);

    const confirmation = await mailTo(email);
    const link = confirmation.links.find((candidate) => candidate.includes('/auth/v1/verify'));
    expect(link, `a verify link in ${JSON.stringify(confirmation.links)}`).toBeDefined();

    const verified = await call('GET', new URL(link ?? '').pathname + new URL(link ?? '').search, { jar });
    expect(verified.status).toBe(303);
    const callback = new URL(verified.headers.get('location') ?? '', baseUrl);
    expect(callback.pathname).toBe('/auth/callback');
    expect(callback.searchParams.get('error')).toBeNull();
    expect(callback.searchParams.get('next')).toBe('/welcome');
    expect(jar.has('memoreel-refresh')).toBe(true);

    const refreshed = await call('POST', '/auth/v1/token?grant_type=refresh_token', { jar });
    expect(refreshed.status).toBe(200);
    const session = (await refreshed.json()) as PublicSession & { refreshToken?: string };
    expect(session.refreshToken).toBeUndefined();
    expect(session.user).toMatchObject({ id: created.user.id, email });

    const user = await call('GET', '/auth/v1/user', { token: session.accessToken });
    expect(user.status).toBe(200);
    expect(await user.json()).toMatchObject({ id: created.user.id, email, isAnonymous: false });

    const signedOut = await call('POST', '/auth/v1/logout', { jar, token: session.accessToken });
    expect(signedOut.status).toBe(204);
    expect(jar.has('memoreel-refresh')).toBe(false);

    const stale = new CookieJar();
    stale.take(refreshed);
    const afterSignOut = await call('POST', '/auth/v1/token?grant_type=refresh_token', { jar: stale });
    expect(afterSignOut.status).toBe(401);

    const signedIn = await call('POST', '/auth/v1/token?grant_type=password', {
      jar,
      body: { email, password: 'Correct-horse-9' },
    });
    expect(signedIn.status).toBe(200);
    expect(jar.has('memoreel-refresh')).toBe(true);
  });

  it('converts a guest into an account with the same id', async () => {
    const response = await call('POST', '/auth/v1/anonymous', { body: { botCheck: await solvedBotCheck() } });
    const guest = (await response.json()) as PublicSession;
    const email = `guest-${Date.now()}@example.com`;

    const converted = await call('PUT', '/auth/v1/user', {
      token: guest.accessToken,
      body: { email, password: 'Correct-horse-9' },
    });

    expect(converted.status).toBe(200);
    const user = (await converted.json()) as { id: string; email: string | null; newEmail: string | null };
    expect(user.id).toBe(guest.user.id);
    expect([user.email, user.newEmail]).toContain(email);
    expect((await mailTo(email)).links.some((link) => link.includes('/auth/v1/verify'))).toBe(true);
  });

  it('signs in a guest only with a solved bot check', async () => {
    const unsolved = await call('POST', '/auth/v1/anonymous', { body: { botCheck: '' } });
    expect(unsolved.status).toBe(400);
    expect(await unsolved.json()).toMatchObject({
      error_code: 'VALIDATION_FAILED',
      msg: 'Please complete the captcha verification',
    });
    const forged = await call('POST', '/auth/v1/anonymous', {
      body: { botCheck: Buffer.from('{"number":1}').toString('base64') },
    });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ error_code: 'captcha_failed' });

    const jar = new CookieJar();
    const response = await call('POST', '/auth/v1/anonymous', {
      jar,
      body: { botCheck: await solvedBotCheck() },
    });
    expect(response.status).toBe(200);
    const session = (await response.json()) as PublicSession;
    expect(session.user).toMatchObject({ isAnonymous: true, email: null });
    expect(jar.has('memoreel-refresh')).toBe(true);
  });

  it('answers a bad bearer token with 401 not_authenticated', async () => {
    const response = await call('GET', '/auth/v1/user', { token: 'not-a-token' });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error_code: 'not_authenticated',
      msg: 'Authentication required',
    });
  });

  it('answers a second mail to one address within a minute with 429 and Retry-After', async () => {
    const email = `otp-${Date.now()}@example.com`;
    const first = await call('POST', '/auth/v1/otp', { body: { email, botCheck: await solvedBotCheck() } });
    expect(first.status).toBe(200);
    const second = await call('POST', '/auth/v1/otp', { body: { email, botCheck: await solvedBotCheck() } });
    expect(second.status).toBe(429);
    expect(await second.json()).toMatchObject({ error_code: 'over_email_send_rate_limit' });
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('answers GraphQL me with null for a guest and the user for a token', async () => {
    expect(await graphql('{ me { id } }')).toEqual({ data: { me: null } });

    const response = await call('POST', '/auth/v1/anonymous', { body: { botCheck: await solvedBotCheck() } });
    const session = (await response.json()) as PublicSession;
    expect(await graphql('{ me { id isAnonymous roles } }', session.accessToken)).toEqual({
      data: { me: { id: session.user.id, isAnonymous: true, roles: [] } },
    });
    expect((await graphql('{ me { id } }', 'forged'))?.errors?.[0]?.extensions.code).toBe(
      'not_authenticated',
    );
  });

  it('knows the actor of a graphql-ws connection from connectionParams.authorization', async () => {
    const response = await call('POST', '/auth/v1/anonymous', { body: { botCheck: await solvedBotCheck() } });
    const session = (await response.json()) as PublicSession;
    const client = createClient({
      url: `${baseUrl.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${session.accessToken}` },
      retryAttempts: 0,
    });
    try {
      const result = await new Promise<unknown>((resolve, reject) => {
        client.subscribe({ query: '{ me { id } }' }, { next: resolve, error: reject, complete: () => {} });
      });
      expect(result).toEqual({ data: { me: { id: session.user.id } } });
    } finally {
      await client.dispose();
    }
  });

  /** A confirmed account, as the sign-up test makes one: sign up, open the e-mailed link. */
  async function confirmedAccount(): Promise<{ email: string; password: string }> {
    const email = `grace-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const password = 'Correct-horse-9';
    await call('POST', '/auth/v1/signup', { body: { email, password, botCheck: await solvedBotCheck() } });
    const link = new URL(
      (await mailTo(email)).links.find((candidate) => candidate.includes('/auth/v1/verify')) ?? '',
    );
    await call('GET', link.pathname + link.search, { jar: new CookieJar() });
    return { email, password };
  }

  it('refuses a cross-site form post to the auth API (login CSRF) and plants no session', async () => {
    const { email, password } = await confirmedAccount();
    const form = new URLSearchParams({ email, password }).toString();
    const asForm = { 'content-type': 'application/x-www-form-urlencoded' };

    const crossSite = await fetch(`${baseUrl}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { ...asForm, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      body: form,
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.getSetCookie()).toEqual([]);

    // Even from a client that names no origin, a form body is not taken.
    const noOrigin = await fetch(`${baseUrl}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: asForm,
      body: form,
    });
    expect(noOrigin.status).toBe(415);
    expect(noOrigin.headers.getSetCookie()).toEqual([]);

    const signUpFromElsewhere = await call('POST', '/auth/v1/signup', {
      body: { email: `mallory-${Date.now()}@example.com`, password },
      headers: { origin: 'https://evil.example' },
    });
    expect(signUpFromElsewhere.status).toBe(403);

    // The same request from our own page signs in.
    const own = await call('POST', '/auth/v1/token?grant_type=password', {
      body: { email, password },
      headers: { origin: baseUrl, 'sec-fetch-site': 'same-origin' },
    });
    expect(own.status).toBe(200);
  });

  it('does not sign out on a cross-site request: the session and its cookie stay', async () => {
    const { email, password } = await confirmedAccount();
    const jar = new CookieJar();
    const session = (await (
      await call('POST', '/auth/v1/token?grant_type=password', { jar, body: { email, password } })
    ).json()) as PublicSession;

    const forged = await call('POST', '/auth/v1/logout', {
      jar,
      token: session.accessToken,
      headers: { origin: 'https://evil.example' },
    });
    expect(forged.status).toBe(403);
    expect(jar.has('memoreel-refresh')).toBe(true);
    expect((await call('POST', '/auth/v1/token?grant_type=refresh_token', { jar })).status).toBe(200);
  });

  it('signs out by the refresh cookie when the access token has expired (or is bad)', async () => {
    const { email, password } = await confirmedAccount();
    const jar = new CookieJar();
    await call('POST', '/auth/v1/token?grant_type=password', { jar, body: { email, password } });
    const kept = new CookieJar();
    kept.take(await call('POST', '/auth/v1/token?grant_type=refresh_token', { jar }));

    const signedOut = await call('POST', '/auth/v1/logout', { jar, token: 'expired.or.forged' });
    expect(signedOut.status).toBe(204);
    expect(jar.has('memoreel-refresh')).toBe(false);

    // The refresh token a thief might have kept is dead too: the session itself was revoked.
    expect((await call('POST', '/auth/v1/token?grant_type=refresh_token', { jar: kept })).status).toBe(401);
  });

  it('ends a live connection when its session ends: a socket opened before sign-out can do nothing after it', async () => {
    const { email, password } = await confirmedAccount();
    const jar = new CookieJar();
    const session = (await (
      await call('POST', '/auth/v1/token?grant_type=password', { jar, body: { email, password } })
    ).json()) as PublicSession;
    const client = createClient({
      url: `${baseUrl.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${session.accessToken}` },
      retryAttempts: 0,
      lazy: false,
      // The close below is what this test expects; the client would print it as an error.
      onNonLazyError: () => {},
    });
    const closed = new Promise<{ code: number; reason: string }>((resolve) => {
      client.on('closed', (event) => {
        const { code, reason } = event as { code: number; reason: string };
        resolve({ code, reason: String(reason) });
      });
    });
    const ask = () =>
      new Promise<unknown>((resolve, reject) => {
        client.subscribe(
          { query: '{ me { id } }' },
          { next: resolve, error: () => reject(new Error('refused')), complete: () => {} },
        );
      });
    try {
      expect(await ask()).toEqual({ data: { me: { id: session.user.id } } });

      expect((await call('POST', '/auth/v1/logout', { jar, token: session.accessToken })).status).toBe(204);

      // Closed by the gateway at once (4403), not when the token runs out ten minutes later.
      expect(await closed).toEqual({ code: 4403, reason: 'Forbidden: the session has ended' });
      await expect(ask()).rejects.toThrow('refused');
    } finally {
      await client.dispose();
    }
  });
});
