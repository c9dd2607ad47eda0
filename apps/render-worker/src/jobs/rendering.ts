import type { MemoreelVideoProps } from '@memoreel/video/chunks';
import { ChunkRenderer, type ChunkRendererOptions } from '../chunks/chunk-renderer.js';
import { mixMusic, type StitchChunk, type StitchMusic, stitch } from '../stitch/stitch.js';

/** What the jobs need done: render a chunk to a file, mix a video's music, stitch files to a video. */
export interface Rendering {
  renderChunk(
    chunk: { props: MemoreelVideoProps; frameRange: [number, number] },
    outputPath: string,
    options: { signal?: AbortSignal },
  ): Promise<{ renderMs: number }>;
  /** `audio`: the video's sound mixed already (`mixMusic`), taken as it is; else the music is mixed here. */
  stitch(chunks: StitchChunk[], music: StitchMusic[], output: string, audio?: string): Promise<void>;
  mixMusic(music: StitchMusic[], frames: number, output: string): Promise<void>;
  close(): Promise<void>;
}

export const RENDERING = Symbol('RENDERING');

/** A render that cannot succeed on this machine however often it is retried. */
export class RendererUnavailableError extends Error {
  override name = 'RendererUnavailableError';
}

/**
 * Rendering in this process: one Chromium, launched on the first chunk (so a worker without it
 * starts, answers health, and fails renders with a clear reason instead of hanging).
 */
export class InProcessRendering implements Rendering {
  private renderer: Promise<ChunkRenderer> | undefined;

  constructor(private readonly options: ChunkRendererOptions) {}

  async renderChunk(
    chunk: { props: MemoreelVideoProps; frameRange: [number, number] },
    outputPath: string,
    options: { signal?: AbortSignal },
  ): Promise<{ renderMs: number }> {
    const renderer = await this.start();
    const rendered = await renderer.render(chunk, outputPath, options);
    return { renderMs: rendered.renderMs };
  }

  stitch(chunks: StitchChunk[], music: StitchMusic[], output: string, audio?: string): Promise<void> {
    return stitch(chunks, music, output, audio);
  }

  mixMusic(music: StitchMusic[], frames: number, output: string): Promise<void> {
    return mixMusic(music, frames, output);
  }

  async close(): Promise<void> {
    const renderer = await this.renderer?.catch(() => undefined);
    this.renderer = undefined;
    await renderer?.close();
  }

  private start(): Promise<ChunkRenderer> {
    if (this.renderer) {
      return this.renderer.then(async (renderer) => {
        if (renderer.isConnected()) return renderer;
        this.renderer = undefined;
        await renderer.close().catch(() => undefined);
        return this.start();
      });
    }
    const path = this.options.chromiumPath ?? '/usr/bin/chromium';
    this.renderer = ChunkRenderer.start(this.options).catch((error: unknown) => {
      this.renderer = undefined;
      const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
      throw new RendererUnavailableError(`Chromium could not be started (${path}): ${reason}`);
    });
    return this.renderer;
  }
}
