import { NEWSLETTER_ATTEMPTS } from '@memoreel/domain';

/**
 * Spec §5: at most 3 newsletter attempts per 5 minutes in this browser tab. A sliding window of
 * attempt times; the server keeps its own per-address limit.
 */
export function createAttemptLimiter(
  { max, windowMs }: { max: number; windowMs: number } = NEWSLETTER_ATTEMPTS,
  now: () => number = Date.now,
) {
  let attempts: number[] = [];
  return {
    /** Records an attempt if one is allowed; false means "Too many attempts". */
    tryAttempt(): boolean {
      const at = now();
      attempts = attempts.filter((time) => at - time < windowMs);
      if (attempts.length >= max) return false;
      attempts.push(at);
      return true;
    },
  };
}

export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>;
