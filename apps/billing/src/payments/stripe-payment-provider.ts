import { TierSchema } from '@memoreel/domain';
import { z } from 'zod';
import type { StripeSettings } from '../billing.config.js';
import {
  type Checkout,
  CheckoutFailedError,
  type CheckoutRequest,
  type PaymentNotification,
  PaymentProvider,
  WebhookNotConfiguredError,
} from './payment-provider.js';
import { verifyStripeSignature } from './stripe-signature.js';

const StripeEventSchema = z.object({
  id: z.string(),
  type: z.string(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

/** The part of a Checkout Session we rely on; the metadata is what `createCheckout` attached. */
const CompletedSessionSchema = z.object({
  id: z.string().min(1),
  payment_status: z.literal('paid'),
  amount_total: z.number().int().nonnegative(),
  currency: z.string().min(1),
  metadata: z.object({
    purchaseId: z.uuid().optional(),
    projectId: z.uuid(),
    userId: z.uuid(),
    productId: TierSchema,
  }),
});

/** `checkout.session.completed` with status unpaid (bank transfers) is paid later: async_payment_succeeded. */
const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

const SessionSchema = z.object({ id: z.string().min(1), url: z.url() });
const PromotionCodesSchema = z.object({ data: z.array(z.object({ id: z.string() })) });

/** Stripe Checkout over its REST API (form-encoded, no SDK); webhooks verified with node:crypto. */
export class StripePaymentProvider extends PaymentProvider {
  readonly name = 'stripe';

  constructor(private readonly settings: StripeSettings) {
    super();
  }

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    const form = new URLSearchParams({
      mode: 'payment',
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      client_reference_id: request.purchaseId,
      'line_items[0][quantity]': '1',
      'metadata[purchaseId]': request.purchaseId,
      'metadata[projectId]': request.projectId,
      'metadata[userId]': request.userId,
      'metadata[productId]': request.productId,
    });
    if (request.priceId) {
      form.set('line_items[0][price]', request.priceId);
    } else {
      form.set('line_items[0][price_data][currency]', request.currency);
      form.set('line_items[0][price_data][unit_amount]', String(request.amountCents));
      form.set('line_items[0][price_data][product_data][name]', request.productName);
    }
    if (request.promoCode) {
      form.set('discounts[0][promotion_code]', await this.promotionCodeId(request.promoCode));
    }
    const session = SessionSchema.parse(await this.call('POST', '/v1/checkout/sessions', form));
    return { sessionId: session.id, url: session.url };
  }

  readWebhook(payload: string, signature: string): PaymentNotification {
    if (!this.settings.webhookSecret) throw new WebhookNotConfiguredError('STRIPE_WEBHOOK_SECRET is not set');
    verifyStripeSignature({ payload, header: signature, secret: this.settings.webhookSecret });
    const event = StripeEventSchema.parse(JSON.parse(payload));
    if (!PAID_EVENTS.has(event.type)) return { kind: 'ignored', type: event.type };
    const session = CompletedSessionSchema.safeParse(event.data.object);
    if (!session.success) return { kind: 'ignored', type: event.type };
    const { id, amount_total, currency, metadata } = session.data;
    return {
      kind: 'checkout-completed',
      sessionId: id,
      purchaseId: metadata.purchaseId,
      projectId: metadata.projectId,
      userId: metadata.userId,
      productId: metadata.productId,
      amountCents: amount_total,
      currency,
    };
  }

  /** Users type a promotion code; Checkout takes the id of an active one. */
  private async promotionCodeId(code: string): Promise<string> {
    const query = new URLSearchParams({ code, active: 'true', limit: '1' });
    const found = PromotionCodesSchema.parse(await this.call('GET', `/v1/promotion_codes?${query}`));
    const id = found.data[0]?.id;
    if (!id) throw new CheckoutFailedError(`No active promotion code "${code}"`);
    return id;
  }

  private async call(method: 'GET' | 'POST', path: string, form?: URLSearchParams): Promise<unknown> {
    if (!this.settings.secretKey) throw new CheckoutFailedError('STRIPE_SECRET_KEY is not set');
    const response = await fetch(`${this.settings.apiUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.settings.secretKey}`,
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form?.toString() ?? null,
      signal: AbortSignal.timeout(10_000),
    });
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      throw new CheckoutFailedError(
        `Stripe answered ${response.status} on ${method} ${path}: ${JSON.stringify(body)}`,
      );
    }
    return body;
  }
}
