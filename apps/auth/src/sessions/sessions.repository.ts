import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { AuthDb, AuthTransaction } from '../database/auth-database.js';
import type { Prisma, RefreshToken, Session } from '../generated/prisma/client.js';

/** Sessions and the refresh-token chains that keep them alive. */
@Injectable()
export class SessionsRepository {
  async createSession(
    db: AuthDb,
    session: {
      userId: string;
      aal: string;
      amr: Prisma.InputJsonValue;
      notAfter: Date;
      ip: string;
      userAgent: string | null;
    },
  ): Promise<Session> {
    return db.session.create({ data: { id: randomUUID(), ...session } });
  }

  async findSession(db: AuthDb, id: string): Promise<Session | null> {
    return db.session.findUnique({ where: { id } });
  }

  /** Every change to a session's tokens happens under this row lock, so concurrent refreshes take turns. */
  async lockSession(tx: AuthTransaction, id: string): Promise<void> {
    await tx.$executeRawUnsafe(`SELECT 1 FROM "auth".sessions WHERE id = $1::uuid FOR UPDATE`, id);
  }

  /** The session passed its second factor; `amr` is its whole new list. */
  async raiseToAal2(db: AuthDb, id: string, amr: Prisma.InputJsonValue): Promise<Session> {
    return db.session.update({ where: { id }, data: { aal: 'aal2', amr } });
  }

  async touchSession(db: AuthDb, id: string, refreshedAt: Date, notAfter: Date): Promise<void> {
    await db.session.update({ where: { id }, data: { refreshedAt, notAfter } });
  }

  async insertRefreshToken(
    db: AuthDb,
    token: { sessionId: string; tokenHash: string; parentId: string | null; sealedByParent: string | null },
  ): Promise<RefreshToken> {
    return db.refreshToken.create({ data: { id: randomUUID(), ...token } });
  }

  async findRefreshToken(db: AuthDb, tokenHash: string): Promise<RefreshToken | null> {
    return db.refreshToken.findUnique({ where: { tokenHash } });
  }

  async childOf(db: AuthDb, parentId: string): Promise<RefreshToken | null> {
    return db.refreshToken.findUnique({ where: { parentId } });
  }

  async markUsed(db: AuthDb, id: string, usedAt: Date): Promise<void> {
    await db.refreshToken.update({ where: { id }, data: { usedAt } });
  }

  /** Revokes the user's live sessions matching `which`, with every refresh token they hold; returns their ids. */
  async revoke(
    db: AuthDb,
    userId: string,
    which: { only: string } | { except?: string },
    revokedAt: Date,
  ): Promise<string[]> {
    const id = 'only' in which ? which.only : which.except ? { not: which.except } : undefined;
    const sessions = await db.session.findMany({
      where: { userId, revokedAt: null, ...(id ? { id } : {}) },
      select: { id: true },
    });
    const ids = sessions.map((session) => session.id);
    if (ids.length === 0) return ids;
    await db.session.updateMany({ where: { id: { in: ids } }, data: { revokedAt } });
    await db.refreshToken.updateMany({
      where: { sessionId: { in: ids }, revokedAt: null },
      data: { revokedAt },
    });
    return ids;
  }
}
