import { LOGGER, type Logger, loadConfig, SERVICE_CONTEXT, type ServiceContext } from '@memoreel/platform';
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { z } from 'zod';
import { PhotoEditCleanupService } from './photo-edit-cleanup.service.js';

const settings = z.object({
  /** How often unsettled edits are looked for (ms); rows are locked one by one, so every instance may sweep. */
  MEDIA_PHOTO_EDIT_SWEEP_MS: z.coerce
    .number()
    .int()
    .min(50)
    .default(15 * 60_000),
});

/** Deletes, on a timer, the results of edits nobody applied or discarded within the TTL. */
@Injectable()
export class SweepUnsettledPhotoEdits implements OnModuleInit, OnModuleDestroy {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private readonly intervalMs: number;

  constructor(
    private readonly cleanup: PhotoEditCleanupService,
    @Inject(SERVICE_CONTEXT) context: ServiceContext,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.intervalMs = loadConfig(settings, context.env).MEDIA_PHOTO_EDIT_SWEEP_MS;
  }

  onModuleInit() {
    this.timer = setInterval(() => {
      this.running = this.cleanup.sweepUnsettled().then(
        (swept) => swept > 0 && this.logger.info({ swept }, 'unsettled photo edits removed'),
        (err: unknown) => this.logger.warn({ err }, 'sweeping photo edits failed'),
      );
    }, this.intervalMs);
    this.timer.unref();
  }

  async onModuleDestroy() {
    clearInterval(this.timer);
    await this.running;
  }
}
