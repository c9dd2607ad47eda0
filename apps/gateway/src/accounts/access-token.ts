import {
  type AccessTokenClaims,
  AccessTokenClaimsSchema,
  type Actor,
  authErrorCodes,
  authMessages,
  GUEST,
  type getJwks,
  mfaErrorCodes,
  mfaMessages,
} from '@memoreel/contracts';
import { RemoteError } from '@memoreel/platform';
import {
  createLocalJWKSet,
  errors,
  type JSONWebKeySet,
  type JWK,
  type JWTVerifyGetKey,
  jwtVerify,
} from 'jose';
import type { z } from 'zod';

export type Jwks = z.output<typeof getJwks.reply>;

/** A missing, malformed, expired or forged access token: the caller must refresh or sign in again. */
export class NotAuthenticatedError extends RemoteError {
  override name = 'NotAuthenticatedError';

  constructor(options?: ErrorOptions) {
    super(
      { code: authErrorCodes.notAuthenticated, message: authMessages.errors.authenticationRequired },
      options,
    );
  }
}

/**
 * An aal1 token of a user with a verified factor (`mfa_pending`): its holder knows the password but
 * has not passed the second factor, so it may only finish the challenge or sign out (decision 0027).
 */
export class SecondFactorPendingError extends RemoteError {
  override name = 'SecondFactorPendingError';

  constructor() {
    super({ code: mfaErrorCodes.insufficientAal, message: mfaMessages.errors.insufficientAal });
  }
}

/** What a caller of `actorFor`/`bearerOf` accepts besides a fully signed-in token. */
export interface BearerOptions {
  /** Whether an aal1 token that must still pass the two-factor challenge is let through. */
  allowSecondFactorPending?: boolean;
}

const ALGORITHMS = ['EdDSA', 'ES256'];
const CLOCK_TOLERANCE_SECONDS = 5;
// A token with an unknown `kid` refetches the keys (rotation), but at most this often: forged kids cannot flood auth.
const REFETCH_COOLDOWN_MS = 30_000;
const BEARER = /^Bearer +(\S+) *$/i;

interface KeyRing {
  getKey: JWTVerifyGetKey;
  keys: JSONWebKeySet;
  issuer: string;
  audience: string;
}

interface KeyRingLoad {
  ring: Promise<KeyRing>;
  startedAt: number;
}

/** The actor an access token vouches for. */
export function actorFromClaims(claims: AccessTokenClaims): Actor {
  return {
    userId: claims.sub,
    role: claims.role === 'admin' ? 'admin' : 'user',
    isAnonymous: claims.is_anonymous,
    sessionId: claims.sid,
  };
}

/**
 * Verifies access tokens against the auth service's public keys, fetched over the bus once and
 * refetched when a token names a key the gateway has not seen (key rotation).
 */
export class AccessTokenVerifier {
  private load?: KeyRingLoad;

  constructor(
    private readonly fetchJwks: () => Promise<Jwks>,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The actor behind an `Authorization` value: a guest without one, `NotAuthenticatedError` for a
   * bad one, `SecondFactorPendingError` for a session still owing its second factor unless allowed.
   */
  async actorFor(authorization: string | undefined, options: BearerOptions = {}): Promise<Actor> {
    return (await this.bearerOf(authorization, options)).actor;
  }

  /** The actor and when its token expires (ms since epoch; never for a guest without a token). */
  async bearerOf(
    authorization: string | undefined,
    options: BearerOptions = {},
  ): Promise<{ actor: Actor; expiresAtMs: number }> {
    if (authorization === undefined) return { actor: GUEST, expiresAtMs: Number.POSITIVE_INFINITY };
    const token = BEARER.exec(authorization)?.[1];
    if (!token) throw new NotAuthenticatedError();
    const claims = await this.verify(token);
    // Refused by default: every way into the API must opt in to let such a session through.
    if (claims.mfa_pending === true && !options.allowSecondFactorPending)
      throw new SecondFactorPendingError();
    return { actor: actorFromClaims(claims), expiresAtMs: claims.exp * 1000 };
  }

  async verify(token: string): Promise<AccessTokenClaims> {
    const used = this.keyRingLoad();
    try {
      return await verifyWith(token, await used.ring);
    } catch (error) {
      const refetched = error instanceof errors.JWKSNoMatchingKey ? this.refetchAfterMiss(used) : undefined;
      if (!refetched) throw asNotAuthenticated(error);
      return verifyWith(token, await refetched.ring).catch((retryError: unknown) => {
        throw asNotAuthenticated(retryError);
      });
    }
  }

  /** The public keys, for `/.well-known/jwks.json`. */
  async jwks(): Promise<JSONWebKeySet> {
    return (await this.keyRingLoad().ring).keys;
  }

  private keyRingLoad(): KeyRingLoad {
    return this.load ?? this.startLoad();
  }

  /** Another request may have refetched already; otherwise refetch unless the last fetch is too recent. */
  private refetchAfterMiss(used: KeyRingLoad): KeyRingLoad | undefined {
    if (this.load !== used) return this.keyRingLoad();
    return this.now() - used.startedAt < REFETCH_COOLDOWN_MS ? undefined : this.startLoad();
  }

  private startLoad(): KeyRingLoad {
    const load: KeyRingLoad = { ring: this.fetchKeyRing(), startedAt: this.now() };
    this.load = load;
    // A failed fetch (auth unreachable) is not remembered: the next request tries again.
    load.ring.catch(() => {
      if (this.load === load) this.load = undefined;
    });
    return load;
  }

  private async fetchKeyRing(): Promise<KeyRing> {
    const { keys, issuer, audience } = await this.fetchJwks();
    // createLocalJWKSet checks each key's shape itself; the contract only promises JSON objects.
    const jwks: JSONWebKeySet = { keys: keys as JWK[] };
    return { getKey: createLocalJWKSet(jwks), keys: jwks, issuer, audience };
  }
}

async function verifyWith(token: string, ring: KeyRing): Promise<AccessTokenClaims> {
  const { payload } = await jwtVerify(token, ring.getKey, {
    issuer: ring.issuer,
    audience: ring.audience,
    algorithms: ALGORITHMS,
    clockTolerance: CLOCK_TOLERANCE_SECONDS,
    requiredClaims: ['exp', 'sub'],
  });
  const claims = AccessTokenClaimsSchema.safeParse(payload);
  if (!claims.success) throw new NotAuthenticatedError({ cause: claims.error });
  return claims.data;
}

/** Token problems become 401; anything else (auth unreachable while fetching keys) keeps its own answer. */
function asNotAuthenticated(error: unknown): unknown {
  return error instanceof errors.JOSEError ? new NotAuthenticatedError({ cause: error }) : error;
}
