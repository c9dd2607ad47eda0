import { randomUUID } from 'node:crypto';
import {
  billingErrorCodes,
  type EventEnvelope,
  purchaseCompleted,
  purchaseUpgrade,
  receivePaymentWebhook,
} from '@memoreel/contracts';
import { actors, eventually } from '@memoreel/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BillingHarness,
  type BillingWithStripe,
  startBilling,
  startBillingWithStripe,
} from '../../test/billing-harness.js';
import { checkoutCompletedPayload, paidCheckoutOf, stripeSignature } from '../../test/stripe-fakes.js';

const secret = 'whsec_payments_test';
let billing: BillingHarness;
let harness: BillingWithStripe;
beforeAll(async () => {
  harness = await startBillingWithStripe(secret);
  billing = harness.billing;
});
afterAll(() => harness?.close());

const deliver = (payload: string) => harness.deliver(payload);
const refused = (payload: string, signature: string) =>
  billing.failure(receivePaymentWebhook, actors.guest(), { payload, signature });

describe('billing.payment.webhook', () => {
  it('completes the purchase a checkout started and emits billing.purchase.completed once, to consumers', async () => {
    const owner = actors.user();
    const project = billing.project(owner);
    await billing.request(purchaseUpgrade, owner, { projectId: project.id, productId: 'honor' });
    const pending = await billing.db.purchase.findFirstOrThrow({ where: { projectId: project.id } });

    const received: EventEnvelope[] = [];
    const consumer = await billing.bus.consumeEvents(
      { durable: `test-${randomUUID().slice(0, 8)}`, subjects: [purchaseCompleted.subject] },
      async (message) => {
        received.push(message.payload as EventEnvelope);
      },
    );
    try {
      const payload = paidCheckoutOf(pending, 3900);
      expect(await deliver(payload)).toEqual({ received: true });
      // Stripe retries until it gets a 2xx: a redelivery is acknowledged and changes nothing.
      expect(await deliver(payload)).toEqual({ received: true });

      const purchase = await billing.db.purchase.findUniqueOrThrow({ where: { id: pending.id } });
      expect(purchase).toMatchObject({ status: 'completed', amountCents: 3900 });
      expect(purchase.completedAt).toBeInstanceOf(Date);
      const events = (await billing.purchaseEvents()).filter((event) => event.data.purchaseId === pending.id);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        actor: { role: 'system' },
        data: {
          purchaseId: pending.id,
          projectId: project.id,
          userId: owner.userId,
          productId: 'honor',
          amountCents: 3900,
          currency: 'usd',
        },
      });
      await eventually(async () => {
        expect(received.map((event) => event.id)).toContain(events[0]!.id);
      });
    } finally {
      await consumer.stop();
    }
  });

  it('records a paid checkout it did not start (created in the provider dashboard)', async () => {
    const projectId = randomUUID();
    const payload = checkoutCompletedPayload({
      projectId,
      userId: randomUUID(),
      productId: 'cherish',
      amountTotal: 5900,
    });
    await Promise.all([deliver(payload), deliver(payload), deliver(payload)]);
    expect(await billing.db.purchase.count({ where: { projectId, status: 'completed' } })).toBe(1);
    expect(
      (await billing.purchaseEvents()).filter((event) => event.data.projectId === projectId),
    ).toHaveLength(1);
  });

  it('acknowledges events it does not act on without storing anything', async () => {
    const projectId = randomUUID();
    for (const overrides of [{ type: 'charge.refunded' }, { paymentStatus: 'unpaid' }]) {
      const payload = checkoutCompletedPayload({
        projectId,
        userId: randomUUID(),
        productId: 'honor',
        ...overrides,
      });
      expect(await deliver(payload)).toEqual({ received: true });
    }
    expect(await billing.db.purchase.count({ where: { projectId } })).toBe(0);
  });

  it.each([
    [
      'a tampered payload',
      (payload: string) => ({
        payload: payload.replace('"honor"', '"cherish"'),
        signature: stripeSignature(payload, secret),
      }),
    ],
    [
      'another secret',
      (payload: string) => ({ payload, signature: stripeSignature(payload, 'whsec_attacker') }),
    ],
    [
      'an expired signature',
      (payload: string) => ({
        payload,
        signature: stripeSignature(payload, secret, Math.floor(Date.now() / 1000) - 600),
      }),
    ],
    ['no signature', (payload: string) => ({ payload, signature: '' })],
  ])('rejects %s and stores nothing', async (_case, forge) => {
    const projectId = randomUUID();
    const { payload, signature } = forge(
      checkoutCompletedPayload({ projectId, userId: randomUUID(), productId: 'honor' }),
    );
    const error = await refused(payload, signature);
    expect({ code: error.code, message: error.message }).toEqual({
      code: billingErrorCodes.invalidSignature,
      message: 'Invalid webhook signature',
    });
    expect(await billing.db.purchase.count({ where: { projectId } })).toBe(0);
    expect(
      (await billing.purchaseEvents()).filter((event) => event.data.projectId === projectId),
    ).toHaveLength(0);
  });

  it('refuses every webhook while no endpoint secret is configured', async () => {
    const unconfigured = await startBilling();
    try {
      const payload = checkoutCompletedPayload({
        projectId: randomUUID(),
        userId: randomUUID(),
        productId: 'honor',
      });
      const error = await unconfigured.failure(receivePaymentWebhook, actors.guest(), {
        payload,
        signature: stripeSignature(payload, secret),
      });
      expect(error.code).toBe(billingErrorCodes.webhookNotConfigured);
    } finally {
      await unconfigured.close();
    }
  });
});
