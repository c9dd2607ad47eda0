import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  chunkRendered,
  chunkStarted,
  type DataOf,
  type EventEnvelope,
  RENDERS_BUCKET,
  renderChunk,
  renderChunkKey,
} from '@memoreel/contracts';
import { EventDeliveryContext } from '@memoreel/platform';
import { MemoreelVideoPropsSchema } from '@memoreel/video/chunks';
import { Controller, Inject } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { z } from 'zod';
import { FreshPhotoUrls } from './fresh-photo-urls.js';
import { AS_RENDER_JOB, RENDER_JOB_DELIVERIES, RenderJobRunner } from './render-job-runner.js';
import { RENDERING, type Rendering } from './rendering.js';
import { RendersStorage } from './renders-storage.js';
import { WorkerEvents } from './worker-events.js';

/**
 * How many chunks a worker renders at once, each on its own page of the one Chromium
 * (`RENDER_CHUNKS_AT_ONCE`, 1 to 4; read when the worker starts, as the consumer is declared then).
 */
export const CHUNKS_AT_ONCE = chunksAtOnce(process.env.RENDER_CHUNKS_AT_ONCE);

export function chunksAtOnce(setting: string | undefined): number {
  const parsed = z.coerce
    .number()
    .int()
    .min(1)
    .max(4)
    .default(1)
    .safeParse(setting || undefined);
  if (!parsed.success)
    throw new Error(`RENDER_CHUNKS_AT_ONCE must be a whole number from 1 to 4, not "${setting}"`);
  return parsed.data;
}

/**
 * Renders one chunk and stores it under its hash. A chunk stored already (by another render of the
 * same frames, or an earlier delivery) is only reported.
 */
@Controller()
export class RenderChunkJob {
  constructor(
    @Inject(RENDERING) private readonly rendering: Rendering,
    private readonly runner: RenderJobRunner,
    private readonly renders: RendersStorage,
    private readonly events: WorkerEvents,
    private readonly photoUrls: FreshPhotoUrls,
  ) {}

  @EventPattern<string>(renderChunk.subject, { ...AS_RENDER_JOB, concurrency: CHUNKS_AT_ONCE })
  async handle(
    @Payload() job: EventEnvelope<DataOf<typeof renderChunk>>,
    @Ctx() delivery: EventDeliveryContext,
  ): Promise<void> {
    const { renderId, chunkIndex, hash, frameRange, urlsFreshUntil } = job.data;
    await this.runner.tryOrFail(renderChunk, renderId, delivery, RENDER_JOB_DELIVERIES, async () => {
      const key = renderChunkKey(hash);
      if (await this.renders.storage.stat(RENDERS_BUCKET, key)) {
        await this.events.publish(chunkRendered, { renderId, chunkIndex, hash, renderMs: 0 });
        return;
      }
      const parsed = MemoreelVideoPropsSchema.parse(job.data.props);
      const props = await this.photoUrls.of(renderId, parsed, urlsFreshUntil);
      // The render was deleted (its project was, or it fell out of the latest 5): nothing to make.
      if (!props) return;
      // The render is preparing while this worker starts Chromium, opens the page and loads the photos.
      await this.events.publish(chunkStarted, { renderId, chunkIndex });
      const dir = await mkdtemp(join(tmpdir(), 'memoreel-chunk-'));
      try {
        const output = join(dir, `${hash}.mp4`);
        const { renderMs } = await this.rendering.renderChunk({ props, frameRange }, output, {});
        const bytes = await readFile(output);
        await this.renders.storage.put(RENDERS_BUCKET, key, bytes, {
          contentType: 'video/mp4',
          size: (await stat(output)).size,
        });
        await this.events.publish(chunkRendered, { renderId, chunkIndex, hash, renderMs });
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });
  }
}
