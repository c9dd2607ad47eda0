import type { BucketPolicy } from '../gateway.limits.js';

/** The answer of one take: allowed, or how long until the next token. */
export type Take = { allowed: true } | { allowed: false; retryAfterSeconds: number };

interface Bucket {
  tokens: number;
  updatedAtMs: number;
  /** Idle this long, even an empty bucket is full again. */
  periodMs: number;
}

/** How often refilled buckets are forgotten (a full bucket and no bucket answer the same). */
const SWEEP_EVERY_MS = 60_000;

/**
 * Token buckets in this process's memory, one per key. Buckets that have refilled are dropped
 * once a minute, so a flood of distinct addresses costs memory only while it lasts.
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();
  private lastSweepMs: number;

  constructor(private readonly now: () => number = Date.now) {
    this.lastSweepMs = now();
  }

  take(key: string, policy: BucketPolicy): Take {
    const now = this.now();
    if (now - this.lastSweepMs >= SWEEP_EVERY_MS) this.sweep(now);
    const perMs = policy.capacity / (policy.periodSeconds * 1000);
    const bucket = this.buckets.get(key);
    const tokens = bucket
      ? Math.min(policy.capacity, bucket.tokens + (now - bucket.updatedAtMs) * perMs)
      : policy.capacity;
    if (tokens < 1) {
      // The epsilon keeps float noise (2.0000001 s) from adding a second.
      const waitSeconds = (1 - tokens) / perMs / 1000;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitSeconds - 1e-6)) };
    }
    this.buckets.set(key, { tokens: tokens - 1, updatedAtMs: now, periodMs: policy.periodSeconds * 1000 });
    return { allowed: true };
  }

  /** How many buckets are remembered (for tests and metrics). */
  get size(): number {
    return this.buckets.size;
  }

  private sweep(now: number): void {
    this.lastSweepMs = now;
    for (const [key, bucket] of this.buckets) {
      if (now - bucket.updatedAtMs >= bucket.periodMs) this.buckets.delete(key);
    }
  }
}
