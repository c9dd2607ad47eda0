import { Injectable } from '@nestjs/common';
import type { BillingDatabase, BillingTransaction } from '../database/billing-database.js';

export interface PurchaseRecord {
  id: string;
  userId: string;
  projectId: string;
  productId: string;
  amountCents: number;
  currency: string;
  provider: string;
  providerSessionId: string;
  promoCode?: string | null;
}

@Injectable()
export class PurchasesRepository {
  async insertPending(tx: BillingTransaction, purchase: PurchaseRecord): Promise<void> {
    await tx.purchase.create({ data: { ...purchase, status: 'pending' } });
  }

  /**
   * Marks the session's purchase completed, or records it completed when the checkout was not
   * started here. Says whether this call completed it: a redelivered webhook (even a concurrent
   * one, which waits on the row) finds it completed and returns false.
   */
  async complete(
    tx: BillingTransaction,
    purchase: PurchaseRecord,
    amount: { amountCents: number; currency: string },
  ): Promise<PurchaseRecord | null> {
    const key = { provider: purchase.provider, providerSessionId: purchase.providerSessionId };
    const completedAt = new Date();
    const { count: updated } = await tx.purchase.updateMany({
      where: { ...key, status: 'pending' },
      data: { status: 'completed', completedAt, ...amount },
    });
    if (updated === 0) {
      const { count: inserted } = await tx.purchase.createMany({
        data: [{ ...purchase, ...amount, status: 'completed', completedAt }],
        skipDuplicates: true,
      });
      if (inserted === 0) return null;
    }
    return tx.purchase.findUniqueOrThrow({ where: { provider_providerSessionId: key } });
  }

  /** A user's completed purchases, newest first (served by purchases_user_id_created_at_idx). */
  listCompleted(db: BillingDatabase, userId: string, limit: number) {
    return db.purchase.findMany({
      where: { userId, status: 'completed' },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: limit,
    });
  }
}
