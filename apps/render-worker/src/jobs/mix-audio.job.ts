import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  type DataOf,
  type EventEnvelope,
  mixAudio,
  RENDERS_BUCKET,
  renderAudioKey,
} from '@memoreel/contracts';
import { EventDeliveryContext, LOGGER } from '@memoreel/platform';
import { MemoreelVideoPropsSchema, musicPlacements } from '@memoreel/video/chunks';
import { Controller, Inject } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { Logger } from 'pino';
import { FreshPhotoUrls } from './fresh-photo-urls.js';
import { withHeartbeat } from './heartbeat.js';
import { AS_RENDER_JOB, RENDER_JOB_DELIVERIES } from './render-job-runner.js';
import { RENDERING, type Rendering } from './rendering.js';
import { RendersStorage } from './renders-storage.js';

/**
 * Mixes a render's music and encodes it while its chunks render, so its stitch only copies it in: the
 * AAC encoding was most of a stitch, the one step of a render no number of workers shortens. Best
 * effort: a failed try is retried, and after the last one the stitch mixes the music itself, so the
 * render never fails here.
 */
@Controller()
export class MixAudioJob {
  constructor(
    @Inject(RENDERING) private readonly rendering: Rendering,
    private readonly renders: RendersStorage,
    private readonly renderIds: FreshPhotoUrls,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @EventPattern<string>(mixAudio.subject, AS_RENDER_JOB)
  async handle(
    @Payload() job: EventEnvelope<DataOf<typeof mixAudio>>,
    @Ctx() delivery: EventDeliveryContext,
  ): Promise<void> {
    const { renderId, frames } = job.data;
    const key = renderAudioKey(renderId);
    await withHeartbeat(mixAudio, delivery, async () => {
      try {
        const gone = () => this.renderIds.isDeleted(renderId);
        if (gone() || (await this.renders.storage.stat(RENDERS_BUCKET, key))) return;
        const props = MemoreelVideoPropsSchema.parse(job.data.props);
        const music = musicPlacements(props).map((placement) => ({ placement, source: placement.url }));
        const started = performance.now();
        const dir = await mkdtemp(join(tmpdir(), 'memoreel-music-'));
        try {
          const output = join(dir, 'audio.m4a');
          await this.rendering.mixMusic(music, frames, output);
          // Its render was deleted meanwhile: nothing would ever delete the mix.
          if (gone()) return;
          const { size } = await stat(output);
          await this.renders.storage.put(RENDERS_BUCKET, key, createReadStream(output), {
            contentType: 'audio/mp4',
            size,
          });
          this.logger.info({ renderId, frames, ms: Math.round(performance.now() - started) }, 'music mixed');
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      } catch (error) {
        if (delivery.deliveryCount < RENDER_JOB_DELIVERIES) throw error;
        this.logger.warn({ err: error, renderId }, 'music not mixed ahead: the stitch mixes it');
      }
    });
  }
}
