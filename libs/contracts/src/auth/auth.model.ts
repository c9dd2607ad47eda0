import { z } from 'zod';

/**
 * The account model the SPA and services share. Shapes follow Supabase Auth (GoTrue), which
 * the product was specified against, in camelCase.
 */

export const PASSWORD_MIN_LENGTH = 8;
/** Spec §5 placeholder text; the server enforces every rule it names. */
export const PASSWORD_RULES_TEXT =
  'Password must be at least 8 characters and include uppercase, lowercase, numbers, and special characters.';

export const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'Email address is too long')
  .pipe(z.email('Please enter a valid email address'));

export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, PASSWORD_RULES_TEXT)
  .max(72, 'Password cannot exceed 72 characters')
  .refine(
    (p) => /[a-z]/.test(p) && /[A-Z]/.test(p) && /\d/.test(p) && /[^A-Za-z0-9]/.test(p),
    PASSWORD_RULES_TEXT,
  );

/**
 * A password as typed into a form that sets one. Requests carry this loose shape so the auth
 * service can answer a weak password with `weak_password` (GoTrue's code) instead of a bare
 * validation failure; the service then enforces `PasswordSchema`.
 */
export const PasswordInputSchema = z.string().min(1, PASSWORD_RULES_TEXT).max(200, 'Password is too long');

/** A same-site path or absolute URL the user returns to after a link or provider; checked again by the gateway. */
export const RedirectSchema = z.string().max(2048).optional();

export const IdentitySchema = z.object({
  id: z.uuid(),
  provider: z.string(),
  email: z.string().nullable(),
  createdAt: z.iso.datetime(),
});

export const FactorSchema = z.object({
  id: z.uuid(),
  factorType: z.enum(['totp', 'phone']),
  status: z.enum(['verified', 'unverified']),
  friendlyName: z.string().nullable(),
});
export type Factor = z.infer<typeof FactorSchema>;

export const UserSchema = z.object({
  id: z.uuid(),
  email: z.string().nullable(),
  /** Pending address of an e-mail change or of a guest conversion, until confirmed. */
  newEmail: z.string().nullable(),
  emailConfirmedAt: z.iso.datetime().nullable(),
  isAnonymous: z.boolean(),
  appMetadata: z.object({ provider: z.string(), providers: z.array(z.string()) }),
  userMetadata: z.object({ fullName: z.string().optional(), avatarUrl: z.string().optional() }),
  identities: z.array(IdentitySchema),
  factors: z.array(FactorSchema),
  roles: z.array(z.string()),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type User = z.infer<typeof UserSchema>;

/**
 * What a sign-in returns. The gateway puts `refreshToken` in an HttpOnly cookie and never
 * hands it to scripts; the SPA keeps `accessToken` in memory.
 */
export const SessionSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  tokenType: z.literal('bearer'),
  expiresIn: z.number().int().positive(),
  expiresAt: z.number().int().positive(),
  user: UserSchema,
});
export type Session = z.infer<typeof SessionSchema>;

/** The claims of an access token (JWT, EdDSA/ES256, `kid` in JWKS). */
export const AccessTokenClaimsSchema = z.object({
  sub: z.uuid(),
  sid: z.uuid(),
  role: z.enum(['user', 'admin']),
  is_anonymous: z.boolean(),
  email: z.string().nullable(),
  aal: z.enum(['aal1', 'aal2']),
  /**
   * How the session was authenticated, oldest first (GoTrue's shape): password, otp, oauth,
   * anonymous, then totp or recovery_code once the two-factor challenge is passed. Optional only for
   * tokens signed before it existed (they live 10 minutes).
   */
  amr: z.array(z.object({ method: z.string(), timestamp: z.number() })).optional(),
  /**
   * True on an aal1 session of a user with a verified factor: it may only finish the two-factor
   * challenge (or sign out) until it is aal2; the gateway refuses everything else (decision 0027).
   */
  mfa_pending: z.boolean().optional(),
  iat: z.number(),
  exp: z.number(),
  iss: z.string(),
  aud: z.string(),
});
export type AccessTokenClaims = z.infer<typeof AccessTokenClaimsSchema>;

/** Where the request came from, as the gateway saw it: rate limits are per IP. */
export const ClientSchema = z.object({
  ip: z.string().min(1).max(64),
  userAgent: z.string().max(512).optional(),
});

/** A solved bot check (ALTCHA payload, or a Turnstile token when that provider is configured). */
export const BotCheckTokenSchema = z
  .string({ error: 'Please complete the captcha verification' })
  .min(1, 'Please complete the captcha verification')
  .max(4096);

/** `details` of an `over_request_rate_limit` / `over_email_send_rate_limit` answer (the gateway's `Retry-After`). */
export const RateLimitDetailsSchema = z.object({ retryAfterSeconds: z.number().int().positive() });
export type RateLimitDetails = z.infer<typeof RateLimitDetailsSchema>;

export const OtpTypeSchema = z.enum([
  'signup',
  'invite',
  'magiclink',
  'recovery',
  'email_change',
  'email',
  'sms',
  'phone_change',
]);
export type OtpType = z.infer<typeof OtpTypeSchema>;
