import { describe, expect, it } from 'vitest';
import { TokenBuckets } from './token-buckets.js';

const TEN_A_MINUTE = { capacity: 10, periodSeconds: 60 };

describe('TokenBuckets', () => {
  it('allows a burst of the capacity, then tells how long until the next token', () => {
    let now = 0;
    const buckets = new TokenBuckets(() => now);
    for (let i = 0; i < 10; i++) expect(buckets.take('ip:a', TEN_A_MINUTE)).toEqual({ allowed: true });
    expect(buckets.take('ip:a', TEN_A_MINUTE)).toEqual({ allowed: false, retryAfterSeconds: 6 });
    expect(buckets.take('ip:b', TEN_A_MINUTE)).toEqual({ allowed: true });

    now = 4_000;
    expect(buckets.take('ip:a', TEN_A_MINUTE)).toEqual({ allowed: false, retryAfterSeconds: 2 });
    now = 6_000;
    expect(buckets.take('ip:a', TEN_A_MINUTE)).toEqual({ allowed: true });
    expect(buckets.take('ip:a', TEN_A_MINUTE).allowed).toBe(false);
  });

  it('forgets buckets that have refilled, so distinct callers cost memory only while they call', () => {
    let now = 0;
    const buckets = new TokenBuckets(() => now);
    for (let i = 0; i < 1_000; i++) buckets.take(`ip:${i}`, TEN_A_MINUTE);
    expect(buckets.size).toBe(1_000);
    now = 59_000;
    buckets.take('ip:late', TEN_A_MINUTE);
    now = 61_000;
    buckets.take('ip:late', TEN_A_MINUTE);
    expect(buckets.size).toBe(1);
  });
});
