import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { getJwks } from '@memoreel/contracts';
import { type Bus, createLogger } from '@memoreel/platform';
import type { INestApplication } from '@nestjs/common';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { createGatewayApp } from '../src/create-gateway.js';

const ISSUER = 'http://127.0.0.1/auth/v1';
const AUDIENCE = 'authenticated';
const KID = 'stand-in-key';

/**
 * Signing keys published on `bus` in the auth service's place (getJwks), and access tokens signed
 * with them: the gateway checks these as it checks auth's own.
 */
export async function publishStandInKeys(bus: Bus) {
  const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const jwk = { ...(await exportJWK(publicKey)), kid: KID, alg: 'EdDSA', use: 'sig' };
  await bus.respond(getJwks.subject, 'auth', async () => ({
    ok: true,
    data: { keys: [jwk], issuer: ISSUER, audience: AUDIENCE },
  }));
  return {
    /** The `Authorization` header of a user's session for the next ten minutes (a guest's when `isAnonymous`). */
    authorizationOf: async (userId: string, { isAnonymous = false } = {}) => {
      const token = await new SignJWT({
        sid: randomUUID(),
        role: 'user',
        is_anonymous: isAnonymous,
        email: isAnonymous ? null : 'ada@example.com',
        aal: 'aal1',
      })
        .setProtectedHeader({ alg: 'EdDSA', kid: KID })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(privateKey);
      return `Bearer ${token}`;
    },
  };
}

/** The gateway on `bus`, listening on a free local port, and the address of its graphql-ws endpoint. */
export async function startLiveGateway(bus: Bus): Promise<{ app: INestApplication; url: string }> {
  const app = await createGatewayApp({ bus, logger: createLogger({ service: 'test', level: 'silent' }) });
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return { app, url: `ws://127.0.0.1:${port}/graphql` };
}
