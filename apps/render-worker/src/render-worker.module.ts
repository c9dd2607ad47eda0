import { type DynamicModule, Inject, Module, type OnModuleDestroy } from '@nestjs/common';
import { FreshPhotoUrls } from './jobs/fresh-photo-urls.js';
import { MixAudioJob } from './jobs/mix-audio.job.js';
import { RenderChunkJob } from './jobs/render-chunk.job.js';
import { RenderJobRunner } from './jobs/render-job-runner.js';
import { RENDERING, type Rendering } from './jobs/rendering.js';
import { RendersStorage } from './jobs/renders-storage.js';
import { StitchVideoJob } from './jobs/stitch-video.job.js';
import { WorkerEvents } from './jobs/worker-events.js';

/** The render worker's jobs: chunks, music mixes and stitches from the work queue, done by `rendering`. */
@Module({})
export class RenderWorkerModule implements OnModuleDestroy {
  constructor(@Inject(RENDERING) private readonly rendering: Rendering) {}

  static register(rendering: Rendering): DynamicModule {
    return {
      module: RenderWorkerModule,
      controllers: [RenderChunkJob, MixAudioJob, StitchVideoJob],
      providers: [
        RendersStorage,
        WorkerEvents,
        FreshPhotoUrls,
        RenderJobRunner,
        { provide: RENDERING, useValue: rendering },
      ],
    };
  }

  async onModuleDestroy() {
    await this.rendering.close();
  }
}
