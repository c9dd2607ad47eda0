import { type ChildProcess, fork } from 'node:child_process';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { endChildProcess } from '@memoreel/platform';
import type { MemoreelVideoProps } from '@memoreel/video/chunks';
import type { ChunkRendererOptions } from '../chunks/chunk-renderer.js';
import type { StitchChunk, StitchMusic } from '../stitch/stitch.js';
import { RendererUnavailableError, type Rendering } from './rendering.js';

/** What the parent asks the child (`renderer-child`) over IPC, and what it answers. */
export type RenderingRequest =
  | {
      id: number;
      op: 'chunk';
      chunk: { props: MemoreelVideoProps; frameRange: [number, number] };
      output: string;
    }
  | { id: number; op: 'stitch'; chunks: StitchChunk[]; music: StitchMusic[]; output: string; audio?: string }
  | { id: number; op: 'music'; music: StitchMusic[]; frames: number; output: string };
export type RenderingReply =
  | { id: number; ok: true; renderMs?: number }
  | { id: number; ok: false; message: string; unavailable: boolean };

type Pending = { resolve: (reply: RenderingReply) => void; reject: (error: Error) => void };

/**
 * Rendering in a child process (standalone, architecture §2): Chromium and ffmpeg run beside the
 * services without sharing their event loop or memory. The jobs still run here, on the in-process bus;
 * a child that dies fails its calls (the job is retried) and the next call starts a new one.
 */
export class ChildProcessRendering implements Rendering {
  private child: ChildProcess | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  constructor(private readonly options: Pick<ChunkRendererOptions, 'chromiumPath' | 'licenseKey'> = {}) {}

  async renderChunk(
    chunk: { props: MemoreelVideoProps; frameRange: [number, number] },
    outputPath: string,
  ): Promise<{ renderMs: number }> {
    const reply = await this.call({ id: 0, op: 'chunk', chunk, output: outputPath });
    return { renderMs: reply.ok ? (reply.renderMs ?? 0) : 0 };
  }

  async stitch(chunks: StitchChunk[], music: StitchMusic[], output: string, audio?: string): Promise<void> {
    await this.call({ id: 0, op: 'stitch', chunks, music, output, audio });
  }

  async mixMusic(music: StitchMusic[], frames: number, output: string): Promise<void> {
    await this.call({ id: 0, op: 'music', music, frames, output });
  }

  async close(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    // Killed if Chromium's own close hangs: stopping the worker must not.
    if (child) await endChildProcess(child);
  }

  private async call(request: RenderingRequest): Promise<RenderingReply> {
    const id = this.nextId++;
    const child = this.start();
    const reply = await new Promise<RenderingReply>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      child.send({ ...request, id });
    });
    if (!reply.ok) {
      throw reply.unavailable ? new RendererUnavailableError(reply.message) : new Error(reply.message);
    }
    return reply;
  }

  private start(): ChildProcess {
    if (this.child && this.child.exitCode === null) return this.child;
    // The child script sits beside this file: .ts when run from source, .js from dist.
    const here = fileURLToPath(import.meta.url);
    const script = fileURLToPath(new URL(`./renderer-child${extname(here)}`, import.meta.url));
    const child = fork(script, [], {
      env: {
        ...process.env,
        CHROMIUM_PATH: this.options.chromiumPath ?? '/usr/bin/chromium',
        REMOTION_LICENSE_KEY: this.options.licenseKey ?? '',
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.on('message', (reply: RenderingReply) => {
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      waiting?.resolve(reply);
    });
    child.on('exit', (code, signal) => {
      for (const [id, waiting] of this.pending) {
        this.pending.delete(id);
        waiting.reject(new Error(`The render process ended (${signal ?? code}) before answering`));
      }
    });
    this.child = child;
    return child;
  }
}
