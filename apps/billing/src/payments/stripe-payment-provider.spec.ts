import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutCompletedPayload, startFakeStripe, stripeSignature } from '../../test/stripe-fakes.js';
import { CheckoutFailedError, type CheckoutRequest, WebhookNotConfiguredError } from './payment-provider.js';
import { StripePaymentProvider } from './stripe-payment-provider.js';
import { InvalidSignatureError } from './stripe-signature.js';

const webhookSecret = 'whsec_provider_test';
let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
let provider: StripePaymentProvider;
beforeAll(async () => {
  stripe = await startFakeStripe();
  provider = new StripePaymentProvider({ secretKey: 'sk_test_123', webhookSecret, apiUrl: stripe.url });
});
afterAll(() => stripe?.close());

const request = (overrides: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  purchaseId: randomUUID(),
  projectId: randomUUID(),
  userId: randomUUID(),
  productId: 'honor',
  productName: 'Honor',
  amountCents: 3900,
  currency: 'usd',
  priceId: null,
  promoCode: undefined,
  successUrl: 'http://app.test/dashboard?success=true',
  cancelUrl: 'http://app.test/dashboard',
  ...overrides,
});

describe('StripePaymentProvider.createCheckout', () => {
  it('creates a payment session with the amount and our ids in its metadata', async () => {
    const checkout = request();
    const session = await provider.createCheckout(checkout);
    expect(session.url).toBe(`https://checkout.stripe.test/c/pay/${session.sessionId}`);
    const call = stripe.calls.at(-1)!;
    expect(call).toMatchObject({
      method: 'POST',
      path: '/v1/checkout/sessions',
      authorization: 'Bearer sk_test_123',
    });
    expect(Object.fromEntries(call.form)).toEqual({
      mode: 'payment',
      success_url: checkout.successUrl,
      cancel_url: checkout.cancelUrl,
      client_reference_id: checkout.purchaseId,
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '3900',
      'line_items[0][price_data][product_data][name]': 'Honor',
      'metadata[purchaseId]': checkout.purchaseId,
      'metadata[projectId]': checkout.projectId,
      'metadata[userId]': checkout.userId,
      'metadata[productId]': 'honor',
    });
  });

  it("uses the catalogue's price id when there is one, and resolves a promotion code", async () => {
    await provider.createCheckout(request({ priceId: 'price_honor', promoCode: 'WELCOME10' }));
    const [lookup, create] = stripe.calls.slice(-2);
    expect(lookup).toMatchObject({ method: 'GET', path: '/v1/promotion_codes' });
    expect(lookup!.form.get('code')).toBe('WELCOME10');
    expect(create!.form.get('line_items[0][price]')).toBe('price_honor');
    expect(create!.form.has('line_items[0][price_data][unit_amount]')).toBe(false);
    expect(create!.form.get('discounts[0][promotion_code]')).toBe('promo_welcome10');
  });

  it('fails with CheckoutFailedError for an unknown promotion code, a refusal, or no secret key', async () => {
    await expect(provider.createCheckout(request({ promoCode: 'NOPE' }))).rejects.toThrow(
      CheckoutFailedError,
    );
    const failing = await startFakeStripe({ failCheckout: true });
    try {
      const refusing = new StripePaymentProvider({
        secretKey: 'sk_test_123',
        webhookSecret,
        apiUrl: failing.url,
      });
      await expect(refusing.createCheckout(request())).rejects.toThrow(/402/);
    } finally {
      await failing.close();
    }
    const unconfigured = new StripePaymentProvider({
      secretKey: undefined,
      webhookSecret,
      apiUrl: stripe.url,
    });
    await expect(unconfigured.createCheckout(request())).rejects.toThrow(CheckoutFailedError);
  });
});

describe('StripePaymentProvider.readWebhook', () => {
  const ids = { projectId: randomUUID(), userId: randomUUID(), purchaseId: randomUUID() };

  it('reads a signed, paid checkout session', () => {
    const payload = checkoutCompletedPayload({
      ...ids,
      sessionId: 'cs_test_1',
      productId: 'cherish',
      amountTotal: 5900,
    });
    expect(provider.readWebhook(payload, stripeSignature(payload, webhookSecret))).toEqual({
      kind: 'checkout-completed',
      sessionId: 'cs_test_1',
      ...ids,
      productId: 'cherish',
      amountCents: 5900,
      currency: 'usd',
    });
  });

  it.each([
    ['another event type', { type: 'charge.refunded' }, 'charge.refunded'],
    ['an unpaid session (paid later)', { paymentStatus: 'unpaid' }, 'checkout.session.completed'],
    ['a session without our metadata', { productId: 'gold' }, 'checkout.session.completed'],
  ])('ignores %s', (_case, overrides, type) => {
    const payload = checkoutCompletedPayload({ ...ids, productId: 'honor', ...overrides });
    expect(provider.readWebhook(payload, stripeSignature(payload, webhookSecret))).toEqual({
      kind: 'ignored',
      type,
    });
  });

  it('checks the signature before reading anything', () => {
    const payload = checkoutCompletedPayload({ ...ids, productId: 'honor' });
    expect(() => provider.readWebhook(payload, stripeSignature(payload, 'whsec_wrong'))).toThrow(
      InvalidSignatureError,
    );
    expect(() => provider.readWebhook('{not json', stripeSignature(payload, webhookSecret))).toThrow(
      InvalidSignatureError,
    );
  });

  it('refuses every webhook while no endpoint secret is configured', () => {
    const unconfigured = new StripePaymentProvider({
      secretKey: 'sk',
      webhookSecret: undefined,
      apiUrl: stripe.url,
    });
    const payload = checkoutCompletedPayload({ ...ids, productId: 'honor' });
    expect(() => unconfigured.readWebhook(payload, stripeSignature(payload, webhookSecret))).toThrow(
      WebhookNotConfiguredError,
    );
  });
});
