import { listPrices } from '@memoreel/contracts';
import { PLANS, TIERS } from '@memoreel/domain';
import { actors } from '@memoreel/testing';
import { startedForTests } from '@memoreel/testing/hooks';
import { describe, expect, it } from 'vitest';
import { startBilling } from '../../test/billing-harness.js';

const billing = startedForTests('billing', () => startBilling());

const fromPlans = TIERS.map((tier) => {
  const plan = PLANS[tier];
  return {
    productId: tier,
    name: plan.name,
    priceCents: plan.priceCents,
    currency: 'usd',
    description: plan.description,
    features: plan.features,
    priceId: null,
  };
});

describe('billing.price.list', () => {
  it('serves the catalogue the migration seeded, which matches the plans of libs/domain', async () => {
    expect(await billing.request(listPrices, actors.guest(), {})).toEqual({ prices: fromPlans });
  });

  it('serves prices as edited in the table, lowest sort first', async () => {
    await billing.db.price.update({
      where: { productId: 'honor' },
      data: { priceCents: 2900, priceId: 'price_honor', features: 'not a list' },
    });
    await billing.db.price.update({ where: { productId: 'free' }, data: { sort: 9 } });
    await billing.db.price.create({
      data: { productId: 'legacy-gold', name: 'Gold', priceCents: 9900, description: '', sort: 1 },
    });
    try {
      const { prices } = await billing.request(listPrices, actors.user(), {});
      expect(prices.map((price) => price.productId)).toEqual(['remember', 'honor', 'cherish', 'free']);
      expect(prices.find((price) => price.productId === 'honor')).toMatchObject({
        priceCents: 2900,
        priceId: 'price_honor',
        // Malformed features fall back to the plan's.
        features: PLANS.honor.features,
      });
    } finally {
      await billing.db.price.deleteMany({ where: { productId: 'legacy-gold' } });
      await billing.db.price.update({
        where: { productId: 'honor' },
        data: { priceCents: 3900, priceId: null, features: PLANS.honor.features },
      });
      await billing.db.price.update({ where: { productId: 'free' }, data: { sort: 0 } });
    }
  });

  it('falls back to the plans of libs/domain when the table is empty', async () => {
    const stored = await billing.db.price.findMany();
    await billing.db.price.deleteMany();
    try {
      expect(await billing.request(listPrices, actors.guest(), {})).toEqual({ prices: fromPlans });
    } finally {
      await billing.db.price.createMany({
        data: stored.map((row) => ({ ...row, features: row.features ?? [] })),
      });
    }
  });
});
