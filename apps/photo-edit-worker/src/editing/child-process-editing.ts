import { type ChildProcess, fork } from 'node:child_process';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AiEditingLevel, PhotoEditKind } from '@memoreel/domain';
import { endChildProcess } from '@memoreel/platform';
import type { PhotoEditingOptions } from './in-process-editing.js';
import type { PhotoEditing, ProgressReport } from './photo-editing.js';

/** What the parent asks the child (`editing-child`) over IPC, and what it answers. */
export type EditingRequest = {
  id: number;
  kind: PhotoEditKind;
  level: AiEditingLevel;
  input: string;
  output: string;
};
export type EditingMessage =
  | { id: number; progress: number }
  | { id: number; ok: true; width: number; height: number; inferenceMs: number }
  | { id: number; ok: false; message: string };

/** A killed child has a signal, not an exit code; either way its channel is gone. */
const running = (child: ChildProcess) =>
  child.exitCode === null && child.signalCode === null && child.connected;

type Pending = { progress: ProgressReport; settle: (message: EditingMessage | Error) => void };

/**
 * The models in a child process (standalone): their ~1 GB and their CPU-bound inference stay out of
 * the services' process and event loop. A child that dies fails its edit (the job is retried) and
 * the next edit starts a new one.
 */
export class ChildProcessEditing implements PhotoEditing {
  private child: ChildProcess | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  constructor(
    private readonly options: PhotoEditingOptions & {
      /** Node flags of the child (tests run the TypeScript source through a loader). */
      execArgv?: string[];
    } = {},
  ) {}

  async edit(
    kind: PhotoEditKind,
    input: string,
    output: string,
    progress: ProgressReport,
    level: AiEditingLevel,
  ) {
    const id = this.nextId++;
    const child = this.start();
    const reply = await new Promise<EditingMessage | Error>((settle) => {
      this.pending.set(id, { progress, settle });
      child.send({ id, kind, level, input, output } satisfies EditingRequest, (error) => {
        if (!error) return;
        this.pending.delete(id);
        settle(error);
      });
    });
    if (reply instanceof Error) throw reply;
    if (!('ok' in reply)) throw new Error('The photo-edit process answered without a result');
    if (!reply.ok) throw new Error(reply.message);
    return { width: reply.width, height: reply.height, inferenceMs: reply.inferenceMs };
  }

  async close(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (child) await endChildProcess(child);
  }

  /** The child's process id (tests end it mid-edit). */
  get pid(): number | undefined {
    return this.child && running(this.child) ? this.child.pid : undefined;
  }

  private start(): ChildProcess {
    if (this.child && running(this.child)) return this.child;
    // The child script sits beside this file: .ts when run from source, .js from dist.
    const here = fileURLToPath(import.meta.url);
    const script = fileURLToPath(new URL(`./editing-child${extname(here)}`, import.meta.url));
    const child = fork(script, [], {
      env: {
        ...process.env,
        PHOTO_EDIT_BACKGROUND_MODEL: this.options.backgroundModel ?? '',
        PHOTO_EDIT_ENHANCE_MODEL_MAX_PIXELS: String(this.options.enhanceModelMaxPixels ?? ''),
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      ...(this.options.execArgv ? { execArgv: this.options.execArgv } : {}),
    });
    child.on('message', (message: EditingMessage) => {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      if ('progress' in message) {
        waiting.progress(message.progress);
        return;
      }
      this.pending.delete(message.id);
      waiting.settle(message);
    });
    child.on('exit', (code, signal) => {
      for (const [id, waiting] of this.pending) {
        this.pending.delete(id);
        waiting.settle(new Error(`The photo-edit process ended (${signal ?? code}) before answering`));
      }
    });
    this.child = child;
    return child;
  }
}
