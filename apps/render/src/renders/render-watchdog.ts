import { LOGGER } from '@memoreel/platform';
import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Logger } from 'pino';
import { RendersService } from './renders.service.js';

/**
 * Fails the renders that stopped moving (`RENDER_STALL_SECONDS`, default 10 min): a lost job, a
 * worker pool gone, a report that never came. Looks four times per stall time (at most every 30 s),
 * so a stalled render shows "Generation failed" within 1.25 stall times and can be started again.
 */
@Injectable()
export class RenderWatchdog implements OnApplicationBootstrap, OnModuleDestroy {
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<void> | undefined;

  constructor(
    private readonly renders: RendersService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    const everyMs = Math.min(30_000, Math.max(250, this.renders.stallMs / 4));
    this.timer = setInterval(() => this.look(), everyMs);
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.round;
  }

  private look(): void {
    if (this.round) return;
    this.round = this.renders
      .failStalled()
      .then((failed) => {
        if (failed > 0) this.logger.warn({ renders: failed }, 'stalled renders failed');
      })
      .catch((error: unknown) => this.logger.warn({ err: error }, 'render watchdog round failed'))
      .finally(() => {
        this.round = undefined;
      });
  }
}
