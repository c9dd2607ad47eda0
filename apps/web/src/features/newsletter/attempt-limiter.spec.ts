import { describe, expect, it } from 'vitest';
import { createAttemptLimiter } from './attempt-limiter';

const MINUTE = 60 * 1000;

describe('createAttemptLimiter', () => {
  it('allows three attempts in five minutes, then one more each time the oldest leaves the window', () => {
    let now = 0;
    const limiter = createAttemptLimiter(undefined, () => now);
    const attemptAt = (minutes: number) => {
      now = minutes * MINUTE;
      return limiter.tryAttempt();
    };
    expect([attemptAt(0), attemptAt(1), attemptAt(2)]).toEqual([true, true, true]);
    expect(attemptAt(4)).toBe(false);
    expect(attemptAt(5)).toBe(true);
    expect(attemptAt(5)).toBe(false);
    expect(attemptAt(6)).toBe(true);
  });
});
