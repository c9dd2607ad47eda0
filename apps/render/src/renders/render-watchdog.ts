import { LOGGER } from '@memoreel/platform';
import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Logger } from 'pino';
import { RendersService } from './renders.service.js';

/** How often the renders waiting for their photos are looked at: a render starts within this of its last photo. */
export const PENDING_LOOK_MS = 2_000;

/**
 * Fails the renders that stopped moving (`RENDER_STALL_SECONDS`, default 10 min): a lost job, a
 * worker pool gone, a report that never came. Looks four times per stall time (at most every 30 s),
 * so a stalled render shows "Generation failed" within 1.25 stall times and can be started again.
 * Every 2 s it also starts the renders whose photos have all become ready (`advancePending`).
 */
@Injectable()
export class RenderWatchdog implements OnApplicationBootstrap, OnModuleDestroy {
  private timers: NodeJS.Timeout[] = [];
  private readonly rounds = new Map<string, Promise<void>>();

  constructor(
    private readonly renders: RendersService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    const everyMs = Math.min(30_000, Math.max(250, this.renders.stallMs / 4));
    this.timers = [
      setInterval(
        () =>
          this.look('stalled', async () => {
            const failed = await this.renders.failStalled();
            if (failed > 0) this.logger.warn({ renders: failed }, 'stalled renders failed');
          }),
        everyMs,
      ),
      setInterval(
        () =>
          this.look('pending', async () => {
            await this.renders.advancePending();
          }),
        Math.min(PENDING_LOOK_MS, everyMs),
      ),
    ];
  }

  async onModuleDestroy(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    await Promise.all(this.rounds.values());
  }

  /** One round of `kind` at a time: a slow round is not overtaken by the next. */
  private look(kind: string, round: () => Promise<void>): void {
    if (this.rounds.has(kind)) return;
    this.rounds.set(
      kind,
      round()
        .catch((error: unknown) => this.logger.warn({ err: error, kind }, 'render watchdog round failed'))
        .finally(() => this.rounds.delete(kind)),
    );
  }
}
