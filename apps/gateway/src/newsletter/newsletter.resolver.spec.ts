import { authErrorCodes, ErrorCodes, subscribeNewsletter } from '@memoreel/contracts';
import { newsletterMessages } from '@memoreel/domain';
import { actors } from '@memoreel/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startResolverApp } from '../../test/resolver-test-app.js';
import { BillingResolver } from '../payments/billing.resolver.js';
import { NewsletterResolver } from './newsletter.resolver.js';

let app: Awaited<ReturnType<typeof startResolverApp>>;
beforeAll(async () => {
  // A GraphQL schema needs a query; the billing resolver brings one.
  app = await startResolverApp([NewsletterResolver, BillingResolver]);
});
afterAll(() => app?.close());

const SUBSCRIBE = 'mutation ($email: String!) { subscribeNewsletter(email: $email) { success error } }';

describe('NewsletterResolver', () => {
  it('subscribes as a guest, with the client filled in from the request', async () => {
    await app.answer(subscribeNewsletter, () => ({ success: true }));
    const result = await app.graphql(SUBSCRIBE, { email: 'ann@example.com' });
    expect(result).toEqual({ data: { subscribeNewsletter: { success: true, error: null } } });
    expect(app.asked.at(-1)).toMatchObject({
      actor: actors.guest(),
      data: { email: 'ann@example.com', client: { ip: expect.stringMatching(/127\.0\.0\.1/) } },
    });
  });

  it.each([
    [ErrorCodes.validationFailed, newsletterMessages.invalid],
    [authErrorCodes.rateLimited, newsletterMessages.tooManyAttempts],
  ])('answers a %s refusal as { success: false, error }', async (code, message) => {
    await app.answer(subscribeNewsletter, () => {
      throw { code, message };
    });
    const result = await app.graphql(SUBSCRIBE, { email: 'nope' });
    expect(result).toEqual({ data: { subscribeNewsletter: { success: false, error: message } } });
  });

  it('leaves other failures as GraphQL errors', async () => {
    await app.answer(subscribeNewsletter, () => {
      throw { code: ErrorCodes.internal, message: 'Internal error' };
    });
    const result = await app.graphql(SUBSCRIBE, { email: 'ann@example.com' });
    expect(result.errors?.[0]?.extensions.code).toBe(ErrorCodes.internal);
  });
});
