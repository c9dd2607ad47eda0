import {
  type DataOf,
  type EventEnvelope,
  RENDERS_BUCKET,
  renderAudioKey,
  renderChunkKey,
  stitchVideo,
  videoStitched,
} from '@memoreel/contracts';
import { EventDeliveryContext, LOGGER } from '@memoreel/platform';
import { MemoreelVideoPropsSchema, musicPlacements } from '@memoreel/video/chunks';
import { Controller, Inject } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { Logger } from 'pino';
import { renderStitchMusic, renderStitchPhaseDuration } from '../render-worker.metrics.js';
import { stitchRender } from '../stitch/stitch-render.js';
import { AS_RENDER_JOB, RENDER_JOB_DELIVERIES, RenderJobRunner } from './render-job-runner.js';
import { RENDERING, type Rendering } from './rendering.js';
import { RendersStorage } from './renders-storage.js';
import { WorkerEvents } from './worker-events.js';

/**
 * Downloads a render's chunks, joins them with its music (mixed ahead by `MixAudioJob`, else from the
 * tracks' signed URLs here) and stores the MP4.
 */
@Controller()
export class StitchVideoJob {
  constructor(
    @Inject(RENDERING) private readonly rendering: Rendering,
    private readonly runner: RenderJobRunner,
    private readonly renders: RendersStorage,
    private readonly events: WorkerEvents,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @EventPattern<string>(stitchVideo.subject, AS_RENDER_JOB)
  async handle(
    @Payload() job: EventEnvelope<DataOf<typeof stitchVideo>>,
    @Ctx() delivery: EventDeliveryContext,
  ): Promise<void> {
    const { renderId, outputKey } = job.data;
    await this.runner.tryOrFail(stitchVideo, renderId, delivery, RENDER_JOB_DELIVERIES, async () => {
      const props = MemoreelVideoPropsSchema.parse(job.data.props);
      const timings = await stitchRender(
        {
          storage: this.renders.storage,
          bucket: RENDERS_BUCKET,
          chunks: job.data.chunks.map((chunk) => ({ key: renderChunkKey(chunk.hash), frames: chunk.frames })),
          music: musicPlacements(props).map((placement) => ({ placement, source: placement.url })),
          audioKey: renderAudioKey(renderId),
          outputKey,
        },
        (chunks, music, output, audio) => this.rendering.stitch(chunks, music, output, audio),
      );
      renderStitchPhaseDuration.observe({ phase: 'download' }, timings.downloadMs / 1000);
      renderStitchPhaseDuration.observe({ phase: 'join' }, timings.joinMs / 1000);
      renderStitchPhaseDuration.observe({ phase: 'upload' }, timings.uploadMs / 1000);
      renderStitchMusic.inc({ mixed: timings.premixed ? 'ahead' : 'in-stitch' });
      this.logger.info(
        { renderId, chunks: job.data.chunks.length, ...timings },
        `video stitched: download ${ms(timings.downloadMs)}, join ${ms(timings.joinMs)}, upload ${ms(timings.uploadMs)}`,
      );
      await this.events.publish(videoStitched, { renderId, key: outputKey, bytes: timings.bytes });
      // Its part is done (a mix stored after this is deleted with the render).
      await this.renders.storage.delete(RENDERS_BUCKET, renderAudioKey(renderId)).catch((error: unknown) => {
        this.logger.warn({ err: error, renderId }, 'mixed music of a stitched video not deleted');
      });
    });
  }
}

const ms = (value: number) => `${Math.round(value)} ms`;
