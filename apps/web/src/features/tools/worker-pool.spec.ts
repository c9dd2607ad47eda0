import { describe, expect, it } from 'vitest';
import { crashedJob, WorkerPool } from './worker-pool';
import { OUT_OF_MEMORY } from './worker-protocol';

type Job = { id: number; crash?: boolean };
type Result = { id: number; ok: boolean; message?: string; by?: number };

/** A stand-in for a dedicated worker: answers each message on the next tick, or "dies" on request. */
class FakeWorker {
  static made = 0;
  readonly serial = ++FakeWorker.made;
  onmessage: ((event: MessageEvent<Result>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;
  received: Job[] = [];

  postMessage(job: Job) {
    this.received.push(job);
    setTimeout(() => {
      if (this.terminated) return;
      if (job.crash) this.onerror?.(new ErrorEvent('error', { cancelable: true }));
      else this.onmessage?.(new MessageEvent('message', { data: { id: job.id, ok: true, by: this.serial } }));
    });
  }

  terminate() {
    this.terminated = true;
  }
}

function pool(size: number) {
  const workers: FakeWorker[] = [];
  const created = new WorkerPool<Job, Result>(
    () => {
      const worker = new FakeWorker();
      workers.push(worker);
      return worker as unknown as Worker;
    },
    size,
    crashedJob,
  );
  return { pool: created, workers };
}

describe('the worker pool', () => {
  it('gives each worker one job at a time and answers every job', async () => {
    const { pool: workers, workers: made } = pool(2);
    const results = await Promise.all([1, 2, 3, 4, 5].map((id) => workers.run({ id })));
    expect(results.map((result) => result.id)).toEqual([1, 2, 3, 4, 5]);
    expect(made.map((worker) => worker.received.length)).toEqual([3, 2]);
  });

  it('fails only the job whose worker died, replaces the worker and goes on', async () => {
    const { pool: workers, workers: made } = pool(1);
    const results = await Promise.all([
      workers.run({ id: 1 }),
      workers.run({ id: 2, crash: true }),
      workers.run({ id: 3 }),
    ]);
    expect(results).toEqual([
      { id: 1, ok: true, by: made[0]!.serial },
      { id: 2, ok: false, message: OUT_OF_MEMORY },
      { id: 3, ok: true, by: made[1]!.serial },
    ]);
    expect(made[0]!.terminated).toBe(true);
  });

  it('answers waiting jobs when the page leaves', async () => {
    const { pool: workers, workers: made } = pool(1);
    const first = workers.run({ id: 1 });
    const second = workers.run({ id: 2 });
    workers.dispose();
    expect(await Promise.all([first, second])).toEqual([crashedJob(1), crashedJob(2)]);
    expect(made.every((worker) => worker.terminated)).toBe(true);
  });
});
