import { describe, expect, it } from 'vitest';
import { checkNewsletterEmail, NEWSLETTER_ATTEMPTS, newsletterMessages } from './newsletter.js';

describe('newsletter e-mail', () => {
  it.each([
    [undefined, 'Please enter your email address'],
    ['', 'Please enter your email address'],
    ['  \u0000 ', 'Please enter your email address'],
    ['not-an-address', 'Please enter a valid email address'],
    ['a@b', 'Please enter a valid email address'],
    ['two words@example.com', 'Please enter a valid email address'],
    ['a@@example.com', 'Please enter a valid email address'],
    [`${'a'.repeat(243)}@example.com`, 'Please enter a valid email address'],
  ])('rejects %j: %s', (input, message) => {
    expect(checkNewsletterEmail(input)).toEqual({ ok: false, message });
  });

  it.each([
    ['ada@example.com', 'ada@example.com'],
    ['  ada@example.com\n', 'ada@example.com'],
    ['ada\u0000@example.com', 'ada@example.com'],
    [`${'a'.repeat(242)}@example.com`, `${'a'.repeat(242)}@example.com`],
  ])('accepts %j as %j', (input, email) => {
    expect(checkNewsletterEmail(input)).toEqual({ ok: true, email });
  });

  it('limits attempts to 3 per 5 minutes and words it as the spec does', () => {
    expect(NEWSLETTER_ATTEMPTS).toEqual({ max: 3, windowMs: 300_000 });
    expect(newsletterMessages.tooManyAttempts).toBe('Too many attempts. Please try again later.');
  });
});
