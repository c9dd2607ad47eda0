import { OUT_OF_MEMORY } from './worker-protocol';

interface Pending<Result> {
  message: { id: number };
  resolve: (result: Result) => void;
}

interface Slot<Result> {
  worker: Worker;
  job: Pending<Result> | null;
}

/**
 * A few dedicated workers taking jobs in order, one at a time each. A worker that dies (out of memory
 * on a huge image) fails only its own job and is replaced, so the page and the rest of the batch go on.
 */
export class WorkerPool<Job extends { id: number }, Result extends { id: number; ok: boolean }> {
  private readonly slots: Slot<Result>[];
  private readonly queue: Pending<Result>[] = [];
  private disposed = false;

  constructor(
    private readonly createWorker: () => Worker,
    size: number,
    private readonly crashed: (id: number) => Result,
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

  dispose(): void {
    this.disposed = true;
    for (const slot of this.slots) {
      slot.worker.terminate();
      slot.job?.resolve(this.crashed(slot.job.message.id));
    }
    for (const pending of this.queue.splice(0)) pending.resolve(this.crashed(pending.message.id));
  }

  private spawn(): Slot<Result> {
    const slot = { job: null } as Slot<Result>;
    this.attachWorker(slot);
    return slot;
  }

  private attachWorker(slot: Slot<Result>): void {
    const worker = this.createWorker();
    worker.onmessage = ({ data }: MessageEvent<Result>) => {
      const job = slot.job;
      slot.job = null;
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
    for (const slot of this.slots) {
      if (slot.job) continue;
      const next = this.queue.shift();
      if (!next) return;
      slot.job = next;
      slot.worker.postMessage(next.message);
    }
  }
}

export function crashedJob(id: number): { id: number; ok: false; message: string } {
  return { id, ok: false, message: OUT_OF_MEMORY };
}
