import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_WAIT_MS, QUIET_MS, UploadsFirst } from './uploads-first.js';

describe('uploads first', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** Whether `promise` has settled, without waiting for it. */
  async function settled(promise: Promise<unknown>): Promise<boolean> {
    let done = false;
    void promise.then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    return done;
  }

  it('lets an image job start at once when nothing is being verified', async () => {
    expect(await settled(new UploadsFirst().quiet())).toBe(true);
  });

  it('holds an image job while an upload is verified, and releases it a quiet moment after', async () => {
    const gate = new UploadsFirst();
    let finish = () => {};
    const verification = gate.verification(() => new Promise<void>((resolve) => (finish = resolve)));

    const job = gate.quiet();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await settled(job)).toBe(false);

    finish();
    await verification;
    await vi.advanceTimersByTimeAsync(QUIET_MS / 2);
    expect(await settled(job)).toBe(false);
    await vi.advanceTimersByTimeAsync(QUIET_MS);
    expect(await settled(job)).toBe(true);
  });

  it('never holds an image job longer than its limit, however long uploads go on', async () => {
    const gate = new UploadsFirst();
    void gate.verification(() => new Promise<void>(() => {}));

    const job = gate.quiet();
    await vi.advanceTimersByTimeAsync(MAX_WAIT_MS - 100);
    expect(await settled(job)).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(await settled(job)).toBe(true);
  });

  it('counts a failed verification as ended', async () => {
    const gate = new UploadsFirst();
    await expect(gate.verification(() => Promise.reject(new Error('storage down')))).rejects.toThrow();
    const job = gate.quiet();
    await vi.advanceTimersByTimeAsync(QUIET_MS + 50);
    expect(await settled(job)).toBe(true);
  });
});
