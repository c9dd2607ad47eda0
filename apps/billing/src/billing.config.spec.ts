import { InvalidEnvironmentError, loadConfig } from '@memoreel/platform';
import { describe, expect, it } from 'vitest';
import { billingConfigFrom, billingEnvironment } from './billing.config.js';

const load = (env: Record<string, string>) => billingConfigFrom(loadConfig(billingEnvironment, env));

describe('billing environment', () => {
  it('sells nothing by default', () => {
    expect(load({})).toEqual({
      purchasesEnabled: false,
      publicUrl: 'http://127.0.0.1:3000',
      stripe: { secretKey: undefined, webhookSecret: undefined, apiUrl: 'https://api.stripe.com' },
    });
  });

  it.each([
    ['true', true],
    ['1', true],
    ['false', false],
    ['0', false],
    ['', false],
  ])('reads PURCHASES_ENABLED=%j as %s', (value, enabled) => {
    expect(load({ PURCHASES_ENABLED: value, STRIPE_SECRET_KEY: 'sk_test' }).purchasesEnabled).toBe(enabled);
  });

  it('refuses to start selling without a Stripe secret key, or with an unclear flag', () => {
    expect(() => load({ PURCHASES_ENABLED: 'true' })).toThrow(InvalidEnvironmentError);
    expect(() => load({ PURCHASES_ENABLED: 'yes', STRIPE_SECRET_KEY: 'sk_test' })).toThrow(
      /PURCHASES_ENABLED/,
    );
  });

  it('drops trailing slashes from URLs', () => {
    expect(
      load({ PUBLIC_URL: 'https://memoreel.example/', STRIPE_API_URL: 'http://127.0.0.1:1234/' }),
    ).toMatchObject({
      publicUrl: 'https://memoreel.example',
      stripe: { apiUrl: 'http://127.0.0.1:1234' },
    });
  });
});
