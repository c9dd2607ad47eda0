import { authErrorCodes, ErrorCodes, mfaErrorCodes, RateLimitDetailsSchema } from '@memoreel/contracts';
import { RemoteError, validationError } from '@memoreel/platform';
import { type ArgumentsHost, Catch, type ExceptionFilter, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { z } from 'zod';

/** The HTTP status of each failure code (docs/auth-api.md § Errors). */
const STATUS_BY_CODE: Readonly<Record<string, number>> = {
  [ErrorCodes.validationFailed]: 400,
  [authErrorCodes.weakPassword]: 400,
  [authErrorCodes.captchaFailed]: 400,
  [authErrorCodes.invalidCredentials]: 400,
  [authErrorCodes.emailNotConfirmed]: 400,
  [authErrorCodes.providerNotConfigured]: 400,
  [authErrorCodes.phoneNotSupported]: 400,
  [authErrorCodes.samePassword]: 400,
  [authErrorCodes.badOAuthCallback]: 400,
  [authErrorCodes.notAuthenticated]: 401,
  [authErrorCodes.sessionNotFound]: 401,
  [authErrorCodes.refreshTokenNotFound]: 401,
  [authErrorCodes.refreshTokenReused]: 401,
  [ErrorCodes.unauthorized]: 401,
  [mfaErrorCodes.verificationFailed]: 400,
  [mfaErrorCodes.challengeExpired]: 400,
  [mfaErrorCodes.phoneNotSupported]: 400,
  [mfaErrorCodes.tooManyFactors]: 400,
  [authErrorCodes.otpExpired]: 403,
  [mfaErrorCodes.insufficientAal]: 403,
  [mfaErrorCodes.guestCannotEnroll]: 403,
  [authErrorCodes.userDisabled]: 403,
  [ErrorCodes.forbidden]: 403,
  [ErrorCodes.notFound]: 404,
  [ErrorCodes.conflict]: 409,
  [authErrorCodes.userAlreadyExists]: 422,
  [authErrorCodes.rateLimited]: 429,
  [authErrorCodes.emailRateLimited]: 429,
  [ErrorCodes.rateLimited]: 429,
  [ErrorCodes.internal]: 500,
  [ErrorCodes.unavailable]: 503,
  [ErrorCodes.timeout]: 504,
};
// A code the table does not know yet is still a refusal the service chose to explain, not a crash.
const DEFAULT_REFUSAL_STATUS = 400;

export interface AuthHttpError {
  status: number;
  body: { error_code: string; msg: string; issues?: unknown };
  /** Seconds for `Retry-After`, on rate limits. */
  retryAfterSeconds?: number;
}

export function statusForCode(code: string): number {
  return STATUS_BY_CODE[code] ?? DEFAULT_REFUSAL_STATUS;
}

/** What the browser sees for a failure: `{ error_code, msg }`, the status of its code, never internals. */
export function authHttpErrorFor(error: unknown): AuthHttpError {
  const reply =
    error instanceof z.ZodError ? validationError(error) : error instanceof RemoteError ? error : undefined;
  if (!reply) {
    return { status: 500, body: { error_code: ErrorCodes.internal, msg: 'Internal error' } };
  }
  const status = statusForCode(reply.code);
  const body: AuthHttpError['body'] = { error_code: reply.code, msg: reply.message };
  if (reply.code === ErrorCodes.validationFailed && reply.details !== undefined) body.issues = reply.details;
  const rateLimit = status === 429 ? RateLimitDetailsSchema.safeParse(reply.details) : undefined;
  return rateLimit?.success
    ? { status, body, retryAfterSeconds: rateLimit.data.retryAfterSeconds }
    : { status, body };
}

/** Answers every failure of the `/auth/v1` routes as JSON; unexpected ones are logged, not shown. */
@Catch()
export class AuthHttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('AuthController');

  catch(exception: unknown, host: ArgumentsHost): void {
    const answer = authHttpErrorFor(exception);
    // Remote failures were logged where they happened; only the gateway's own surprises are logged here.
    if (answer.status === 500 && !(exception instanceof RemoteError)) this.logger.error(exception);
    const response = host.switchToHttp().getResponse<Response>();
    if (answer.retryAfterSeconds !== undefined)
      response.setHeader('Retry-After', String(answer.retryAfterSeconds));
    response.setHeader('Cache-Control', 'no-store');
    response.status(answer.status).json(answer.body);
  }
}
