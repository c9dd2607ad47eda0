import { InvalidEnvironmentError, loadConfig } from '@memoreel/platform';
import { describe, expect, it } from 'vitest';
import { authConfigFrom, authEnvironment } from './auth.config.js';

const configFrom = (env: Record<string, string>) => authConfigFrom(loadConfig(authEnvironment, env));

function problemsOf(env: Record<string, string>): string {
  try {
    loadConfig(authEnvironment, env);
  } catch (error) {
    if (error instanceof InvalidEnvironmentError) return error.message;
    throw error;
  }
  throw new Error('expected an invalid environment');
}

describe('auth environment', () => {
  it('has working defaults: log mail, ALTCHA, no providers', () => {
    expect(configFrom({})).toEqual({
      publicUrl: 'http://127.0.0.1:3000',
      issuer: 'http://127.0.0.1:3000/auth/v1',
      smtpUrl: undefined,
      mailFrom: 'Memoreel <no-reply@memoreel.local>',
      altcha: { hmacKey: undefined, maxNumber: 50_000 },
      botCheckRequired: true,
      turnstile: undefined,
      oidcProviders: [],
      adminEmails: new Set(),
      rateLimitScale: 1,
    });
  });

  it('reads providers, the Google preset, Turnstile and admin addresses', () => {
    const config = configFrom({
      PUBLIC_URL: 'https://memoreel.example/',
      OIDC_PROVIDERS:
        '[{"id":"keycloak","name":"Company","issuer":"https://sso.example","clientId":"c","clientSecret":"s"}]',
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 'gs',
      TURNSTILE_SITE_KEY: 'site',
      TURNSTILE_SECRET_KEY: 'secret',
      ADMIN_EMAILS: ' Boss@Example.com ,ops@example.com,',
    });
    expect(config.issuer).toBe('https://memoreel.example/auth/v1');
    expect(config.oidcProviders.map((p) => [p.id, p.issuer])).toEqual([
      ['google', 'https://accounts.google.com'],
      ['keycloak', 'https://sso.example'],
    ]);
    expect(config.turnstile).toEqual({
      siteKey: 'site',
      secretKey: 'secret',
      verifyUrl: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
    });
    expect([...config.adminEmails]).toEqual(['boss@example.com', 'ops@example.com']);
  });

  it('refuses to start in production without SMTP or an explicit public URL', () => {
    const message = problemsOf({ NODE_ENV: 'production' });
    expect(message).toContain(
      'SMTP_URL: is required in production (without it sign-in links would be written to the log)',
    );
    expect(message).toContain(
      'PUBLIC_URL: is required in production (the public origin links and tokens are built on)',
    );
    expect(
      configFrom({
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://mail.example:587',
        PUBLIC_URL: 'https://memoreel.example',
      }).publicUrl,
    ).toBe('https://memoreel.example');
  });

  it('names each bad variable', () => {
    const message = problemsOf({
      SMTP_URL: 'not a url',
      OIDC_PROVIDERS: '{not json',
      TURNSTILE_SITE_KEY: 'only one half',
      ADMIN_EMAILS: 'nobody',
      ALTCHA_HMAC_KEY: 'short',
      BOT_CHECK_REQUIRED: 'no',
    });
    expect(message).toContain('SMTP_URL: must be a valid URL');
    expect(message).toContain('OIDC_PROVIDERS: must be a JSON list of providers');
    expect(message).toContain('ADMIN_EMAILS: "nobody" is not an e-mail address');
    expect(message).toContain('ALTCHA_HMAC_KEY: must be at least 32 characters');
    expect(message).toContain('BOT_CHECK_REQUIRED: must be true or false');
  });

  it('requires the bot check on sign-up and mails unless BOT_CHECK_REQUIRED=false', () => {
    expect(configFrom({ BOT_CHECK_REQUIRED: 'true' }).botCheckRequired).toBe(true);
    expect(configFrom({ BOT_CHECK_REQUIRED: 'false' }).botCheckRequired).toBe(false);
  });

  it('refuses half a Turnstile or Google configuration and duplicate provider ids', () => {
    expect(problemsOf({ TURNSTILE_SITE_KEY: 'site' })).toContain(
      'TURNSTILE_SECRET_KEY: TURNSTILE_SITE_KEY and',
    );
    expect(problemsOf({ GOOGLE_CLIENT_ID: 'g' })).toContain('GOOGLE_CLIENT_SECRET:');
    expect(
      problemsOf({
        GOOGLE_CLIENT_ID: 'g',
        GOOGLE_CLIENT_SECRET: 's',
        OIDC_PROVIDERS:
          '[{"id":"google","name":"G","issuer":"https://x.example","clientId":"c","clientSecret":"s"}]',
      }),
    ).toContain('OIDC_PROVIDERS: provider ids must be unique');
  });
});
