import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { AuthDb } from '../database/auth-database.js';
import type { OneTimeToken } from '../generated/prisma/client.js';

export type OneTimeTokenType = 'signup' | 'magiclink' | 'recovery' | 'email_change';

@Injectable()
export class OneTimeTokensRepository {
  /** Stores a token, dropping the user's unused ones of the same type: only the newest mail works. */
  async replace(
    db: AuthDb,
    token: {
      userId: string;
      type: OneTimeTokenType;
      tokenHash: string;
      codeHash: string;
      relatesTo: string;
      expiresAt: Date;
    },
  ): Promise<void> {
    await db.oneTimeToken.deleteMany({ where: { userId: token.userId, type: token.type, usedAt: null } });
    await db.oneTimeToken.create({ data: { id: randomUUID(), ...token } });
  }

  async findByTokenHash(db: AuthDb, tokenHash: string): Promise<OneTimeToken | null> {
    return db.oneTimeToken.findUnique({ where: { tokenHash } });
  }

  async findUsableByCode(
    db: AuthDb,
    relatesTo: string,
    codeHash: string,
    types: readonly OneTimeTokenType[],
    now: Date,
  ): Promise<OneTimeToken | null> {
    return db.oneTimeToken.findFirst({
      where: { relatesTo, codeHash, type: { in: [...types] }, usedAt: null, expiresAt: { gt: now } },
      orderBy: { createdAt: 'desc' },
    });
  }

  /** Marks the token used; false when someone else used it first. */
  async claim(db: AuthDb, id: string, usedAt: Date): Promise<boolean> {
    const { count } = await db.oneTimeToken.updateMany({ where: { id, usedAt: null }, data: { usedAt } });
    return count === 1;
  }
}
