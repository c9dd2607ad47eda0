import { LOGGER, type Logger, loadConfig, SERVICE_CONTEXT, type ServiceContext } from '@memoreel/platform';
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { z } from 'zod';
import { PhotosService } from './photos.service.js';

const settings = z.object({
  /** How often abandoned uploads are looked for (ms); every instance sweeps, rows are locked one by one. */
  MEDIA_UPLOAD_SWEEP_MS: z.coerce
    .number()
    .int()
    .min(50)
    .default(5 * 60_000),
});

/** Runs the sweep of abandoned uploads on a timer while the service runs. */
@Injectable()
export class SweepExpiredUploads implements OnModuleInit, OnModuleDestroy {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private readonly intervalMs: number;

  constructor(
    private readonly photos: PhotosService,
    @Inject(SERVICE_CONTEXT) context: ServiceContext,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.intervalMs = loadConfig(settings, context.env).MEDIA_UPLOAD_SWEEP_MS;
  }

  onModuleInit() {
    this.timer = setInterval(() => {
      this.running = this.photos.sweepExpiredUploads().then(
        (swept) => swept > 0 && this.logger.info({ swept }, 'abandoned uploads removed'),
        (err: unknown) => this.logger.warn({ err }, 'sweeping abandoned uploads failed'),
      );
    }, this.intervalMs);
    this.timer.unref();
  }

  async onModuleDestroy() {
    clearInterval(this.timer);
    await this.running;
  }
}
