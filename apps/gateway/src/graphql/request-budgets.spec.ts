import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  ErrorCodes,
  getJwks,
  type RequestContract,
  recordProbe,
  requestEnvelopeSchema,
} from '@memoreel/contracts';
import { createLogger, InProcessBus } from '@memoreel/platform';
import { uniqueNamespace } from '@memoreel/testing';
import type { INestApplication } from '@nestjs/common';
import { type CryptoKey, exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayApp } from '../create-gateway.js';
import { RATE_LIMITED_MESSAGE } from './request-budgets.js';

const ISSUER = 'https://memoreel.example/auth/v1';
const AUDIENCE = 'authenticated';
/** Small budgets, so a test reaches them in a few requests: one token every 12 s / 20 s / 30 s. */
const BUDGETS = {
  graphqlPerIp: { capacity: 5, periodSeconds: 60 },
  graphqlPerUser: { capacity: 3, periodSeconds: 60 },
  probesPerIp: { capacity: 2, periodSeconds: 60 },
};

interface Reply {
  status: number;
  retryAfter: string | null;
  body: {
    data?: unknown;
    errors?: { message: string; extensions?: Record<string, unknown> }[];
  };
}

let bus: InProcessBus;
let app: INestApplication;
let baseUrl: string;
let signingKey: { privateKey: CryptoKey; jwk: JWK };

/** Stand-ins for the auth and projects services on the bus: the keys, and probes recorded. */
async function standIn(contract: RequestContract, answer: (data: Record<string, string>) => unknown) {
  await bus.respond(contract.subject, 'stand-in', async (message) => {
    const { data } = requestEnvelopeSchema(contract.request).parse(message.payload);
    return { ok: true, data: answer(data as Record<string, string>) };
  });
}

beforeAll(async () => {
  bus = new InProcessBus({ namespace: uniqueNamespace('budgets') });
  const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  signingKey = { privateKey, jwk: { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'EdDSA', use: 'sig' } };
  await standIn(getJwks, () => ({ keys: [signingKey.jwk], issuer: ISSUER, audience: AUDIENCE }));
  await standIn(recordProbe, ({ id, note }) => ({ id, note, recordedAt: new Date().toISOString() }));
  app = await createGatewayApp({
    bus,
    logger: createLogger({ service: 'test', level: 'silent' }),
    requestBudgets: BUDGETS,
  });
  await app.listen(0, '127.0.0.1');
  baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app?.close();
  await bus?.close();
});

/** An access token for `userId`, signed with `key` (the auth service's, unless a forger's). */
function accessToken(userId: string, key: CryptoKey = signingKey.privateKey): Promise<string> {
  return new SignJWT({ sid: randomUUID(), role: 'user', is_anonymous: false, email: null, aal: 'aal1' })
    .setProtectedHeader({ alg: 'EdDSA', kid: 'k1' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(key);
}

/** A GraphQL request from `ip` (the gateway trusts loopback proxies, so X-Forwarded-For names it). */
async function ask(query: string, from: { ip: string; token?: string }): Promise<Reply> {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': from.ip,
      ...(from.token ? { authorization: `Bearer ${from.token}` } : {}),
    },
    body: JSON.stringify({ query }),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as Reply['body'],
  };
}

const anIp = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
let nextIp = 1;
const freshIp = () => `203.0.113.${nextIp++}`;

describe('GraphQL request budgets', () => {
  it('refuses an address past its budget with RATE_LIMITED, 429 and Retry-After; other addresses go on', async () => {
    const ip = freshIp();
    for (let i = 0; i < BUDGETS.graphqlPerIp.capacity; i++) {
      expect((await ask('{ __typename }', { ip })).status).toBe(200);
    }
    const refused = await ask('{ __typename }', { ip });
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBe('12');
    expect(refused.body).toEqual({
      errors: [
        {
          message: RATE_LIMITED_MESSAGE,
          extensions: { code: ErrorCodes.rateLimited, retryAfterSeconds: 12 },
        },
      ],
    });
    expect((await ask('{ __typename }', { ip: freshIp() })).body.data).toEqual({ __typename: 'Query' });
  });

  it('holds a signed-in user to their own budget from any address, and only a verified token spends it', async () => {
    const userId = randomUUID();
    const token = await accessToken(userId);
    for (let i = 0; i < BUDGETS.graphqlPerUser.capacity; i++) {
      expect((await ask('{ __typename }', { ip: freshIp(), token })).status).toBe(200);
    }
    const refused = await ask('{ __typename }', { ip: freshIp(), token });
    expect(refused.status).toBe(429);
    expect(refused.body.errors?.[0]?.extensions).toEqual({
      code: ErrorCodes.rateLimited,
      retryAfterSeconds: 20,
    });

    // A stranger forging the user's id cannot spend (nor is stopped by) the user's budget.
    const forger = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const forged = await ask('{ __typename }', {
      ip: freshIp(),
      token: await accessToken(userId, forger.privateKey),
    });
    expect(forged.body.errors?.[0]?.extensions?.code).not.toBe(ErrorCodes.rateLimited);
  });

  it('limits recordProbe, which needs no session, per address (RATE_LIMITED with Retry-After)', async () => {
    const ip = anIp();
    const record = () => ask(`mutation { recordProbe(id: "${randomUUID()}", note: "check") { id } }`, { ip });
    for (let i = 0; i < BUDGETS.probesPerIp.capacity; i++) {
      expect((await record()).body.errors).toBeUndefined();
    }
    // A resolver's refusal: Nest keeps the status of answers with `data` at 200, Retry-After stays.
    const refused = await record();
    expect(refused.retryAfter).toBe('30');
    expect(refused.body.errors?.[0]).toMatchObject({
      message: RATE_LIMITED_MESSAGE,
      extensions: { code: ErrorCodes.rateLimited, retryAfterSeconds: 30 },
    });
    // Other operations from the address still have their budget.
    expect((await ask('{ __typename }', { ip })).status).toBe(200);
  });
});
