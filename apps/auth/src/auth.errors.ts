import {
  authErrorCodes,
  authMessages,
  ErrorCodes,
  mfaErrorCodes,
  mfaMessages,
  PASSWORD_RULES_TEXT,
  type RateLimitDetails,
} from '@memoreel/contracts';
import { DomainError, ValidationError } from '@memoreel/platform';

/**
 * One error per failure a person can see, with GoTrue's code and the spec's wording
 * (libs/contracts/src/auth/auth.messages.ts). The gateway maps codes to HTTP statuses.
 */
const { errors } = authMessages;

export class InvalidCredentialsError extends DomainError {
  constructor() {
    super(authErrorCodes.invalidCredentials, errors.invalidCredentials);
  }
}

export class EmailNotConfirmedError extends DomainError {
  constructor() {
    super(authErrorCodes.emailNotConfirmed, errors.emailNotConfirmed);
  }
}

export class UserAlreadyExistsError extends DomainError {
  constructor() {
    super(authErrorCodes.userAlreadyExists, errors.userAlreadyExists);
  }
}

export class PhoneProviderDisabledError extends DomainError {
  constructor() {
    super(authErrorCodes.phoneNotSupported, errors.phoneNotSupported);
  }
}

export class OtpExpiredError extends DomainError {
  constructor() {
    super(authErrorCodes.otpExpired, errors.otpExpired);
  }
}

export class SessionNotFoundError extends DomainError {
  constructor() {
    super(authErrorCodes.sessionNotFound, errors.sessionNotFound);
  }
}

export class RefreshTokenReusedError extends DomainError {
  constructor() {
    super(authErrorCodes.refreshTokenReused, errors.refreshTokenReused);
  }
}

export class RefreshTokenNotFoundError extends DomainError {
  constructor() {
    super(authErrorCodes.refreshTokenNotFound, errors.refreshTokenNotFound);
  }
}

export class CaptchaFailedError extends DomainError {
  constructor() {
    super(authErrorCodes.captchaFailed, errors.captchaFailed);
  }
}

export class RateLimitedError extends DomainError {
  constructor(details: RateLimitDetails) {
    super(authErrorCodes.rateLimited, errors.rateLimited, details);
  }
}

export class EmailRateLimitedError extends DomainError {
  constructor(details: RateLimitDetails) {
    super(authErrorCodes.emailRateLimited, errors.emailRateLimited, details);
  }
}

export class ProviderDisabledError extends DomainError {
  constructor() {
    super(authErrorCodes.providerNotConfigured, errors.providerNotConfigured);
  }
}

export class ProviderUnavailableError extends DomainError {
  constructor(reason: string) {
    super(ErrorCodes.unavailable, errors.providerUnavailable, { reason });
  }
}

export class SocialSignInFailedError extends DomainError {
  constructor(reason: string) {
    super(authErrorCodes.badOAuthCallback, errors.socialSignInFailed, { reason });
  }
}

/** A password change without proof: neither the current password nor a fresh sign-in. */
export class ReauthenticationNeededError extends DomainError {
  constructor() {
    super(authErrorCodes.reauthenticationNeeded, errors.reauthenticationNeeded);
  }
}

export class SamePasswordError extends DomainError {
  constructor() {
    super(authErrorCodes.samePassword, errors.samePassword);
  }
}

export class WeakPasswordError extends DomainError {
  constructor(reasons: string[]) {
    super(authErrorCodes.weakPassword, PASSWORD_RULES_TEXT, { reasons });
  }
}

export class NotAuthenticatedError extends DomainError {
  constructor() {
    super(authErrorCodes.notAuthenticated, errors.authenticationRequired);
  }
}

/** OTP send without an address: supabase-js's own wording. */
export class EmailOrPhoneRequiredError extends ValidationError {
  constructor() {
    super(authMessages.library.emailOrPhone);
  }
}

/** OTP verify without a code or link token. */
export class TokenRequiredError extends ValidationError {
  constructor() {
    super(authMessages.library.tokenVerification);
  }
}

/** An administrator barred this user from signing in (Manage Users). */
export class UserDisabledError extends DomainError {
  constructor() {
    super(authErrorCodes.userDisabled, errors.userDisabled);
  }
}

const mfa = mfaMessages.errors;

/** A wrong TOTP code, or one already used (a replay). */
export class MfaInvalidCodeError extends DomainError {
  constructor() {
    super(mfaErrorCodes.verificationFailed, mfa.invalidCode);
  }
}

export class MfaInvalidRecoveryCodeError extends DomainError {
  constructor() {
    super(mfaErrorCodes.verificationFailed, mfa.invalidRecoveryCode);
  }
}

export class MfaChallengeExpiredError extends DomainError {
  constructor() {
    super(mfaErrorCodes.challengeExpired, mfa.challengeExpired);
  }
}

/** No such factor of the actor's: another user's factor reads the same. */
export class FactorNotFoundError extends DomainError {
  constructor() {
    super(ErrorCodes.notFound, mfa.factorNotFound);
  }
}

export class GuestCannotEnrollError extends DomainError {
  constructor() {
    super(mfaErrorCodes.guestCannotEnroll, mfa.guestCannotEnroll);
  }
}

export class PhoneFactorNotSupportedError extends DomainError {
  constructor() {
    super(mfaErrorCodes.phoneNotSupported, mfa.phoneNotSupported);
  }
}

export class TooManyFactorsError extends DomainError {
  constructor() {
    super(mfaErrorCodes.tooManyFactors, mfa.tooManyFactors);
  }
}

/** The session has not passed the user's second factor yet. */
export class InsufficientAalError extends DomainError {
  constructor() {
    super(mfaErrorCodes.insufficientAal, mfa.insufficientAal);
  }
}

/** A two-factor limit: the usual rate-limit code and `Retry-After`, with words saying which limit. */
export class MfaRateLimitedError extends DomainError {
  constructor(message: (typeof mfa)[keyof typeof mfa], details: RateLimitDetails) {
    super(authErrorCodes.rateLimited, message, details);
  }
}
