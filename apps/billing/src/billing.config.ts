import { z } from 'zod';

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** What the billing service reads from its environment (`ServiceContext.env`). */
export const billingEnvironment = z
  .object({
    /** Off by default: the product sells nothing yet and answers "coming soon" (spec §1). */
    PURCHASES_ENABLED: flag,
    /** The app's public origin: checkout returns the browser to its dashboard. */
    PUBLIC_URL: z
      .url({ message: 'must be a valid URL (the public origin of the app)' })
      .default('http://127.0.0.1:3000')
      .transform((url) => url.replace(/\/+$/, '')),
    STRIPE_SECRET_KEY: optionalText,
    /** The webhook endpoint's signing secret (`whsec_…`); without it every webhook is refused. */
    STRIPE_WEBHOOK_SECRET: optionalText,
    STRIPE_API_URL: z
      .url()
      .default('https://api.stripe.com')
      .transform((url) => url.replace(/\/+$/, '')),
  })
  .refine((config) => !config.PURCHASES_ENABLED || config.STRIPE_SECRET_KEY, {
    message: 'PURCHASES_ENABLED needs STRIPE_SECRET_KEY',
    path: ['STRIPE_SECRET_KEY'],
  });

export type BillingEnvironment = z.infer<typeof billingEnvironment>;

/** The validated settings, as providers inject them. */
export abstract class BillingConfig {
  abstract readonly purchasesEnabled: boolean;
  abstract readonly publicUrl: string;
  abstract readonly stripe: StripeSettings;
}

export interface StripeSettings {
  secretKey: string | undefined;
  webhookSecret: string | undefined;
  apiUrl: string;
}

export function billingConfigFrom(environment: BillingEnvironment): BillingConfig {
  return {
    purchasesEnabled: environment.PURCHASES_ENABLED,
    publicUrl: environment.PUBLIC_URL,
    stripe: {
      secretKey: environment.STRIPE_SECRET_KEY,
      webhookSecret: environment.STRIPE_WEBHOOK_SECRET,
      apiUrl: environment.STRIPE_API_URL,
    },
  };
}
