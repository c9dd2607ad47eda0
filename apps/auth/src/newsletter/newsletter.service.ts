import type { Actor, ReplyOf, RequestOf, subscribeNewsletter } from '@memoreel/contracts';
import { checkNewsletterEmail } from '@memoreel/domain';
import { Injectable } from '@nestjs/common';
import { RateLimitedError } from '../auth.errors.js';
import { AuthDatabase } from '../database/auth-database.js';
import { RateLimiter } from '../rate-limits/rate-limiter.js';
import { NewsletterEmailInvalidError, NewsletterTooManyAttemptsError } from './newsletter.errors.js';
import { NewsletterSubscriptionsRepository } from './newsletter-subscriptions.repository.js';

@Injectable()
export class NewsletterService {
  constructor(
    private readonly database: AuthDatabase,
    private readonly rateLimiter: RateLimiter,
    private readonly subscriptions: NewsletterSubscriptionsRepository,
  ) {}

  /** Anyone may subscribe; a second subscription of the same address is a success, not an error. */
  async subscribe(
    _actor: Actor,
    { client, email }: RequestOf<typeof subscribeNewsletter>,
  ): Promise<ReplyOf<typeof subscribeNewsletter>> {
    const check = checkNewsletterEmail(email);
    if (!check.ok) throw new NewsletterEmailInvalidError(check.message);
    await this.takeAttempt(client.ip);
    // Lower-cased, so the unique index treats Ann@Example.com and ann@example.com as one subscriber.
    await this.subscriptions.subscribe(this.database, check.email.toLowerCase(), client.ip);
    return { success: true };
  }

  private async takeAttempt(ip: string): Promise<void> {
    try {
      await this.rateLimiter.take('newsletterPerIp', ip);
    } catch (error) {
      if (error instanceof RateLimitedError) throw new NewsletterTooManyAttemptsError(error.details);
      throw error;
    }
  }
}
