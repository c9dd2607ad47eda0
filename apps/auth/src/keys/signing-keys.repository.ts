import { Injectable } from '@nestjs/common';
import type { JWK } from 'jose';
import type { AuthDb, AuthTransaction } from '../database/auth-database.js';

export interface StoredSigningKey {
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
}

@Injectable()
export class SigningKeysRepository {
  /** Serialises key creation across replicas for the rest of the transaction. */
  async lockKeyCreation(tx: AuthTransaction): Promise<void> {
    await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(hashtext('auth.signing_keys'))`);
  }

  async newestActive(db: AuthDb): Promise<StoredSigningKey | null> {
    const row = await db.signingKey.findFirst({ where: { retiredAt: null }, orderBy: { createdAt: 'desc' } });
    return row ? { kid: row.kid, privateJwk: row.privateJwk as JWK, publicJwk: row.publicJwk as JWK } : null;
  }

  async insert(db: AuthDb, key: StoredSigningKey): Promise<void> {
    await db.signingKey.create({
      data: { kid: key.kid, privateJwk: { ...key.privateJwk }, publicJwk: { ...key.publicJwk } },
    });
  }

  /** Public keys that may still have live tokens: active ones and those retired after `retiredSince`. */
  async publishable(db: AuthDb, retiredSince: Date): Promise<JWK[]> {
    const rows = await db.signingKey.findMany({
      where: { OR: [{ retiredAt: null }, { retiredAt: { gt: retiredSince } }] },
      orderBy: { createdAt: 'desc' },
      select: { publicJwk: true },
    });
    return rows.map((row) => row.publicJwk as JWK);
  }
}
