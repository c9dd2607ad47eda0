import { authMessages } from '@memoreel/contracts';

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Spec §8: a failure that mentions the captcha asks for it; anything else is the server's message. */
export function mentionsCaptcha(error: unknown): boolean {
  return /captcha/i.test(messageOf(error));
}

/** The text of the error toast after a failed sign-in or sign-up. */
export function authFailureToast(error: unknown): string {
  return mentionsCaptcha(error) ? authMessages.captchaRequired : messageOf(error);
}
