import { TierSchema } from '@memoreel/domain';
import { z } from 'zod';
import { defineEvent, defineRequest } from '../common/define.js';

/** A plan as the pricing table and the upgrade dialog show it (spec §3 "Pricing plan"). */
export const PriceSchema = z.object({
  /** The tier the purchase gives a project: free, remember, honor or cherish. */
  productId: TierSchema,
  name: z.string(),
  /** One-time price in the currency's smallest unit (cents). */
  priceCents: z.number().int().nonnegative(),
  currency: z.string(),
  description: z.string(),
  features: z.array(z.string()),
  /** The payment provider's price id; null when checkout sends the amount itself. */
  priceId: z.string().nullable(),
});
export type Price = z.infer<typeof PriceSchema>;

/** Codes of billing failures beyond the shared ones (messages in `upgradeMessages` of @memoreel/domain). */
export const billingErrorCodes = {
  /** Anonymous (guest-session) users must create an account before buying. */
  accountRequired: 'account_required',
  /** Purchasing is switched off (`PURCHASES_ENABLED=false`): "coming soon". */
  purchasesDisabled: 'purchases_disabled',
  notAnUpgrade: 'not_an_upgrade',
  unknownProduct: 'unknown_product',
  checkoutFailed: 'checkout_failed',
  /** A webhook whose signature is missing, wrong or too old. */
  invalidSignature: 'invalid_signature',
  webhookNotConfigured: 'webhook_not_configured',
} as const;

export const listPrices = defineRequest('billing.price.list', {
  summary: 'The plans with their current prices, lowest first (the pricing table; no session needed).',
  request: z.object({}),
  reply: z.object({ prices: z.array(PriceSchema) }),
});

export const getUpgradeOptions = defineRequest('billing.upgrade.options', {
  summary: "A project's current tier and the plans above it (none for cherish); owner only.",
  request: z.object({ projectId: z.uuid() }),
  reply: z.object({ currentTier: TierSchema, upgradeOptions: z.array(PriceSchema) }),
});

export const purchaseUpgrade = defineRequest('billing.upgrade.purchase', {
  summary:
    'Starts a checkout for a higher tier and returns its URL; purchases_disabled while purchasing is off.',
  request: z.object({
    projectId: z.uuid(),
    productId: TierSchema,
    promoCode: z
      .string()
      .trim()
      .max(64)
      .optional()
      .transform((code) => code || undefined),
  }),
  reply: z.object({ url: z.url() }),
});

export const receivePaymentWebhook = defineRequest('billing.payment.webhook', {
  summary: 'A payment provider webhook as received over HTTP: raw body and signature header, verified here.',
  request: z.object({
    /** The body exactly as received: the signature covers these bytes. */
    payload: z.string().min(1).max(1_000_000),
    /** The `Stripe-Signature` header. */
    signature: z.string().max(2_000),
  }),
  reply: z.object({ received: z.literal(true) }),
});

/** A completed purchase as the dashboard's Purchases tab lists it. */
export const PurchaseSchema = z.object({
  id: z.uuid(),
  projectId: z.uuid(),
  /** The tier bought; its display name is the plan's (`planFor` in @memoreel/domain). */
  productId: TierSchema,
  /** What was paid, in the currency's smallest unit (cents). */
  amountCents: z.number().int().nonnegative(),
  currency: z.string(),
  /** When the payment provider confirmed the payment. */
  purchasedAt: z.iso.datetime(),
});
export type Purchase = z.infer<typeof PurchaseSchema>;

/** How many purchases the history shows at most. */
export const PURCHASE_HISTORY_LIMIT = 100;

export const listPurchases = defineRequest('billing.purchase.list', {
  summary: `The caller's completed purchases, newest first, at most ${PURCHASE_HISTORY_LIMIT} (the dashboard's purchase history).`,
  request: z.object({}),
  reply: z.object({ purchases: z.array(PurchaseSchema) }),
});

export const purchaseCompleted = defineEvent('billing.purchase.completed', {
  summary: 'A payment for an upgrade succeeded; the projects service raises the project to the tier bought.',
  data: z.object({
    purchaseId: z.uuid(),
    projectId: z.uuid(),
    userId: z.uuid(),
    productId: TierSchema,
    amountCents: z.number().int().nonnegative(),
    currency: z.string(),
  }),
});
