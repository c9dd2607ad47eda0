import { authErrorCodes, authMessages, ErrorCodes } from '@memoreel/contracts';
import { RemoteError } from '@memoreel/platform';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { authHttpErrorFor } from './auth-http-error.js';
import { spaCallbackErrorUrl, spaCallbackUrl } from './spa-callback.js';

const remote = (code: string, message = 'msg', details?: unknown) =>
  new RemoteError({ code, message, ...(details === undefined ? {} : { details }) });

describe('authHttpErrorFor', () => {
  it.each([
    [ErrorCodes.validationFailed, 400],
    [authErrorCodes.weakPassword, 400],
    [authErrorCodes.captchaFailed, 400],
    [authErrorCodes.invalidCredentials, 400],
    [authErrorCodes.emailNotConfirmed, 400],
    [authErrorCodes.providerNotConfigured, 400],
    [authErrorCodes.phoneNotSupported, 400],
    [authErrorCodes.samePassword, 400],
    [authErrorCodes.badOAuthCallback, 400],
    [authErrorCodes.notAuthenticated, 401],
    [authErrorCodes.sessionNotFound, 401],
    [authErrorCodes.refreshTokenNotFound, 401],
    [authErrorCodes.refreshTokenReused, 401],
    [authErrorCodes.otpExpired, 403],
    [ErrorCodes.forbidden, 403],
    [ErrorCodes.notFound, 404],
    [authErrorCodes.userAlreadyExists, 422],
    [authErrorCodes.rateLimited, 429],
    [authErrorCodes.emailRateLimited, 429],
    [ErrorCodes.unavailable, 503],
  ])('answers %s with HTTP %i', (code, status) => {
    expect(authHttpErrorFor(remote(code, 'The message'))).toEqual({
      status,
      body: { error_code: code, msg: 'The message' },
    });
  });

  it('passes the wait of a rate limit on', () => {
    const answer = authHttpErrorFor(
      remote(authErrorCodes.emailRateLimited, authMessages.errors.emailRateLimited, {
        retryAfterSeconds: 42,
      }),
    );
    expect(answer.retryAfterSeconds).toBe(42);
    expect(answer.body).toEqual({
      error_code: 'over_email_send_rate_limit',
      msg: authMessages.errors.emailRateLimited,
    });
  });

  it('answers input the edge refused with the zod issues', () => {
    const error = z.object({ email: z.email('Please enter a valid email address') }).safeParse({ email: 'x' })
      .error as z.ZodError;
    const answer = authHttpErrorFor(error);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      error_code: 'VALIDATION_FAILED',
      msg: 'Please enter a valid email address',
    });
    expect(answer.body.issues).toEqual([expect.objectContaining({ path: ['email'] })]);
  });

  it('keeps the issues of a validation failure reported by the service', () => {
    const issues = [{ path: ['password'], message: 'too short' }];
    expect(authHttpErrorFor(remote(ErrorCodes.validationFailed, 'too short', issues)).body.issues).toEqual(
      issues,
    );
  });

  it('treats a code it does not know as a refusal, and anything else as an internal error', () => {
    expect(authHttpErrorFor(remote('some_new_refusal')).status).toBe(400);
    expect(authHttpErrorFor(new Error('secret detail'))).toEqual({
      status: 500,
      body: { error_code: 'INTERNAL', msg: 'Internal error' },
    });
  });
});

describe('SPA callback URLs', () => {
  it('sends a success to /auth/callback with its type and next path', () => {
    expect(spaCallbackUrl({ type: 'signup', next: '/project/1?x=2' })).toBe(
      '/auth/callback?type=signup&next=%2Fproject%2F1%3Fx%3D2',
    );
  });

  it('sends a failure with the OAuth error parameters', () => {
    const url = new URL(
      spaCallbackErrorUrl(
        authHttpErrorFor(remote(authErrorCodes.otpExpired, authMessages.errors.otpExpired)),
      ),
      'http://app',
    );
    expect(url.pathname).toBe('/auth/callback');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: 'Token has expired or is invalid',
    });
    expect(
      new URL(spaCallbackErrorUrl(authHttpErrorFor(remote('UNAVAILABLE'))), 'http://app').searchParams.get(
        'error',
      ),
    ).toBe('server_error');
  });
});
