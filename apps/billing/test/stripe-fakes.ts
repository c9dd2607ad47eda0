import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkoutCompletedPayload } from '@memoreel/testing';

/** The signing and payload helpers live in libs/testing; billing's specs and e2e keep importing them from here. */
export { checkoutCompletedPayload, stripeSignature } from '@memoreel/testing';

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
