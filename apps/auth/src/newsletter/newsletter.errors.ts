import { authErrorCodes } from '@memoreel/contracts';
import { newsletterMessages } from '@memoreel/domain';
import { DomainError, ValidationError } from '@memoreel/platform';

/** The address fails the newsletter rules; the message is the spec's ("Please enter ..."). */
export class NewsletterEmailInvalidError extends ValidationError {}

/** The per-IP limit, in the newsletter form's own words rather than the sign-in wording. */
export class NewsletterTooManyAttemptsError extends DomainError {
  /** `details` are the limiter's (`retryAfterSeconds`), passed on unchanged. */
  constructor(details: unknown) {
    super(authErrorCodes.rateLimited, newsletterMessages.tooManyAttempts, details);
  }
}
