import { randomUUID } from 'node:crypto';
import { type Actor, billingErrorCodes, getUpgradeOptions, purchaseUpgrade } from '@memoreel/contracts';
import { PLANS, type Tier } from '@memoreel/domain';
import { actors } from '@memoreel/testing';
import { startedForTests } from '@memoreel/testing/hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BillingHarness,
  type BillingWithStripe,
  startBilling,
  startBillingWithStripe,
} from '../../test/billing-harness.js';
import type { FakeStripe } from '../../test/stripe-fakes.js';

const billing = startedForTests('billing', () => startBilling());

/** A purchase of `productId` for a project that `service` must refuse: its error. */
const refusedPurchase = (
  service: BillingHarness,
  actor: Actor,
  projectId: string,
  productId: Tier = 'honor',
) => service.failure(purchaseUpgrade, actor, { projectId, productId });

describe('billing.upgrade.options', () => {
  it.each([
    ['free', ['remember', 'honor', 'cherish']],
    ['remember', ['honor', 'cherish']],
    ['honor', ['cherish']],
    ['cherish', []],
  ] as const)('a %s project is offered %j', async (tier, offered) => {
    const owner = actors.user();
    const project = billing.project(owner, tier);
    const reply = await billing.request(getUpgradeOptions, owner, { projectId: project.id });
    expect(reply.currentTier).toBe(tier);
    expect(reply.upgradeOptions.map((option) => option.productId)).toEqual(offered);
    expect(reply.upgradeOptions.map((option) => option.priceCents)).toEqual(
      offered.map((offer: Tier) => PLANS[offer].priceCents),
    );
  });

  it('asks the projects service as the caller, and passes its refusals on unchanged', async () => {
    const owner = actors.anonymousUser();
    const project = billing.project(owner);
    await billing.request(getUpgradeOptions, owner, { projectId: project.id });
    expect(billing.projectReads.at(-1)).toEqual(owner);

    const intruder = await billing.failure(getUpgradeOptions, actors.user(), { projectId: project.id });
    expect({ code: intruder.code, message: intruder.message }).toEqual({
      code: 'NOT_FOUND',
      message: 'Project not found',
    });
    const missing = await billing.failure(getUpgradeOptions, owner, { projectId: randomUUID() });
    expect({ code: missing.code, message: missing.message }).toEqual({
      code: 'NOT_FOUND',
      message: 'Project not found',
    });
  });

  it('needs a session and a project id', async () => {
    const guest = await billing.failure(getUpgradeOptions, actors.guest(), { projectId: randomUUID() });
    expect({ code: guest.code, message: guest.message }).toEqual({
      code: 'UNAUTHORIZED',
      message: 'Authentication required',
    });
    const malformed = await billing.failure(getUpgradeOptions, actors.user(), { projectId: 'abc' });
    expect(malformed.code).toBe('VALIDATION_FAILED');
  });
});

describe('billing.upgrade.purchase while purchasing is off (the default)', () => {
  it('tells an account "coming soon"', async () => {
    const owner = actors.user();
    const project = billing.project(owner);
    const error = await refusedPurchase(billing, owner, project.id);
    expect({ code: error.code, message: error.message }).toEqual({
      code: 'purchases_disabled',
      message: 'Purchasing upgrades will be available soon! Please check back later.',
    });
    expect(await billing.db.purchase.count()).toBe(0);
  });

  it('asks a guest session to create an account first', async () => {
    const guestSession = actors.anonymousUser();
    const project = billing.project(guestSession);
    const error = await refusedPurchase(billing, guestSession, project.id);
    expect({ code: error.code, message: error.message }).toEqual({
      code: billingErrorCodes.accountRequired,
      message: 'Please create an account to purchase upgrades',
    });
  });

  it('answers a caller without a session with "Authentication required" and validates the product', async () => {
    const guest = await refusedPurchase(billing, actors.guest(), randomUUID());
    expect({ code: guest.code, message: guest.message }).toEqual({
      code: 'UNAUTHORIZED',
      message: 'Authentication required',
    });
    const unknown = await refusedPurchase(billing, actors.user(), randomUUID(), 'gold' as Tier);
    expect(unknown.code).toBe('VALIDATION_FAILED');
  });
});

describe('billing.upgrade.purchase while purchasing is on', () => {
  let harness: BillingWithStripe;
  let enabled: BillingHarness;
  let stripe: FakeStripe;
  beforeAll(async () => {
    harness = await startBillingWithStripe('whsec_upgrades_test', { PUBLIC_URL: 'http://app.test/' });
    ({ billing: enabled, stripe } = harness);
  });
  afterAll(() => harness?.close());

  it('starts a checkout, records the purchase pending and returns the checkout URL', async () => {
    const owner = actors.user();
    const project = enabled.project(owner, 'remember');
    const { url } = await enabled.request(purchaseUpgrade, owner, {
      projectId: project.id,
      productId: 'cherish',
      promoCode: '  WELCOME10 ',
    });
    const call = stripe.calls.at(-1)!;
    expect(call.form.get('success_url')).toBe(
      `http://app.test/dashboard?success=true&projectId=${project.id}&product=cherish`,
    );
    expect(call.form.get('cancel_url')).toBe('http://app.test/dashboard');
    expect(call.form.get('line_items[0][price_data][unit_amount]')).toBe('5900');
    const purchase = await enabled.db.purchase.findFirstOrThrow({ where: { projectId: project.id } });
    expect(url).toBe(`https://checkout.stripe.test/c/pay/${purchase.providerSessionId}`);
    expect(purchase).toMatchObject({
      userId: owner.userId,
      productId: 'cherish',
      amountCents: 5900,
      status: 'pending',
      provider: 'stripe',
      promoCode: 'WELCOME10',
      completedAt: null,
    });
    expect(call.form.get('metadata[purchaseId]')).toBe(purchase.id);
  });

  it.each(['free', 'remember'] as const)(
    'refuses %s for a remember project: tiers only go up',
    async (productId) => {
      const owner = actors.user();
      const project = enabled.project(owner, 'remember');
      const error = await refusedPurchase(enabled, owner, project.id, productId);
      expect({ code: error.code, message: error.message }).toEqual({
        code: billingErrorCodes.notAnUpgrade,
        message: 'Choose a tier higher than the project has',
      });
    },
  );

  it("refuses someone else's project and still refuses guest sessions", async () => {
    const project = enabled.project(actors.user());
    const intruder = await refusedPurchase(enabled, actors.user(), project.id);
    expect({ code: intruder.code, message: intruder.message }).toEqual({
      code: 'NOT_FOUND',
      message: 'Project not found',
    });
    const guestSession = actors.anonymousUser();
    const own = enabled.project(guestSession);
    const anonymous = await refusedPurchase(enabled, guestSession, own.id);
    expect(anonymous.code).toBe(billingErrorCodes.accountRequired);
  });

  it('answers "Failed to create checkout session" when the provider refuses', async () => {
    const owner = actors.user();
    const project = enabled.project(owner);
    const error = await enabled.failure(purchaseUpgrade, owner, {
      projectId: project.id,
      productId: 'honor',
      promoCode: 'UNKNOWN',
    });
    expect({ code: error.code, message: error.message }).toEqual({
      code: billingErrorCodes.checkoutFailed,
      message: 'Failed to create checkout session',
    });
    expect(await enabled.db.purchase.count({ where: { projectId: project.id } })).toBe(0);
  });
});
