import { authErrorCodes, ErrorCodes, subscribeNewsletter } from '@memoreel/contracts';
import { newsletterMessages } from '@memoreel/domain';
import { describe, expect, it } from 'vitest';
import { aClient, anEmail, GUEST_ACTOR, useAuth } from '../../test/auth-harness.js';

const auth = useAuth();

const rowsFor = (email: string) => auth.db.newsletterSubscription.findMany({ where: { email } });

describe('subscribe', () => {
  it('stores the cleaned, lower-cased address with the caller IP', async () => {
    const email = anEmail();
    const client = aClient();
    const reply = await auth.request(subscribeNewsletter, GUEST_ACTOR, {
      client,
      email: `  ${email.toUpperCase()}\u0007 `,
    });
    expect(reply).toEqual({ success: true });
    const [row] = await rowsFor(email);
    expect(row).toMatchObject({ email, ip: client.ip });
    expect(row?.createdAt).toBeInstanceOf(Date);
  });

  it('treats a second subscription of the same address as a success, keeping one row', async () => {
    const email = anEmail();
    await auth.request(subscribeNewsletter, GUEST_ACTOR, { client: aClient(), email });
    expect(await auth.request(subscribeNewsletter, GUEST_ACTOR, { client: aClient(), email })).toEqual({
      success: true,
    });
    expect(await rowsFor(email)).toHaveLength(1);
  });

  it.each([
    ['', newsletterMessages.required],
    ['   ', newsletterMessages.required],
    ['not-an-address', newsletterMessages.invalid],
    [`${'a'.repeat(250)}@example.com`, newsletterMessages.invalid],
  ])('refuses %j with the spec message', async (email, message) => {
    const failure = await auth.failure(subscribeNewsletter, GUEST_ACTOR, { client: aClient(), email });
    expect(failure).toMatchObject({ code: ErrorCodes.validationFailed, message });
  });

  it('limits subscriptions per IP, answering in the newsletter form’s words', async () => {
    const client = aClient();
    for (let attempt = 0; attempt < 10; attempt++) {
      await auth.request(subscribeNewsletter, GUEST_ACTOR, { client, email: anEmail() });
    }
    const failure = await auth.failure(subscribeNewsletter, GUEST_ACTOR, { client, email: anEmail() });
    expect(failure).toMatchObject({
      code: authErrorCodes.rateLimited,
      message: newsletterMessages.tooManyAttempts,
      details: { retryAfterSeconds: expect.any(Number) },
    });
    // Another IP is not affected.
    expect(
      await auth.request(subscribeNewsletter, GUEST_ACTOR, { client: aClient(), email: anEmail() }),
    ).toEqual({
      success: true,
    });
  });
});
