import { z } from 'zod';
import { defineRequest } from '../common/define.js';
import { ClientSchema, FactorSchema, SessionSchema } from './auth.model.js';

/**
 * Two-factor sign-in with an authenticator app (spec §3 "factors", §4 MFA_CHALLENGE_VERIFIED,
 * §6 aal1/aal2; decision 0027). Shapes follow GoTrue's MFA API in camelCase; the texts the SPA
 * and the auth service show live here, once.
 */
export const mfaMessages = {
  settings: {
    title: 'Settings',
    twoFactorTitle: 'Two-factor authentication',
    twoFactorDescription:
      'Protect your account with a six-digit code from an authenticator app each time you sign in.',
    noFactors: 'Two-factor authentication is off.',
    add: 'Set up an authenticator app',
    scan: 'Scan this QR code with your authenticator app, or enter the secret below.',
    secretLabel: 'Secret',
    confirmLabel: 'Enter the six-digit code from the app to finish',
    confirm: 'Verify and turn on',
    cancel: 'Cancel',
    enabled: 'Two-factor authentication is on',
    remove: 'Remove',
    removed: 'Authenticator app removed',
    guest: 'Create an account to turn on two-factor authentication.',
    recoveryTitle: 'Save your recovery codes',
    recoveryDescription:
      'Each code signs you in once if you lose your authenticator app. They are shown only now: keep them somewhere safe.',
    copyCodes: 'Copy codes',
    downloadCodes: 'Download codes',
    codesCopied: 'Recovery codes copied to clipboard!',
    savedCodes: "I've saved my codes",
    defaultFriendlyName: 'Authenticator app',
  },
  challenge: {
    title: 'Two-factor authentication',
    description: 'Enter the six-digit code from your authenticator app.',
    codeLabel: 'Authentication code',
    verify: 'Verify',
    useRecoveryCode: 'Use a recovery code',
    useAuthenticator: 'Use your authenticator app',
    recoveryLabel: 'Recovery code',
    recoveryDescription:
      'Enter one of the recovery codes you saved when you turned on two-factor authentication.',
    signOut: 'Sign out',
  },
  errors: {
    invalidCode: 'Invalid code. Please check your authenticator app and try again.',
    invalidRecoveryCode: 'Invalid recovery code. Each code can be used only once.',
    tooManyAttempts: 'Too many wrong codes. Please wait a few minutes before trying again.',
    tooManyAttemptsToday:
      'Too many wrong codes today. Please try again tomorrow, or use one of your recovery codes.',
    tooManyChallenges: 'Too many sign-in attempts. Please wait a few minutes before trying again.',
    challengeExpired: 'The sign-in attempt has expired. Please try again.',
    factorNotFound: 'Factor not found',
    guestCannotEnroll: 'Create an account to turn on two-factor authentication.',
    phoneNotSupported:
      'Phone factors are not available: only authenticator apps can be used for two-factor authentication.',
    insufficientAal: 'Enter the code from your authenticator app to finish signing in.',
    tooManyFactors: 'You can have at most 5 authenticator apps. Remove one to add another.',
  },
} as const;

/** Stable codes (GoTrue's where it has one). */
export const mfaErrorCodes = {
  verificationFailed: 'mfa_verification_failed',
  challengeExpired: 'mfa_challenge_expired',
  factorNotFound: 'mfa_factor_not_found',
  /** An aal1 session of a user with a verified factor asked for more than finishing the challenge. */
  insufficientAal: 'insufficient_aal',
  guestCannotEnroll: 'mfa_account_required',
  phoneNotSupported: 'mfa_phone_enroll_not_enabled',
  tooManyFactors: 'too_many_enrolled_mfa_factors',
} as const;

/** What an authenticator app is set up with: the secret, the otpauth:// URI and that URI as a QR code. */
export const TotpEnrollmentSchema = z.object({
  /** An `data:image/svg+xml;base64,…` URL of the QR code. */
  qrCode: z.string(),
  secret: z.string(),
  uri: z.string(),
});

/** A six-digit TOTP code as typed (spaces allowed, removed). */
export const TotpCodeSchema = z
  .string()
  .transform((code) => code.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the six-digit code from your authenticator app'));

/** A recovery code as typed: case, spaces and dashes do not matter. */
export const RecoveryCodeSchema = z
  .string()
  .max(64)
  .transform((code) => code.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, 'Enter one of your recovery codes'));

export const enrollFactor = defineRequest('auth.factor.enroll', {
  summary:
    'Starts setting up an authenticator app (unverified until a code confirms it); accounts only, and a user with a verified factor needs an aal2 session.',
  request: z.object({
    factorType: z.enum(['totp', 'phone']),
    friendlyName: z.string().trim().min(1).max(60).optional(),
  }),
  reply: z.object({ factor: FactorSchema, totp: TotpEnrollmentSchema }),
});

export const listFactors = defineRequest('auth.factor.list', {
  summary: "The actor's factors, verified and unverified.",
  request: z.object({}),
  reply: z.object({ factors: z.array(FactorSchema) }),
});

export const challengeFactor = defineRequest('auth.factor.challenge', {
  summary: "Opens a challenge (5 minutes) for one of the actor's factors (limited per user).",
  request: z.object({ client: ClientSchema, factorId: z.uuid() }),
  reply: z.object({ id: z.uuid(), expiresAt: z.number().int().positive() }),
});

export const verifyFactor = defineRequest('auth.factor.verify', {
  summary:
    'Checks a TOTP code for a challenge: the session becomes aal2 (new tokens). The first verification of a factor also verifies it and, when the user has none, makes the recovery codes (answered once). Wrong codes are limited per factor and per user.',
  request: z.object({
    client: ClientSchema,
    factorId: z.uuid(),
    challengeId: z.uuid(),
    code: TotpCodeSchema,
  }),
  reply: z.object({ session: SessionSchema, recoveryCodes: z.array(z.string()).nullable() }),
});

export const verifyRecoveryCode = defineRequest('auth.factor.verify-recovery-code', {
  summary:
    'Finishes the two-factor sign-in with a recovery code instead of a TOTP code; each code works once.',
  request: z.object({ client: ClientSchema, code: RecoveryCodeSchema }),
  reply: z.object({ session: SessionSchema, recoveryCodesLeft: z.number().int().nonnegative() }),
});

export const unenrollFactor = defineRequest('auth.factor.unenroll', {
  summary:
    "Removes one of the actor's factors (an aal2 session is needed while the user has a verified factor); the last verified one takes the recovery codes with it.",
  request: z.object({ factorId: z.uuid() }),
  reply: z.object({ id: z.uuid() }),
});
