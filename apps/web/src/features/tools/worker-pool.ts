import { OUT_OF_MEMORY } from './worker-protocol';

interface Pending<Job, Result> {
  message: Job;
  resolve: (result: Result) => void;
}

interface Slot<Job, Result> {
  worker: Worker;
  job: Pending<Job, Result> | null;
}

/**
 * A few dedicated workers taking jobs in order, one at a time each. A worker that dies (out of memory
 * on a huge image) fails only its own job and is replaced, so the page and the rest of the batch go on.
 * A job about a file (`affinity`) goes back to the worker that last had that file, which may still hold
 * its decoded pixels, when that worker is free; a free worker never waits for its own files.
 */
export class WorkerPool<Job extends { id: number }, Result extends { id: number; ok: boolean }> {
  private readonly slots: Slot<Job, Result>[];
  private readonly queue: Pending<Job, Result>[] = [];
  private readonly holders = new Map<number, Slot<Job, Result>>();
  private disposed = false;

  constructor(
    private readonly createWorker: () => Worker,
    size: number,
    private readonly crashed: (id: number) => Result,
    private readonly affinity: (job: Job) => number | undefined = () => undefined,
  ) {
    this.slots = Array.from({ length: size }, () => this.spawn());
  }

  run(job: Job): Promise<Result> {
    if (this.disposed) return Promise.resolve(this.crashed(job.id));
    return new Promise((resolve) => {
      this.queue.push({ message: job, resolve });
      this.pump();
    });
  }

  /** Tells every worker (no answer expected) to drop what it holds for this affinity key. */
  release(key: number, message: unknown): void {
    this.holders.delete(key);
    if (this.disposed) return;
    for (const slot of this.slots) slot.worker.postMessage(message);
  }

  dispose(): void {
    this.disposed = true;
    for (const slot of this.slots) {
      slot.worker.terminate();
      slot.job?.resolve(this.crashed(slot.job.message.id));
    }
    for (const pending of this.queue.splice(0)) pending.resolve(this.crashed(pending.message.id));
  }

  private spawn(): Slot<Job, Result> {
    const slot = { job: null } as Slot<Job, Result>;
    this.attachWorker(slot);
    return slot;
  }

  private attachWorker(slot: Slot<Job, Result>): void {
    const worker = this.createWorker();
    worker.onmessage = ({ data }: MessageEvent<Result>) => {
      const job = slot.job;
      slot.job = null;
      const key = job && data.ok ? this.affinity(job.message) : undefined;
      if (key !== undefined) this.holders.set(key, slot);
      job?.resolve(data);
      this.pump();
    };
    // A worker that crashed (e.g. out of memory) fails its own job and is replaced by a fresh one.
    worker.onerror = (event) => {
      event.preventDefault();
      worker.terminate();
      const job = slot.job;
      slot.job = null;
      job?.resolve(this.crashed(job.message.id));
      if (this.disposed) return;
      this.attachWorker(slot);
      this.pump();
    };
    slot.worker = worker;
  }

  private pump(): void {
    if (this.disposed) return;
    const idle = this.slots.filter((slot) => !slot.job);
    // First each idle worker takes a job about a file it holds, then the rest go in order.
    for (const slot of idle) {
      const own = this.queue.findIndex((pending) => {
        const key = this.affinity(pending.message);
        return key !== undefined && this.holders.get(key) === slot;
      });
      if (own >= 0) this.assign(slot, own);
    }
    for (const slot of idle) {
      if (!slot.job && this.queue.length > 0) this.assign(slot, 0);
    }
  }

  private assign(slot: Slot<Job, Result>, index: number): void {
    const [next] = this.queue.splice(index, 1) as [Pending<Job, Result>];
    slot.job = next;
    slot.worker.postMessage(next.message);
  }
}

export function crashedJob(id: number): { id: number; ok: false; message: string } {
  return { id, ok: false, message: OUT_OF_MEMORY };
}
