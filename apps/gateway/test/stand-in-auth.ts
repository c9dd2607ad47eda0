import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  type Actor,
  completeSocialSignIn,
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
import { type CryptoKey, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { createGatewayApp } from '../src/create-gateway.js';

/**
 * The gateway over real HTTP in front of a stand-in auth service on an in-process bus, for the
 * accounts specs: each test says what the auth service answers (`answer`) and reads what the gateway
 * forwarded (`forwarded`); tokens are signed with a key the stand-in publishes as its JWKS.
 */

const ISSUER = 'http://127.0.0.1/auth/v1';
const AUDIENCE = 'authenticated';
const KID = 'test-key';

type Envelope = { actor: Actor; data: Record<string, unknown> };
type Answer = (envelope: Envelope) => unknown;

let signingKey: CryptoKey;
let publicJwk: Record<string, unknown>;

export function userNamed(email: string | null, overrides: Partial<User> = {}): User {
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

export async function accessToken(user: User, sessionId: string, options: { expiresIn?: number } = {}) {
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

export async function sessionOf(user: User, refreshToken = `rt-${randomUUID()}`): Promise<Session> {
  return {
    accessToken: await accessToken(user, randomUUID()),
    refreshToken,
    tokenType: 'bearer',
    expiresIn: 600,
    expiresAt: Math.floor(Date.now() / 1000) + 600,
    user,
  };
}

export function refusal(code: string, message: string, details?: unknown): RemoteError {
  return new RemoteError({ code, message, ...(details === undefined ? {} : { details }) });
}

/** Expects the REST refusal auth's clients read: `status` and exactly `{ error_code, msg }`. */
export async function expectRefusal(
  response: Response,
  status: number,
  body: { error_code: string; msg: string },
): Promise<void> {
  expect(response.status).toBe(status);
  expect(await response.json()).toEqual(body);
}

export function cookiesOf(response: Response): Record<string, string> {
  return Object.fromEntries(
    response.headers.getSetCookie().map((line) => {
      const name = line.slice(0, line.indexOf('='));
      return [name, line];
    }),
  );
}

/** The stand-in's published key, as the JWKS endpoint should serve it. */
export const standInJwk = () => publicJwk;

/** Starts the gateway and the stand-in for the calling spec file (beforeAll), and resets answers before each test. */
export function useStandInAuth() {
  const bus = new InProcessBus({ namespace: uniqueNamespace('gw_auth') });
  const answers = new Map<string, Answer>();
  const received: { subject: string; actor: Actor; data: Record<string, unknown> }[] = [];
  let gateway: INestApplication;
  let baseUrl: string;

  function answer<C extends RequestContract>(contract: C, reply: Answer): void {
    answers.set(contract.subject, reply);
  }
  /** Makes the stand-in refuse `contract` as the auth service does: a RemoteError with `code`. */
  function refuse(contract: RequestContract, code: string, message: string, details?: unknown): void {
    answer(contract, () => {
      throw refusal(code, message, details);
    });
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

  return {
    answer,
    refuse,
    forwarded,
    /** Every request the stand-in received in this test. */
    received,
    post,
    get,
    /** The gateway's address, once it listens. */
    baseUrl: () => baseUrl,
  };
}
