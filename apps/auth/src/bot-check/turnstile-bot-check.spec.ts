import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { authErrorCodes, issueBotChallenge, signInAnonymously } from '@memoreel/contracts';
import { createLogger } from '@memoreel/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aClient, GUEST_ACTOR, useAuth } from '../../test/auth-harness.js';
import { TurnstileBotCheck } from './turnstile-bot-check.js';

/** Stands in for Cloudflare's siteverify: accepts the token "human", records every request. */
let siteverify: Server;
let verifyUrl: string;
const requests: { method: string; contentType: string; form: URLSearchParams }[] = [];

async function body(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text;
}

beforeAll(async () => {
  siteverify = createServer((request, response) => {
    void body(request).then((text) => {
      const form = new URLSearchParams(text);
      requests.push({
        method: request.method ?? '',
        contentType: request.headers['content-type'] ?? '',
        form,
      });
      const success = form.get('response') === 'human' && form.get('secret') === 'turnstile-secret';
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify(success ? { success } : { success, 'error-codes': ['invalid-input-response'] }),
      );
    });
  });
  await new Promise<void>((resolve) => siteverify.listen(0, '127.0.0.1', resolve));
  verifyUrl = `http://127.0.0.1:${(siteverify.address() as AddressInfo).port}/siteverify`;
});
afterAll(() => siteverify?.close());
const auth = useAuth(() => ({
  TURNSTILE_SITE_KEY: 'turnstile-site',
  TURNSTILE_SECRET_KEY: 'turnstile-secret',
  TURNSTILE_VERIFY_URL: verifyUrl,
}));

describe('Turnstile bot check', () => {
  it('replaces ALTCHA when configured: the challenge is the site key', async () => {
    expect(await auth.request(issueBotChallenge, GUEST_ACTOR, {})).toEqual({
      provider: 'turnstile',
      siteKey: 'turnstile-site',
    });
  });

  it('posts secret, token and the client IP as a form, and trusts the answer', async () => {
    const client = aClient();
    const session = await auth.request(signInAnonymously, GUEST_ACTOR, { client, botCheck: 'human' });
    expect(session.user.isAnonymous).toBe(true);
    const sent = requests.at(-1);
    expect(sent?.method).toBe('POST');
    expect(sent?.contentType).toContain('application/x-www-form-urlencoded');
    expect(Object.fromEntries(sent?.form ?? [])).toEqual({
      secret: 'turnstile-secret',
      response: 'human',
      remoteip: client.ip,
    });

    const refused = await auth.failure(signInAnonymously, GUEST_ACTOR, { client, botCheck: 'robot' });
    expect(refused.code).toBe(authErrorCodes.captchaFailed);
  });

  it('refuses when siteverify cannot be reached', async () => {
    const unreachable = new TurnstileBotCheck(
      { siteKey: 's', secretKey: 'turnstile-secret', verifyUrl: 'http://127.0.0.1:9/siteverify' },
      createLogger({ service: 'test', level: 'silent' }),
    );
    expect(await unreachable.verify('human', { ip: '192.0.2.1' })).toBe(false);
  });
});
