import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { AuthDb, AuthTransaction } from '../database/auth-database.js';
import type { MfaChallenge, MfaFactor } from '../generated/prisma/client.js';
import { recoveryCodeHash } from './recovery-codes.js';

/** Factors, their challenges and the user's recovery codes; every query names the user. */
@Injectable()
export class FactorsRepository {
  async listFor(db: AuthDb, userId: string): Promise<MfaFactor[]> {
    return db.mfaFactor.findMany({ where: { userId }, orderBy: { createdAt: 'asc' } });
  }

  /** The user's factor, or null: another user's factor is not found either. */
  async findFor(db: AuthDb, userId: string, id: string): Promise<MfaFactor | null> {
    return db.mfaFactor.findFirst({ where: { id, userId } });
  }

  async create(
    db: AuthDb,
    factor: { userId: string; factorType: string; friendlyName: string | null; secret: string },
  ): Promise<MfaFactor> {
    return db.mfaFactor.create({ data: { id: randomUUID(), ...factor } });
  }

  /** Set-ups the user started and never confirmed: a new enrolment replaces them. */
  async removeUnverified(db: AuthDb, userId: string): Promise<void> {
    await db.mfaFactor.deleteMany({ where: { userId, status: 'unverified' } });
  }

  async remove(db: AuthDb, userId: string, id: string): Promise<void> {
    await db.mfaFactor.deleteMany({ where: { id, userId } });
  }

  /** A code was accepted for `timeStep`: the factor is verified and no code of that step works again. */
  async markAccepted(db: AuthDb, id: string, timeStep: number): Promise<MfaFactor> {
    return db.mfaFactor.update({ where: { id }, data: { status: 'verified', lastTimeStep: timeStep } });
  }

  /** Serialises a user's code checks, so concurrent guesses cannot slip past the failure limits. */
  async lockUser(tx: AuthTransaction, userId: string): Promise<void> {
    await tx.$executeRawUnsafe(`SELECT 1 FROM "auth".users WHERE id = $1::uuid FOR UPDATE`, userId);
  }

  async openChallenge(db: AuthDb, factorId: string, ip: string, expiresAt: Date): Promise<MfaChallenge> {
    return db.mfaChallenge.create({ data: { id: randomUUID(), factorId, ip, expiresAt } });
  }

  /** An open (unexpired, not yet passed) challenge of that factor. */
  async findOpenChallenge(db: AuthDb, factorId: string, id: string, now: Date): Promise<MfaChallenge | null> {
    return db.mfaChallenge.findFirst({ where: { id, factorId, verifiedAt: null, expiresAt: { gt: now } } });
  }

  async closeChallenge(db: AuthDb, id: string, verifiedAt: Date): Promise<void> {
    await db.mfaChallenge.update({ where: { id }, data: { verifiedAt } });
  }

  async hasUnusedRecoveryCodes(db: AuthDb, userId: string): Promise<boolean> {
    return (await db.mfaRecoveryCode.count({ where: { userId, usedAt: null } })) > 0;
  }

  async unusedRecoveryCodeCount(db: AuthDb, userId: string): Promise<number> {
    return db.mfaRecoveryCode.count({ where: { userId, usedAt: null } });
  }

  /** Replaces the user's recovery codes with these (stored hashed). */
  async replaceRecoveryCodes(db: AuthDb, userId: string, codes: string[]): Promise<void> {
    await db.mfaRecoveryCode.deleteMany({ where: { userId } });
    await db.mfaRecoveryCode.createMany({
      data: codes.map((code) => ({ id: randomUUID(), userId, codeHash: recoveryCodeHash(code) })),
    });
  }

  async removeRecoveryCodes(db: AuthDb, userId: string): Promise<void> {
    await db.mfaRecoveryCode.deleteMany({ where: { userId } });
  }

  /** Spends one unused code; false when there is none like it (wrong, or used already). */
  async spendRecoveryCode(db: AuthDb, userId: string, code: string, usedAt: Date): Promise<boolean> {
    const { count } = await db.mfaRecoveryCode.updateMany({
      where: { userId, codeHash: recoveryCodeHash(code), usedAt: null },
      data: { usedAt },
    });
    return count === 1;
  }
}
