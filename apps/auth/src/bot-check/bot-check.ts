import type { issueBotChallenge, ReplyOf } from '@memoreel/contracts';
import { CaptchaFailedError } from '../auth.errors.js';

export type BotChallenge = ReplyOf<typeof issueBotChallenge>;

/** The port behind "a person, not a script, is asking": ALTCHA by default, Turnstile when configured. */
export abstract class BotCheck {
  abstract challenge(): Promise<BotChallenge>;

  /** Whether `token` proves a solved, unexpired challenge that has not been used before. */
  abstract verify(token: string, client: { ip: string }): Promise<boolean>;

  /** Throws `captcha_failed` unless `token` passes. */
  async assertPassed(token: string, client: { ip: string }): Promise<void> {
    if (!(await this.verify(token, client))) throw new CaptchaFailedError();
  }

  /**
   * Sign-up and mails to an address: without a token, `captcha_failed` when the check is
   * `required` (BOT_CHECK_REQUIRED); a token that was sent is checked either way.
   */
  async assertPassedWhere(
    required: boolean,
    token: string | undefined,
    client: { ip: string },
  ): Promise<void> {
    if (token) return this.assertPassed(token, client);
    if (required) throw new CaptchaFailedError();
  }
}
