import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  type DataOf,
  type EventEnvelope,
  RENDERS_BUCKET,
  renderChunkKey,
  stitchVideo,
  videoStitched,
} from '@memoreel/contracts';
import { EventDeliveryContext } from '@memoreel/platform';
import { MemoreelVideoPropsSchema, musicPlacements } from '@memoreel/video/chunks';
import { Controller, Inject } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { StitchChunk } from '../stitch/stitch.js';
import { AS_RENDER_JOB, RENDER_JOB_DELIVERIES, RenderJobRunner } from './render-job-runner.js';
import { RENDERING, type Rendering } from './rendering.js';
import { RendersStorage } from './renders-storage.js';
import { WorkerEvents } from './worker-events.js';

/** Downloads a render's chunks, joins them with its music (read from their signed URLs) and stores the MP4. */
@Controller()
export class StitchVideoJob {
  constructor(
    @Inject(RENDERING) private readonly rendering: Rendering,
    private readonly runner: RenderJobRunner,
    private readonly renders: RendersStorage,
    private readonly events: WorkerEvents,
  ) {}

  @EventPattern<string>(stitchVideo.subject, AS_RENDER_JOB)
  async handle(
    @Payload() job: EventEnvelope<DataOf<typeof stitchVideo>>,
    @Ctx() delivery: EventDeliveryContext,
  ): Promise<void> {
    const { renderId, outputKey } = job.data;
    await this.runner.tryOrFail(stitchVideo, renderId, delivery, RENDER_JOB_DELIVERIES, async () => {
      const props = MemoreelVideoPropsSchema.parse(job.data.props);
      const dir = await mkdtemp(join(tmpdir(), 'memoreel-stitch-job-'));
      try {
        const chunks: StitchChunk[] = [];
        for (const [i, chunk] of job.data.chunks.entries()) {
          const path = join(dir, `${i}.mp4`);
          await pipeline(
            await this.renders.storage.get(RENDERS_BUCKET, renderChunkKey(chunk.hash)),
            createWriteStream(path),
          );
          chunks.push({ path, frames: chunk.frames });
        }
        const music = musicPlacements(props).map((placement) => ({ placement, source: placement.url }));
        const output = join(dir, 'video.mp4');
        await this.rendering.stitch(chunks, music, output);
        // Streamed from disk: a 60-minute video is gigabytes, never held in memory.
        const { size } = await stat(output);
        await this.renders.storage.put(RENDERS_BUCKET, outputKey, createReadStream(output), {
          contentType: 'video/mp4',
          size,
        });
        await this.events.publish(videoStitched, { renderId, key: outputKey, bytes: size });
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });
  }
}
