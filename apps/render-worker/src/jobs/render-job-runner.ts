import { type JobContract, renderFailed, renderMessages } from '@memoreel/contracts';
import { type BusHandlerExtras, type EventDeliveryContext, LOGGER, reportError } from '@memoreel/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { withHeartbeat } from './heartbeat.js';
import { RendererUnavailableError } from './rendering.js';
import { WorkerEvents } from './worker-events.js';

/** Three tries: a crashed page or a photo that did not load may go better on another worker. */
export const RENDER_JOB_DELIVERIES = 3;

/** How the render jobs are consumed: from the shared work queue, retried after a pause. */
export const AS_RENDER_JOB: BusHandlerExtras = {
  queue: 'jobs',
  maxDeliver: RENDER_JOB_DELIVERIES,
  backoffMs: [1_000, 5_000],
};

/**
 * Runs a render job with its heartbeat (`withHeartbeat`). A failed delivery with deliveries left is
 * thrown back to be retried; the last one (or one no retry can mend: no Chromium) fails the render
 * with the reason instead of leaving it waiting.
 */
@Injectable()
export class RenderJobRunner {
  constructor(
    private readonly events: WorkerEvents,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async tryOrFail(
    job: JobContract,
    renderId: string,
    delivery: EventDeliveryContext,
    maxDeliveries: number,
    work: () => Promise<void>,
  ): Promise<void> {
    await withHeartbeat(job, delivery, async () => {
      try {
        this.logger.info(
          { renderId, subject: delivery.subject, delivery: delivery.deliveryCount },
          'render job',
        );
        await work();
      } catch (error) {
        await this.failOrRetry(error, renderId, delivery, maxDeliveries);
      }
    });
  }

  private async failOrRetry(
    error: unknown,
    renderId: string,
    delivery: EventDeliveryContext,
    maxDeliveries: number,
  ): Promise<void> {
    const hopeless = error instanceof RendererUnavailableError;
    if (!hopeless && delivery.deliveryCount < maxDeliveries) {
      this.logger.warn({ err: error, renderId }, 'render job failed; it will be retried');
      throw error;
    }
    // The reason (a storage host, a path, ffmpeg's words) is for the logs; the user reads product text.
    this.logger.error({ err: error, renderId }, 'render job failed for good');
    // A retried job was reported on its first failure (ReportHandlerErrors); this one never reached it.
    if (delivery.deliveryCount === 1) reportError(error, { subject: delivery.subject, renderId });
    await this.events.publish(renderFailed, {
      renderId,
      error: hopeless ? renderMessages.noChromium : renderMessages.interrupted,
    });
  }
}
