import { defineJob } from '@memoreel/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { DEFAULT_HEARTBEAT_MS, withHeartbeat } from './heartbeat.js';

const timedJob = defineJob('render.probe.timed', {
  summary: 'Test only: a job with delivery timing.',
  data: z.object({}),
  delivery: { ackWaitMs: 3_000, heartbeatMs: 1_000 },
});
const untimedJob = defineJob('render.probe.untimed', {
  summary: 'Test only: a job without delivery timing.',
  data: z.object({}),
});

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Work that ends when the test says so. */
function pendingWork() {
  let finish: (value: string) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const done = new Promise<string>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { work: () => done, finish, fail };
}

describe('withHeartbeat', () => {
  it("says the delivery is being worked on every heartbeatMs of the job's contract, until the work ends", async () => {
    const delivery = { working: vi.fn() };
    const { work, finish } = pendingWork();

    const running = withHeartbeat(timedJob, delivery, work);
    await vi.advanceTimersByTimeAsync(3_500);
    expect(delivery.working).toHaveBeenCalledTimes(3);
    finish('made');

    expect(await running).toBe('made');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(delivery.working).toHaveBeenCalledTimes(3);
  });

  it('beats every 15 s for a job without delivery timing, and stops when the work fails', async () => {
    const delivery = { working: vi.fn() };
    const { work, fail } = pendingWork();

    const running = withHeartbeat(untimedJob, delivery, work);
    const failed = expect(running).rejects.toThrow('page crashed');
    await vi.advanceTimersByTimeAsync(DEFAULT_HEARTBEAT_MS * 2);
    expect(delivery.working).toHaveBeenCalledTimes(2);
    fail(new Error('page crashed'));

    await failed;
    await vi.advanceTimersByTimeAsync(DEFAULT_HEARTBEAT_MS * 2);
    expect(delivery.working).toHaveBeenCalledTimes(2);
  });
});
