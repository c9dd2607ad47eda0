import { randomUUID } from 'node:crypto';
import type { AccessTokenClaims } from '@memoreel/contracts';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { exportJWK, generateKeyPair, importJWK, type JWK, SignJWT } from 'jose';
import { AuthConfig } from '../auth.config.js';
import { AuthDatabase } from '../database/auth-database.js';
import { SigningKeysRepository, type StoredSigningKey } from './signing-keys.repository.js';

/** Access tokens live 10 minutes: the gateway checks only their signature, so a revoked session's token dies by expiry. */
export const ACCESS_TOKEN_TTL_SECONDS = 600;
export const ACCESS_TOKEN_AUDIENCE = 'authenticated';
const ALGORITHM = 'EdDSA';

export type AccessTokenSubject = Pick<
  AccessTokenClaims,
  'sub' | 'sid' | 'role' | 'is_anonymous' | 'email' | 'aal' | 'amr' | 'mfa_pending'
>;

/** Signs access tokens with the service's Ed25519 key, created at first start and kept in `signing_keys`. */
@Injectable()
export class SigningKeys implements OnModuleInit {
  private signer: { kid: string; key: Awaited<ReturnType<typeof importJWK>> } | undefined;

  constructor(
    private readonly database: AuthDatabase,
    private readonly keys: SigningKeysRepository,
    private readonly config: AuthConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    const stored = await this.database.$transaction(async (tx) => {
      await this.keys.lockKeyCreation(tx);
      const existing = await this.keys.newestActive(tx);
      if (existing) return existing;
      const created = await newSigningKey();
      await this.keys.insert(tx, created);
      return created;
    });
    this.signer = { kid: stored.kid, key: await importJWK(stored.privateJwk, ALGORITHM) };
  }

  async signAccessToken(subject: AccessTokenSubject): Promise<{ token: string; expiresAt: number }> {
    if (!this.signer) throw new Error('SigningKeys used before module init');
    const issuedAt = Math.floor(Date.now() / 1000);
    const expiresAt = issuedAt + ACCESS_TOKEN_TTL_SECONDS;
    const token = await new SignJWT({ ...subject })
      .setProtectedHeader({ alg: ALGORITHM, kid: this.signer.kid, typ: 'JWT' })
      .setIssuer(this.config.issuer)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(this.signer.key);
    return { token, expiresAt };
  }

  /** The JWKS: keys retired within the last hour stay listed, so tokens they signed verify until they expire. */
  async jwks(): Promise<{ keys: JWK[]; issuer: string; audience: string }> {
    const keys = await this.keys.publishable(this.database, new Date(Date.now() - 3600_000));
    return { keys, issuer: this.config.issuer, audience: ACCESS_TOKEN_AUDIENCE };
  }
}

async function newSigningKey(): Promise<StoredSigningKey> {
  const pair = await generateKeyPair(ALGORITHM, { crv: 'Ed25519', extractable: true });
  const kid = randomUUID();
  const meta = { kid, alg: ALGORITHM, use: 'sig' };
  return {
    kid,
    privateJwk: { ...(await exportJWK(pair.privateKey)), ...meta },
    publicJwk: { ...(await exportJWK(pair.publicKey)), ...meta },
  };
}
