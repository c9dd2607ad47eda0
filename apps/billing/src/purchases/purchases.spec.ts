import { randomUUID } from 'node:crypto';
import { listPurchases, purchaseUpgrade } from '@memoreel/contracts';
import { actors } from '@memoreel/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BillingHarness,
  type BillingWithStripe,
  startBillingWithStripe,
} from '../../test/billing-harness.js';
import { paidCheckoutOf } from '../../test/stripe-fakes.js';

let billing: BillingHarness;
let harness: BillingWithStripe;
beforeAll(async () => {
  harness = await startBillingWithStripe('whsec_purchases_test');
  billing = harness.billing;
});
afterAll(() => harness?.close());

/** A purchase row as the checkout and webhook paths leave it. */
async function storePurchase(
  userId: string,
  fields: { productId?: string; status?: string; completedAt?: Date | null; amountCents?: number } = {},
) {
  const completedAt = fields.completedAt === undefined ? new Date() : fields.completedAt;
  return billing.db.purchase.create({
    data: {
      id: randomUUID(),
      userId,
      projectId: randomUUID(),
      productId: fields.productId ?? 'remember',
      amountCents: fields.amountCents ?? 1900,
      currency: 'usd',
      status: fields.status ?? 'completed',
      provider: 'stripe',
      providerSessionId: `cs_test_${randomUUID()}`,
      createdAt: completedAt ?? new Date(),
      completedAt,
    },
  });
}

describe('billing.purchase.list', () => {
  it("lists the caller's completed purchases, newest first, and nobody else's", async () => {
    const owner = actors.user();
    const older = await storePurchase(owner.userId!, {
      productId: 'remember',
      completedAt: new Date('2026-10-01T10:00:00Z'),
    });
    const newer = await storePurchase(owner.userId!, {
      productId: 'cherish',
      amountCents: 5900,
      completedAt: new Date('2026-11-01T10:00:00Z'),
    });
    await storePurchase(owner.userId!, { productId: 'honor', status: 'pending', completedAt: null });
    await storePurchase(actors.user().userId!, { productId: 'honor' });

    const { purchases } = await billing.request(listPurchases, owner, {});
    expect(purchases).toEqual([
      {
        id: newer.id,
        projectId: newer.projectId,
        productId: 'cherish',
        amountCents: 5900,
        currency: 'usd',
        purchasedAt: '2026-11-01T10:00:00.000Z',
      },
      {
        id: older.id,
        projectId: older.projectId,
        productId: 'remember',
        amountCents: 1900,
        currency: 'usd',
        purchasedAt: '2026-10-01T10:00:00.000Z',
      },
    ]);
  });

  it('answers an empty history for someone who bought nothing, guest sessions included', async () => {
    expect(await billing.request(listPurchases, actors.anonymousUser(), {})).toEqual({ purchases: [] });
  });

  it('refuses a caller without a session', async () => {
    const refused = await billing.failure(listPurchases, actors.guest(), {});
    expect({ code: refused.code, message: refused.message }).toEqual({
      code: 'UNAUTHORIZED',
      message: 'Authentication required',
    });
  });

  it('shows a checkout once the payment provider confirms it', async () => {
    const owner = actors.user();
    const project = billing.project(owner);
    await billing.request(purchaseUpgrade, owner, { projectId: project.id, productId: 'honor' });
    expect((await billing.request(listPurchases, owner, {})).purchases).toEqual([]);

    const pending = await billing.db.purchase.findFirstOrThrow({ where: { projectId: project.id } });
    await harness.deliver(paidCheckoutOf(pending, 3500));

    const { purchases } = await billing.request(listPurchases, owner, {});
    expect(purchases).toMatchObject([
      { id: pending.id, projectId: project.id, productId: 'honor', amountCents: 3500, currency: 'usd' },
    ]);
  });
});
