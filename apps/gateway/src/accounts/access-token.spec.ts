import { randomUUID } from 'node:crypto';
import { GUEST } from '@memoreel/contracts';
import { RemoteError } from '@memoreel/platform';
import { type CryptoKey, exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AccessTokenVerifier, type Jwks, NotAuthenticatedError } from './access-token.js';

const ISSUER = 'https://memoreel.example/auth/v1';
const AUDIENCE = 'authenticated';

type SigningKey = { kid: string; privateKey: CryptoKey; jwk: JWK };

async function signingKey(kid: string): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  return { kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'EdDSA', use: 'sig' } };
}

const userId = randomUUID();
const sessionId = randomUUID();

function claims(overrides: Record<string, unknown> = {}) {
  return {
    sid: sessionId,
    role: 'user',
    is_anonymous: false,
    email: 'ada@example.com',
    aal: 'aal1',
    ...overrides,
  };
}

function sign(
  key: SigningKey,
  options: {
    claims?: Record<string, unknown>;
    issuer?: string;
    audience?: string;
    expiresIn?: string | number;
  } = {},
): Promise<string> {
  return new SignJWT(claims(options.claims))
    .setProtectedHeader({ alg: 'EdDSA', kid: key.kid })
    .setSubject(userId)
    .setIssuer(options.issuer ?? ISSUER)
    .setAudience(options.audience ?? AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? '10m')
    .sign(key.privateKey);
}

function jwksOf(...keys: SigningKey[]): Jwks {
  return { keys: keys.map((key) => ({ ...key.jwk })), issuer: ISSUER, audience: AUDIENCE };
}

describe('AccessTokenVerifier', () => {
  let current: SigningKey;
  let next: SigningKey;
  let stranger: SigningKey;

  beforeAll(async () => {
    [current, next, stranger] = await Promise.all([signingKey('k1'), signingKey('k2'), signingKey('k1')]);
  });

  it('turns a valid token into the signed-in actor and fetches the keys once', async () => {
    const fetchJwks = vi.fn(async () => jwksOf(current));
    const verifier = new AccessTokenVerifier(fetchJwks);
    const token = await sign(current);

    expect(await verifier.actorFor(`Bearer ${token}`)).toEqual({
      userId,
      role: 'user',
      isAnonymous: false,
      sessionId,
    });
    await verifier.actorFor(`bearer ${token}`);
    expect(fetchJwks).toHaveBeenCalledTimes(1);
  });

  it('vouches for admins and guests (anonymous users) as the token says', async () => {
    const verifier = new AccessTokenVerifier(async () => jwksOf(current));
    const admin = await verifier.actorFor(`Bearer ${await sign(current, { claims: { role: 'admin' } })}`);
    expect(admin.role).toBe('admin');
    const guest = await verifier.actorFor(
      `Bearer ${await sign(current, { claims: { is_anonymous: true, email: null } })}`,
    );
    expect(guest).toMatchObject({ role: 'user', isAnonymous: true });
  });

  it('treats a request without a token as a guest', async () => {
    const fetchJwks = vi.fn(async () => jwksOf(current));
    expect(await new AccessTokenVerifier(fetchJwks).actorFor(undefined)).toEqual(GUEST);
    expect(fetchJwks).not.toHaveBeenCalled();
  });

  it.each<[string, (key: SigningKey) => Promise<string>]>([
    ['an expired token', (key) => sign(key, { expiresIn: Math.floor(Date.now() / 1000) - 60 })],
    ['another issuer', (key) => sign(key, { issuer: 'https://evil.example' })],
    ['another audience', (key) => sign(key, { audience: 'somebody-else' })],
    ['claims outside the schema', (key) => sign(key, { claims: { role: 'superuser' } })],
    ['a session id that is not a uuid', (key) => sign(key, { claims: { sid: 'nope' } })],
    ['a tampered payload', async (key) => `${(await sign(key)).slice(0, -4)}AAAA`],
    ['garbage', async () => 'not.a.jwt'],
  ])('refuses %s with not_authenticated', async (_case, token) => {
    const verifier = new AccessTokenVerifier(async () => jwksOf(current));
    await expect(verifier.actorFor(`Bearer ${await token(current)}`)).rejects.toBeInstanceOf(
      NotAuthenticatedError,
    );
  });

  it('refuses a token signed by a key with a known kid but another secret', async () => {
    const verifier = new AccessTokenVerifier(async () => jwksOf(current));
    await expect(verifier.verify(await sign(stranger))).rejects.toMatchObject({
      code: 'not_authenticated',
      message: 'Authentication required',
    });
  });

  it.each(['Basic dXNlcjpwYXNz', 'Bearer', 'Bearer ', 'Bearer a b'])(
    'refuses the Authorization value %j instead of treating it as a guest',
    async (authorization) => {
      const verifier = new AccessTokenVerifier(async () => jwksOf(current));
      await expect(verifier.actorFor(authorization)).rejects.toBeInstanceOf(NotAuthenticatedError);
    },
  );

  it('refetches the keys when a token names an unknown kid (rotation)', async () => {
    let now = 0;
    const published = [jwksOf(current), jwksOf(current, next)];
    const fetchJwks = vi.fn(async () => published[Math.min(fetchJwks.mock.calls.length - 1, 1)]!);
    const verifier = new AccessTokenVerifier(fetchJwks, () => now);
    await verifier.verify(await sign(current));

    now = 60_000;
    const rotated = await sign(next);
    const [first, second] = await Promise.all([verifier.verify(rotated), verifier.verify(rotated)]);
    expect(first.sub).toBe(userId);
    expect(second.sub).toBe(userId);
    expect(fetchJwks).toHaveBeenCalledTimes(2);
  });

  it('does not refetch again right after a fetch, so forged kids cannot flood the auth service', async () => {
    const fetchJwks = vi.fn(async () => jwksOf(current));
    const verifier = new AccessTokenVerifier(fetchJwks, () => 1_000);
    await verifier.verify(await sign(current));
    const forged = await sign({ ...stranger, kid: 'unknown' });
    await expect(verifier.verify(forged)).rejects.toBeInstanceOf(NotAuthenticatedError);
    await expect(verifier.verify(forged)).rejects.toBeInstanceOf(NotAuthenticatedError);
    expect(fetchJwks).toHaveBeenCalledTimes(1);
  });

  it('answers with the bus failure when the keys cannot be fetched, and tries again next time', async () => {
    const unavailable = new RemoteError({ code: 'UNAVAILABLE', message: 'No responders' });
    const fetchJwks = vi.fn<() => Promise<Jwks>>().mockRejectedValueOnce(unavailable);
    fetchJwks.mockResolvedValue(jwksOf(current));
    const verifier = new AccessTokenVerifier(fetchJwks);
    const token = await sign(current);

    await expect(verifier.verify(token)).rejects.toBe(unavailable);
    expect((await verifier.verify(token)).sid).toBe(sessionId);
  });

  it('serves the public keys it verifies with', async () => {
    const verifier = new AccessTokenVerifier(async () => jwksOf(current));
    expect(await verifier.jwks()).toEqual({ keys: [current.jwk] });
  });
});
