import { Injectable } from '@nestjs/common';
import type { BillingDatabase } from '../database/billing-database.js';

export interface PriceRow {
  productId: string;
  name: string;
  priceCents: number;
  currency: string;
  description: string;
  features: unknown;
  priceId: string | null;
}

@Injectable()
export class PricesRepository {
  listInOrder(db: BillingDatabase): Promise<PriceRow[]> {
    return db.price.findMany({ orderBy: [{ sort: 'asc' }, { priceCents: 'asc' }] });
  }
}
