import { createHmac, randomUUID } from 'node:crypto';

/** A Stripe-Signature header as Stripe computes it: HMAC-SHA256 of `${t}.${payload}` under the endpoint secret. */
export function stripeSignature(
  payload: string,
  secret: string,
  timestampSeconds = Math.floor(Date.now() / 1000),
): string {
  const v1 = createHmac('sha256', secret).update(`${timestampSeconds}.${payload}`).digest('hex');
  return `t=${timestampSeconds},v1=${v1}`;
}

/** The body of a `checkout.session.completed` webhook for a session `createCheckout` started. */
export function checkoutCompletedPayload(session: {
  sessionId?: string;
  purchaseId?: string;
  projectId: string;
  userId: string;
  productId: string;
  amountTotal?: number;
  paymentStatus?: string;
  type?: string;
}): string {
  return JSON.stringify({
    id: `evt_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    type: session.type ?? 'checkout.session.completed',
    data: {
      object: {
        id: session.sessionId ?? `cs_test_${randomUUID().replaceAll('-', '')}`,
        object: 'checkout.session',
        payment_status: session.paymentStatus ?? 'paid',
        amount_total: session.amountTotal ?? 1900,
        currency: 'usd',
        metadata: {
          ...(session.purchaseId ? { purchaseId: session.purchaseId } : {}),
          projectId: session.projectId,
          userId: session.userId,
          productId: session.productId,
        },
      },
    },
  });
}
