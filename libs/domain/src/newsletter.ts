import { z } from 'zod';
import { cleanText } from './text.js';

export const NEWSLETTER_EMAIL_MAX_LENGTH = 254;
/** Client-side attempts allowed per window before "Too many attempts". */
export const NEWSLETTER_ATTEMPTS = { max: 3, windowMs: 5 * 60 * 1000 } as const;

/** The newsletter texts of spec §5 and §8. */
export const newsletterMessages = {
  required: 'Please enter your email address',
  invalid: 'Please enter a valid email address',
  tooManyAttempts: 'Too many attempts. Please try again later.',
  subscribed: 'Successfully subscribed to our newsletter!',
  failed: 'Failed to subscribe',
  failedFallback: 'Failed to subscribe to newsletter',
} as const;

/** Deliberately simple: something@something.tld without spaces; the confirmation mail proves the rest. */
const SIMPLE_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A newsletter address as typed: control characters stripped, trimmed, at most 254 characters. */
export const NewsletterEmailSchema = z
  .string({ error: newsletterMessages.required })
  .transform(cleanText)
  .pipe(
    z
      .string()
      .min(1, newsletterMessages.required)
      .max(NEWSLETTER_EMAIL_MAX_LENGTH, newsletterMessages.invalid)
      .regex(SIMPLE_ADDRESS, newsletterMessages.invalid),
  );

export type NewsletterEmailCheck = { ok: true; email: string } | { ok: false; message: string };

export function checkNewsletterEmail(input: unknown): NewsletterEmailCheck {
  const result = NewsletterEmailSchema.safeParse(input);
  if (result.success) return { ok: true, email: result.data };
  return { ok: false, message: result.error.issues[0]?.message ?? newsletterMessages.required };
}
