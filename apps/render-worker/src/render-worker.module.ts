import { type DynamicModule, Inject, Module, type OnModuleDestroy } from '@nestjs/common';
import { RenderChunkJob } from './jobs/render-chunk.job.js';
import { RENDERING, type Rendering } from './jobs/rendering.js';
import { StitchVideoJob } from './jobs/stitch-video.job.js';
import { WorkerReports } from './jobs/worker-reports.js';

/** The render worker's jobs: chunks and stitches from the work queue, done by `rendering`. */
@Module({})
export class RenderWorkerModule implements OnModuleDestroy {
  constructor(@Inject(RENDERING) private readonly rendering: Rendering) {}

  static register(rendering: Rendering): DynamicModule {
    return {
      module: RenderWorkerModule,
      controllers: [RenderChunkJob, StitchVideoJob],
      providers: [WorkerReports, { provide: RENDERING, useValue: rendering }],
    };
  }

  async onModuleDestroy() {
    await this.rendering.close();
  }
}
