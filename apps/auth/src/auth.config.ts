import { EmailSchema } from '@memoreel/contracts';
import { env } from '@memoreel/platform';
import { z } from 'zod';

const OidcProviderSchema = z.object({
  id: z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, 'id must be lowercase letters, digits or -'),
  name: z.string().min(1),
  issuer: z.url(),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
});
export type OidcProviderConfig = z.infer<typeof OidcProviderSchema>;

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/** Where the app is when nobody says otherwise: a laptop (refused in production). */
const DEVELOPMENT_PUBLIC_URL = 'http://127.0.0.1:3000';

/** What the auth service reads from its environment (`ServiceContext.env`). */
export const authEnvironment = z
  .object({
    /** The app's public origin: tokens' issuer and the links in e-mails are built on it. */
    PUBLIC_URL: z
      .url({ message: 'must be a valid URL (the public origin of the app)' })
      .optional()
      .transform((url) => url?.replace(/\/+$/, '')),
    /** `production` refuses defaults that are only safe on a laptop (see the checks below). */
    NODE_ENV: z.string().optional(),
    /** Where mail goes, e.g. smtp://127.0.0.1:2525; without it mails are written to the log. */
    SMTP_URL: env.optionalUrl('SMTP server'),
    MAIL_FROM: z.string().min(3).default('Memoreel <no-reply@memoreel.local>'),
    /** Signs ALTCHA challenges; without it a key is generated once and kept in the database. */
    ALTCHA_HMAC_KEY: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    /** Proof-of-work size: ~50,000 SHA-256 rounds solve in about a second in a browser. */
    ALTCHA_MAX_NUMBER: z.coerce.number().int().min(100).max(10_000_000).default(50_000),
    /**
     * The bot check on sign-up and on mails to an address (reset link, magic link, code): `true`
     * (default) refuses them without a solved check, `false` checks one only when it is sent (a
     * private instance, a script of the owner's). Guest sign-ins always need it.
     */
    BOT_CHECK_REQUIRED: z
      .enum(['true', 'false'], { message: 'must be true or false' })
      .default('true')
      .transform((text) => text === 'true'),
    /**
     * Multiplies every limit of rate-limiter.ts (1, the default, keeps them as documented). Only for a
     * load-test environment whose generators share a few addresses; never raise it in production.
     */
    AUTH_RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(10_000).default(1),
    /**
     * Guests one address may start an hour (rate-limiter.ts: 30). Only for a test environment whose
     * browsers all come from one address (the e2e suite's standalone server); never in production.
     */
    AUTH_GUESTS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).optional(),
    /** Both set: Cloudflare Turnstile replaces ALTCHA. */
    TURNSTILE_SITE_KEY: optionalText,
    TURNSTILE_SECRET_KEY: optionalText,
    TURNSTILE_VERIFY_URL: z.url().default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
    /** JSON list of OpenID Connect providers: `[{"id","name","issuer","clientId","clientSecret"}]`. */
    OIDC_PROVIDERS: optionalText
      .transform((text, ctx) => {
        if (text === undefined) return [];
        try {
          return JSON.parse(text) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'must be a JSON list of providers' });
          return z.NEVER;
        }
      })
      .pipe(z.array(OidcProviderSchema)),
    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_CLIENT_SECRET: optionalText,
    /** Comma-separated addresses that get the admin role at sign-in once confirmed (how a self-hoster becomes admin). */
    ADMIN_EMAILS: optionalText.transform((text, ctx) => {
      const addresses = (text ?? '')
        .split(',')
        .map((address) => address.trim())
        .filter(Boolean);
      return addresses.map((address) => {
        const parsed = EmailSchema.safeParse(address);
        if (!parsed.success)
          ctx.addIssue({ code: 'custom', message: `"${address}" is not an e-mail address` });
        return parsed.success ? parsed.data : address;
      });
    }),
  })
  // In production nothing may fall back to a laptop's defaults: sign-in links would go to the log,
  // and links and token issuers would name 127.0.0.1.
  .refine((config) => config.NODE_ENV !== 'production' || config.SMTP_URL, {
    message: 'is required in production (without it sign-in links would be written to the log)',
    path: ['SMTP_URL'],
  })
  .refine((config) => config.NODE_ENV !== 'production' || config.PUBLIC_URL, {
    message: 'is required in production (the public origin links and tokens are built on)',
    path: ['PUBLIC_URL'],
  })
  .refine((config) => !config.TURNSTILE_SITE_KEY === !config.TURNSTILE_SECRET_KEY, {
    message: 'TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY go together',
    path: ['TURNSTILE_SECRET_KEY'],
  })
  .refine((config) => !config.GOOGLE_CLIENT_ID === !config.GOOGLE_CLIENT_SECRET, {
    message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together',
    path: ['GOOGLE_CLIENT_SECRET'],
  })
  .refine(
    (config) => {
      const ids = [...(config.GOOGLE_CLIENT_ID ? ['google'] : []), ...config.OIDC_PROVIDERS.map((p) => p.id)];
      return new Set(ids).size === ids.length;
    },
    {
      message: 'provider ids must be unique (GOOGLE_CLIENT_ID already defines "google")',
      path: ['OIDC_PROVIDERS'],
    },
  );

export type AuthEnvironment = z.infer<typeof authEnvironment>;

/** The validated settings, as providers inject them. */
export abstract class AuthConfig {
  abstract readonly publicUrl: string;
  /** `iss` of access tokens: where the gateway serves this API. */
  abstract readonly issuer: string;
  abstract readonly smtpUrl: string | undefined;
  abstract readonly mailFrom: string;
  abstract readonly altcha: { hmacKey: string | undefined; maxNumber: number };
  /** Whether sign-up and mails to an address need a solved bot check (BOT_CHECK_REQUIRED). */
  abstract readonly botCheckRequired: boolean;
  abstract readonly turnstile: { siteKey: string; secretKey: string; verifyUrl: string } | undefined;
  abstract readonly oidcProviders: readonly OidcProviderConfig[];
  abstract readonly adminEmails: ReadonlySet<string>;
  /** AUTH_RATE_LIMIT_SCALE: every rate limit's capacity times this (1 outside load environments). */
  abstract readonly rateLimitScale: number;
  /** AUTH_GUESTS_PER_ADDRESS: the hourly guests of one address, when a test environment sets it. */
  abstract readonly guestsPerAddress?: number;
}

export function authConfigFrom(environment: AuthEnvironment): AuthConfig {
  const google: OidcProviderConfig[] =
    environment.GOOGLE_CLIENT_ID && environment.GOOGLE_CLIENT_SECRET
      ? [
          {
            id: 'google',
            name: 'Google',
            issuer: 'https://accounts.google.com',
            clientId: environment.GOOGLE_CLIENT_ID,
            clientSecret: environment.GOOGLE_CLIENT_SECRET,
          },
        ]
      : [];
  const publicUrl = environment.PUBLIC_URL ?? DEVELOPMENT_PUBLIC_URL;
  return {
    publicUrl,
    issuer: `${publicUrl}/auth/v1`,
    smtpUrl: environment.SMTP_URL,
    mailFrom: environment.MAIL_FROM,
    altcha: { hmacKey: environment.ALTCHA_HMAC_KEY, maxNumber: environment.ALTCHA_MAX_NUMBER },
    botCheckRequired: environment.BOT_CHECK_REQUIRED,
    turnstile:
      environment.TURNSTILE_SITE_KEY && environment.TURNSTILE_SECRET_KEY
        ? {
            siteKey: environment.TURNSTILE_SITE_KEY,
            secretKey: environment.TURNSTILE_SECRET_KEY,
            verifyUrl: environment.TURNSTILE_VERIFY_URL,
          }
        : undefined,
    oidcProviders: [...google, ...environment.OIDC_PROVIDERS],
    adminEmails: new Set(environment.ADMIN_EMAILS),
    rateLimitScale: environment.AUTH_RATE_LIMIT_SCALE,
    guestsPerAddress: environment.AUTH_GUESTS_PER_ADDRESS,
  };
}
