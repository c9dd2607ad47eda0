import { type Actor, PURCHASE_HISTORY_LIMIT, type Purchase } from '@memoreel/contracts';
import { tierOf } from '@memoreel/domain';
import { requireSignedIn } from '@memoreel/platform';
import { Injectable } from '@nestjs/common';
import { BillingDatabase } from '../database/billing-database.js';
import { PurchasesRepository } from './purchases.repository.js';

@Injectable()
export class PurchasesService {
  constructor(
    private readonly database: BillingDatabase,
    private readonly purchases: PurchasesRepository,
  ) {}

  /** The caller's own paid upgrades, newest first; checkouts never paid for are not history. */
  async history(actor: Actor): Promise<Purchase[]> {
    const userId = requireSignedIn(actor);
    const rows = await this.purchases.listCompleted(this.database, userId, PURCHASE_HISTORY_LIMIT);
    return rows.map((row) => ({
      id: row.id,
      projectId: row.projectId,
      productId: tierOf(row.productId),
      amountCents: row.amountCents,
      currency: row.currency,
      purchasedAt: (row.completedAt ?? row.createdAt).toISOString(),
    }));
  }
}
