import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { checkoutCompletedPayload, stripeSignature } from '../apps/billing/test/stripe-fakes.js';

/** The signing secret the standalone app's billing service is started with (playwright.config.ts). */
export const E2E_STRIPE_WEBHOOK_SECRET = 'whsec_memoreel_e2e';

/** Delivers `checkout.session.completed` for a paid upgrade as Stripe would, signed with the endpoint secret. */
export async function deliverPaidCheckout(
  request: APIRequestContext,
  purchase: { projectId: string; userId: string; productId: string; amountCents: number },
): Promise<number> {
  const { amountCents, ...metadata } = purchase;
  const body = checkoutCompletedPayload({ ...metadata, amountTotal: amountCents });
  const response = await request.post('/billing/v1/webhooks/stripe', {
    data: body,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': stripeSignature(body, E2E_STRIPE_WEBHOOK_SECRET),
    },
  });
  return response.status();
}

/** A guest's project raised to a paid plan, as a checkout of this browser's guest completed at Stripe. */
export async function upgradeGuestProject(
  page: Page,
  projectId: string,
  productId: string,
  amountCents: number,
): Promise<void> {
  const userId = await page.evaluate(() => localStorage.getItem('anonymousUserId'));
  expect(
    await deliverPaidCheckout(page.request, { projectId, userId: userId!, productId, amountCents }),
  ).toBe(200);
}
