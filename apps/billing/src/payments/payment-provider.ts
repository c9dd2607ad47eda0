import type { Tier } from '@memoreel/domain';

export interface CheckoutRequest {
  purchaseId: string;
  projectId: string;
  userId: string;
  productId: Tier;
  productName: string;
  amountCents: number;
  currency: string;
  /** The provider's price id; without one the amount is sent with the checkout. */
  priceId: string | null;
  promoCode: string | undefined;
  successUrl: string;
  cancelUrl: string;
}

export interface Checkout {
  /** The provider's session id: its webhook names it. */
  sessionId: string;
  /** Where the browser goes to pay. */
  url: string;
}

/** A webhook that confirms an upgrade was paid for. */
export interface CheckoutCompleted {
  kind: 'checkout-completed';
  sessionId: string;
  /** Ours, when the checkout was started here (always, unless created by hand in the provider's dashboard). */
  purchaseId: string | undefined;
  projectId: string;
  userId: string;
  productId: Tier;
  amountCents: number;
  currency: string;
}

/** A verified webhook about anything else (refunds, unpaid sessions, other products). */
export interface OtherNotification {
  kind: 'ignored';
  type: string;
}

export type PaymentNotification = CheckoutCompleted | OtherNotification;

/** The payment provider port: starts checkouts and reads its signed webhooks. */
export abstract class PaymentProvider {
  abstract readonly name: string;

  abstract createCheckout(request: CheckoutRequest): Promise<Checkout>;

  /** Verifies the signature first; throws `InvalidSignatureError` (or `WebhookNotConfiguredError`) when it cannot. */
  abstract readWebhook(payload: string, signature: string): PaymentNotification;
}

export class WebhookNotConfiguredError extends Error {
  override name = 'WebhookNotConfiguredError';
}

export class CheckoutFailedError extends Error {
  override name = 'CheckoutFailedError';
}
