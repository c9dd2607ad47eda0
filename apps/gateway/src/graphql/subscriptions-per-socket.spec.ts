import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { getJwks } from '@memoreel/contracts';
import { createLogger, InProcessBus } from '@memoreel/platform';
import { uniqueNamespace } from '@memoreel/testing';
import type { INestApplication } from '@nestjs/common';
import { type Client, createClient } from 'graphql-ws';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { createGatewayApp } from '../create-gateway.js';
import { LIVE_LIMITS } from '../gateway.limits.js';
import { TOO_MANY_SUBSCRIPTIONS } from './graphql-context.js';

let bus: InProcessBus;
let app: INestApplication;
let url: string;
let authorization: string;
const clients: Client[] = [];

/** A signed-in user's token, checked against keys this test publishes in auth's place. */
async function answerAsAuth(): Promise<string> {
  const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test', alg: 'EdDSA', use: 'sig' };
  const issuer = 'https://memoreel.example/auth/v1';
  await bus.respond(getJwks.subject, 'auth', async () => ({
    ok: true,
    data: { keys: [jwk], issuer, audience: 'authenticated' },
  }));
  const token = await new SignJWT({
    sid: randomUUID(),
    role: 'user',
    is_anonymous: false,
    email: 'ada@example.com',
    aal: 'aal1',
  })
    .setProtectedHeader({ alg: 'EdDSA', kid: 'test' })
    .setSubject(randomUUID())
    .setIssuer(issuer)
    .setAudience('authenticated')
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(privateKey);
  return `Bearer ${token}`;
}

beforeAll(async () => {
  bus = new InProcessBus({ namespace: uniqueNamespace('sockets') });
  authorization = await answerAsAuth();
  app = await createGatewayApp({ bus, logger: createLogger({ service: 'test', level: 'silent' }) });
  await app.listen(0, '127.0.0.1');
  url = `ws://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}/graphql`;
});
afterAll(async () => {
  for (const client of clients) await client.dispose();
  await app?.close();
  await bus?.close();
});

/** One graphql-ws socket, as the SPA opens it for a signed-in user (probeCompleted is theirs only). */
function socket(): Client {
  const client = createClient({
    url,
    webSocketImpl: WebSocket,
    lazy: false,
    retryAttempts: 0,
    connectionParams: { authorization },
  });
  clients.push(client);
  return client;
}

/** Follows a probe's completion; collects what the server answers on this operation. */
function followProbe(client: Client) {
  const outcome = { errors: [] as { message: string; extensions?: { code?: string } }[], completed: false };
  const stop = client.subscribe(
    { query: `subscription { probeCompleted(id: "${randomUUID()}") { id } }` },
    {
      next: () => {},
      error: (error) => outcome.errors.push(...(error as typeof outcome.errors)),
      complete: () => {
        outcome.completed = true;
      },
    },
  );
  return { outcome, stop };
}

describe('subscriptions per graphql-ws socket', () => {
  it(`holds ${LIVE_LIMITS.subscriptionsPerSocket} at once; one more is refused until one ends`, async () => {
    const client = socket();
    const open = Array.from({ length: LIVE_LIMITS.subscriptionsPerSocket }, () => followProbe(client));
    const extra = followProbe(client);

    await vi.waitFor(() => expect(extra.outcome.errors).toHaveLength(1));
    expect(extra.outcome.errors[0]).toMatchObject({
      message: TOO_MANY_SUBSCRIPTIONS.message,
      extensions: { code: TOO_MANY_SUBSCRIPTIONS.code },
    });
    expect(open.every(({ outcome }) => outcome.errors.length === 0)).toBe(true);

    // Another socket has its own allowance.
    const elsewhere = followProbe(socket());
    open[0]?.stop();
    const next = followProbe(client);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(next.outcome.errors).toEqual([]);
    expect(elsewhere.outcome.errors).toEqual([]);
  });
});
