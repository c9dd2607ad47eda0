import { createHmac, randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';

/** The signing secret the standalone app's billing service is started with (playwright.config.ts). */
export const E2E_STRIPE_WEBHOOK_SECRET = 'whsec_memoreel_e2e';

/**
 * Delivers `checkout.session.completed` for a paid upgrade as Stripe would: the event body signed
 * with the endpoint secret (HMAC-SHA256 of `${timestamp}.${body}`) in the Stripe-Signature header.
 */
export async function deliverPaidCheckout(
  request: APIRequestContext,
  purchase: { projectId: string; userId: string; productId: string; amountCents: number },
): Promise<number> {
  const body = JSON.stringify({
    id: `evt_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: `cs_test_${randomUUID().replaceAll('-', '')}`,
        object: 'checkout.session',
        payment_status: 'paid',
        amount_total: purchase.amountCents,
        currency: 'usd',
        metadata: { projectId: purchase.projectId, userId: purchase.userId, productId: purchase.productId },
      },
    },
  });
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = createHmac('sha256', E2E_STRIPE_WEBHOOK_SECRET)
    .update(`${timestamp}.${body}`)
    .digest('hex');
  const response = await request.post('/billing/v1/webhooks/stripe', {
    data: body,
    headers: { 'content-type': 'application/json', 'stripe-signature': `t=${timestamp},v1=${signature}` },
  });
  return response.status();
}
