import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A Stripe-Signature header as Stripe computes it: HMAC-SHA256 of `${t}.${payload}` under the endpoint secret. */
export function stripeSignature(
  payload: string,
  secret: string,
  timestampSeconds = Math.floor(Date.now() / 1000),
): string {
  const v1 = createHmac('sha256', secret).update(`${timestampSeconds}.${payload}`).digest('hex');
  return `t=${timestampSeconds},v1=${v1}`;
}

/** The body Stripe sends once the checkout of a pending purchase row (as `purchaseUpgrade` left it) is paid. */
export function paidCheckoutOf(
  pending: { id: string; providerSessionId: string; projectId: string; userId: string; productId: string },
  amountTotal: number,
): string {
  return checkoutCompletedPayload({
    sessionId: pending.providerSessionId,
    purchaseId: pending.id,
    projectId: pending.projectId,
    userId: pending.userId,
    productId: pending.productId,
    amountTotal,
  });
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

export interface StripeCall {
  method: string;
  path: string;
  authorization: string | undefined;
  form: URLSearchParams;
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

/** Stripe's checkout and promotion-code endpoints on loopback, recording every call. */
export async function startFakeStripe(options: { failCheckout?: boolean } = {}) {
  const calls: StripeCall[] = [];
  const server = createServer(async (request: IncomingMessage, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    const url = new URL(request.url ?? '/', 'http://stripe.test');
    calls.push({
      method: request.method ?? '',
      path: url.pathname,
      authorization: request.headers.authorization,
      form: new URLSearchParams(request.method === 'GET' ? url.search : body),
    });
    response.setHeader('content-type', 'application/json');
    if (url.pathname === '/v1/promotion_codes') {
      const known = url.searchParams.get('code') === 'WELCOME10';
      response.end(JSON.stringify({ object: 'list', data: known ? [{ id: 'promo_welcome10' }] : [] }));
    } else if (url.pathname === '/v1/checkout/sessions' && !options.failCheckout) {
      const id = `cs_test_${randomUUID().replaceAll('-', '')}`;
      response.end(
        JSON.stringify({ id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}` }),
      );
    } else {
      response.statusCode = 402;
      response.end(JSON.stringify({ error: { type: 'card_error', message: 'Your card was declined.' } }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
