import { describe, expect, it } from 'vitest';
import { crashedJob, WorkerPool } from './worker-pool';
import { OUT_OF_MEMORY } from './worker-protocol';

type Job = { id: number; crash?: boolean; fileId?: number };
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

function pool(size: number, affinity?: (job: Job) => number | undefined) {
  const workers: FakeWorker[] = [];
  const created = new WorkerPool<Job, Result>(
    () => {
      const worker = new FakeWorker();
      workers.push(worker);
      return worker as unknown as Worker;
    },
    size,
    crashedJob,
    affinity,
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

  it('sends a job about a file back to the worker that had that file, when it is free', async () => {
    const { pool: workers, workers: made } = pool(2, (job) => job.fileId);
    // Worker 1 gets file 7, worker 2 file 8.
    await Promise.all([workers.run({ id: 1, fileId: 7 }), workers.run({ id: 2, fileId: 8 })]);
    expect(made.map((worker) => worker.received.map((job) => job.fileId))).toEqual([[7], [8]]);
    // Queued the other way round, each goes back to its own worker.
    const results = await Promise.all([workers.run({ id: 3, fileId: 8 }), workers.run({ id: 4, fileId: 7 })]);
    expect(results.map((result) => result.by)).toEqual([made[1]!.serial, made[0]!.serial]);
    // A single job waits for nobody: its own worker is free, so it goes there, not to the first one.
    expect((await workers.run({ id: 5, fileId: 8 })).by).toBe(made[1]!.serial);
    // Once released, the file goes to whichever worker is first free.
    workers.release(8, { kind: 'forget', fileId: 8 });
    expect(made.every((worker) => worker.received.at(-1)?.fileId === 8)).toBe(true);
    expect((await workers.run({ id: 6, fileId: 8 })).by).toBe(made[0]!.serial);
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
