import { z } from 'zod';
import { defineEvent, defineLive, defineRequest } from '../common/define.js';
import {
  BotCheckTokenSchema,
  ClientSchema,
  EmailSchema,
  OtpTypeSchema,
  PasswordInputSchema,
  RedirectSchema,
  SessionSchema,
  UserSchema,
} from './auth.model.js';

const SessionOrConfirmation = z.object({
  user: UserSchema,
  /** Null when the e-mail must be confirmed first ("Please check your email to confirm your account"). */
  session: SessionSchema.nullable(),
});

export const signUp = defineRequest('auth.user.sign-up', {
  summary: 'Creates an account with e-mail and password and sends the confirmation e-mail.',
  request: z.object({
    client: ClientSchema,
    email: EmailSchema,
    /** Checked against `PasswordSchema` by the service (`weak_password`). */
    password: PasswordInputSchema,
    redirectTo: RedirectSchema,
    fullName: z.string().trim().max(200).optional(),
    /** Required unless the auth service runs with BOT_CHECK_REQUIRED=false (else `captcha_failed`). */
    botCheck: BotCheckTokenSchema.optional(),
  }),
  reply: SessionOrConfirmation,
});

export const signInWithPassword = defineRequest('auth.session.sign-in-password', {
  summary: 'Signs in with e-mail and password (rate limited per IP and per address).',
  request: z.object({
    client: ClientSchema,
    email: EmailSchema,
    password: z.string().min(1).max(200),
    botCheck: BotCheckTokenSchema.optional(),
  }),
  reply: SessionSchema,
});

export const signInAnonymously = defineRequest('auth.session.sign-in-anonymous', {
  summary: 'Creates a guest user without e-mail after a valid bot check (30 per hour per IP).',
  request: z.object({ client: ClientSchema, botCheck: BotCheckTokenSchema }),
  reply: SessionSchema,
});

export const refreshSession = defineRequest('auth.session.refresh', {
  summary: 'Rotates a refresh token; a spent token reused outside the grace window revokes its whole family.',
  request: z.object({ client: ClientSchema, refreshToken: z.string().min(1).max(256) }),
  reply: SessionSchema,
});

export const signOut = defineRequest('auth.session.sign-out', {
  summary: "Revokes the actor's session (scope local), every session (global) or the others.",
  request: z.object({ scope: z.enum(['local', 'global', 'others']).default('local') }),
  reply: z.object({ signedOut: z.literal(true) }),
});

export const signOutByRefreshToken = defineRequest('auth.session.sign-out-by-refresh-token', {
  summary:
    "Revokes the session a refresh token belongs to (local) or all its user's sessions (global): sign-out when the access token has expired. An unknown token changes nothing.",
  request: z.object({
    refreshToken: z.string().min(1).max(256),
    scope: z.enum(['local', 'global']).default('local'),
  }),
  reply: z.object({ signedOut: z.literal(true) }),
});

export const getUser = defineRequest('auth.user.get', {
  summary: "The actor's own user.",
  request: z.object({}),
  reply: UserSchema,
});

export const updateUser = defineRequest('auth.user.update', {
  summary:
    'Sets e-mail and/or password. On a guest, e-mail + password converts it to an account with the same id and sends a verification e-mail. A new password needs the current one or a sign-in of the last 10 minutes, and signs out the other sessions.',
  request: z.object({
    client: ClientSchema,
    email: EmailSchema.optional(),
    /** Checked against `PasswordSchema` by the service (`weak_password`). */
    password: PasswordInputSchema.optional(),
    /** Proof for a new password, unless the session is a fresh sign-in (`reauthentication_needed`). */
    currentPassword: z.string().min(1).max(1024).optional(),
    fullName: z.string().trim().max(200).optional(),
    redirectTo: RedirectSchema,
    botCheck: BotCheckTokenSchema.optional(),
  }),
  reply: UserSchema,
});

export const recoverPassword = defineRequest('auth.user.recover', {
  summary: 'Sends a password-reset e-mail; answers the same whether or not the address exists.',
  request: z.object({
    client: ClientSchema,
    email: EmailSchema,
    redirectTo: RedirectSchema,
    /** Required unless the auth service runs with BOT_CHECK_REQUIRED=false (else `captcha_failed`). */
    botCheck: BotCheckTokenSchema.optional(),
  }),
  reply: z.object({ sent: z.literal(true) }),
});

export const sendOtp = defineRequest('auth.otp.send', {
  summary:
    'Sends a magic link and a six-digit code by e-mail (60 s between mails to one address). Phone: not supported.',
  request: z.object({
    client: ClientSchema,
    email: EmailSchema.optional(),
    phone: z.string().max(32).optional(),
    createUser: z.boolean().default(true),
    redirectTo: RedirectSchema,
    /** Required unless the auth service runs with BOT_CHECK_REQUIRED=false (else `captcha_failed`). */
    botCheck: BotCheckTokenSchema.optional(),
  }),
  reply: z.object({ sent: z.literal(true) }),
});

export const verifyOtp = defineRequest('auth.otp.verify', {
  summary:
    'Verifies an e-mailed code or link token (signup, magiclink, recovery, email_change, email) and opens a session.',
  request: z.object({
    client: ClientSchema,
    type: OtpTypeSchema,
    email: EmailSchema.optional(),
    phone: z.string().max(32).optional(),
    /** The six-digit code typed by the user… */
    token: z.string().max(64).optional(),
    /** …or the hash carried by the link in the e-mail. */
    tokenHash: z.string().max(128).optional(),
  }),
  reply: z.object({ session: SessionSchema, type: OtpTypeSchema }),
});

export const issueBotChallenge = defineRequest('auth.bot-check.challenge', {
  summary:
    'A fresh ALTCHA proof-of-work challenge (or the Turnstile site key when that provider is configured).',
  request: z.object({}),
  reply: z.discriminatedUnion('provider', [
    z.object({
      provider: z.literal('altcha'),
      challenge: z.object({
        algorithm: z.string(),
        challenge: z.string(),
        maxnumber: z.number().int().optional(),
        salt: z.string(),
        signature: z.string(),
      }),
    }),
    z.object({ provider: z.literal('turnstile'), siteKey: z.string() }),
  ]),
});

export const getJwks = defineRequest('auth.keys.get', {
  summary: 'The public keys access tokens are signed with (JWKS); the gateway caches them.',
  request: z.object({}),
  reply: z.object({
    keys: z.array(z.record(z.string(), z.unknown())),
    issuer: z.string(),
    audience: z.string(),
  }),
});

export const startSocialSignIn = defineRequest('auth.social.start', {
  summary:
    'The OpenID Connect authorization URL (code + PKCE) for a configured provider; the gateway keeps `state` in a cookie.',
  request: z.object({
    provider: z.string().min(1).max(40),
    callbackUrl: z.url(),
    redirectTo: RedirectSchema,
  }),
  reply: z.object({
    authorizationUrl: z.url(),
    state: z.string(),
    codeVerifier: z.string(),
    nonce: z.string(),
  }),
});

export const completeSocialSignIn = defineRequest('auth.social.complete', {
  summary:
    'Exchanges the code, then signs in the linked user, links a verified e-mail to its existing user, converts the guest actor, or creates a user.',
  request: z.object({
    client: ClientSchema,
    provider: z.string().min(1).max(40),
    /** The full callback URL the provider sent the browser to (code, state, iss…). */
    callbackUrl: z.url(),
    expectedState: z.string(),
    codeVerifier: z.string(),
    nonce: z.string(),
  }),
  reply: z.object({ session: SessionSchema, redirectTo: RedirectSchema }),
});

export const listSocialProviders = defineRequest('auth.social.list', {
  summary: 'The configured social providers (id + display name), for the sign-in buttons.',
  request: z.object({}),
  reply: z.object({ providers: z.array(z.object({ id: z.string(), name: z.string() })) }),
});

export const userSignedUp = defineEvent('auth.user.signed-up', {
  summary: 'A user exists now (guest or account).',
  data: z.object({ userId: z.uuid(), isAnonymous: z.boolean() }),
});

export const userDeleted = defineEvent('auth.user.deleted', {
  summary:
    'A user is gone with their sign-in data (a guest whose every session ended 30 days ago): their projects, photos and shares go too.',
  data: z.object({ userId: z.uuid(), reason: z.enum(['guest-expired']) }),
});

export const userConverted = defineEvent('auth.user.converted', {
  summary: 'A guest became an account, keeping its id and all its data.',
  /** `email` is null when a social provider vouched for no e-mail address. */
  data: z.object({ userId: z.uuid(), email: z.string().nullable() }),
});

/** Why sessions ended before their time. */
export const SESSION_REVOCATION_REASONS = [
  'sign-out',
  'password-changed',
  'reuse-detected',
  'disabled-by-admin',
] as const;

export const sessionsRevoked = defineLive('auth.session.revoked', {
  summary:
    'Sessions that ended before their time (sign-out, a new password, a stolen refresh token, an admin barring the user): every gateway closes their live connections at once and refuses their access tokens.',
  data: z.object({
    userId: z.uuid(),
    sessionIds: z.array(z.uuid()).min(1),
    reason: z.enum(SESSION_REVOCATION_REASONS),
  }),
});
