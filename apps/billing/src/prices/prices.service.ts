import type { Actor, Price } from '@memoreel/contracts';
import { PLANS, type Plan, TIERS, TierSchema } from '@memoreel/domain';
import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { BillingDatabase } from '../database/billing-database.js';
import { type PriceRow, PricesRepository } from './prices.repository.js';

const FeaturesSchema = z.array(z.string());

const fromPlan = (plan: Plan): Price => ({
  productId: plan.tier,
  name: plan.name,
  priceCents: plan.priceCents,
  currency: plan.currency,
  description: plan.description,
  features: plan.features,
  priceId: null,
});

/** A catalogue row as a price; rows for products that are not tiers are not for sale. */
function fromRow(row: PriceRow): Price[] {
  const productId = TierSchema.safeParse(row.productId);
  if (!productId.success) return [];
  return [
    {
      productId: productId.data,
      name: row.name,
      priceCents: row.priceCents,
      currency: row.currency,
      description: row.description,
      features: FeaturesSchema.safeParse(row.features).data ?? PLANS[productId.data].features,
      priceId: row.priceId,
    },
  ];
}

@Injectable()
export class PricesService {
  constructor(
    private readonly database: BillingDatabase,
    private readonly prices: PricesRepository,
  ) {}

  /** The catalogue from the prices table; the spec's plans when it is empty. Public: the pricing table needs no session. */
  async list(_actor: Actor): Promise<Price[]> {
    const stored = (await this.prices.listInOrder(this.database)).flatMap(fromRow);
    return stored.length > 0 ? stored : TIERS.map((tier) => fromPlan(PLANS[tier]));
  }
}
