import type { Logger } from '@memoreel/platform';
import { z } from 'zod';
import { type BotChallenge, BotCheck } from './bot-check.js';

const SiteverifyAnswerSchema = z.object({
  success: z.boolean(),
  'error-codes': z.array(z.string()).optional(),
});

/**
 * Cloudflare Turnstile: the widget's token is checked with Cloudflare's siteverify endpoint,
 * which itself refuses a token seen before, so no store of used tokens is needed here.
 */
export class TurnstileBotCheck extends BotCheck {
  constructor(
    private readonly settings: { siteKey: string; secretKey: string; verifyUrl: string },
    private readonly logger: Logger,
  ) {
    super();
  }

  async challenge(): Promise<BotChallenge> {
    return { provider: 'turnstile', siteKey: this.settings.siteKey };
  }

  async verify(token: string, client: { ip: string }): Promise<boolean> {
    try {
      const response = await fetch(this.settings.verifyUrl, {
        method: 'POST',
        body: new URLSearchParams({ secret: this.settings.secretKey, response: token, remoteip: client.ip }),
        signal: AbortSignal.timeout(10_000),
      });
      const answer = SiteverifyAnswerSchema.parse(await response.json());
      if (!answer.success) this.logger.info({ errors: answer['error-codes'] }, 'turnstile refused a token');
      return answer.success;
    } catch (error) {
      // Cloudflare unreachable: refusing is the safe side; the person can retry.
      this.logger.warn({ err: error }, 'turnstile siteverify failed');
      return false;
    }
  }
}
