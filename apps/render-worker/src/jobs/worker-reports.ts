import {
  ErrorCodes,
  type EventContract,
  getChunkPhotos,
  type JobContract,
  RENDERS_BUCKET,
  renderFailed,
  renderMessages,
  SYSTEM,
} from '@memoreel/contracts';
import {
  BUS,
  type Bus,
  BusClient,
  buildEvent,
  createStorage,
  type EventDeliveryContext,
  LOGGER,
  loadConfig,
  RemoteError,
  reportError,
  SERVICE_CONTEXT,
  type ServiceContext,
  type Storage,
  storageEnvironment,
} from '@memoreel/platform';
import type { MemoreelVideoProps } from '@memoreel/video/chunks';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { RendererUnavailableError } from './rendering.js';

/** For a job whose contract declares no delivery timing: four beats within the bus's default 60 s ack wait. */
const DEFAULT_HEARTBEAT_MS = 15_000;

/**
 * What the worker's jobs share: the renders bucket and its reports to the render service. The worker
 * has no database, so it publishes its events straight to the bus (a failed publish fails the job,
 * which is redelivered; the service takes a repeated report as done).
 */
@Injectable()
export class WorkerReports implements OnModuleInit {
  readonly storage: Storage;

  constructor(
    @Inject(SERVICE_CONTEXT) context: ServiceContext,
    @Inject(BUS) private readonly bus: Bus,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly client: BusClient,
  ) {
    this.storage = createStorage(loadConfig(storageEnvironment, context.env));
  }

  async onModuleInit() {
    await this.storage.ensureBuckets([RENDERS_BUCKET]);
  }

  async publish<C extends EventContract>(contract: C, data: z.input<C['data']>): Promise<void> {
    const event = buildEvent(contract, SYSTEM, data);
    await this.bus.publishEvent(contract.subject, event, { msgId: event.id });
  }

  /**
   * The props with the photos' URLs signed now (the job's were signed when the render started and
   * live an hour). Null when the render is gone: nothing to render. If the render service does not
   * answer, the job's URLs are tried.
   */
  async withFreshPhotoUrls(renderId: string, props: MemoreelVideoProps): Promise<MemoreelVideoProps | null> {
    try {
      const { urls } = await this.client.request(getChunkPhotos, SYSTEM, { renderId });
      return { ...props, photos: props.photos.map((photo, i) => ({ ...photo, url: urls[i] ?? photo.url })) };
    } catch (error) {
      if (error instanceof RemoteError && error.code === ErrorCodes.notFound) return null;
      this.logger.warn({ err: error, renderId }, 'fresh photo URLs not had; rendering with the job’s');
      return props;
    }
  }

  /**
   * Runs a job, saying it is still working every `job.delivery.heartbeatMs` from start to end (so
   * the broker never hands a live worker's job to another, and a killed one's within its ack wait);
   * its last failed delivery (or one no retry can mend: no Chromium) fails the render with the
   * reason instead of leaving it waiting.
   */
  async tryOrFail(
    job: JobContract,
    renderId: string,
    delivery: EventDeliveryContext,
    maxDeliveries: number,
    work: () => Promise<void>,
  ): Promise<void> {
    const beat = setInterval(() => delivery.working(), job.delivery?.heartbeatMs ?? DEFAULT_HEARTBEAT_MS);
    try {
      this.logger.info(
        { renderId, subject: delivery.subject, delivery: delivery.deliveryCount },
        'render job',
      );
      await work();
    } catch (error) {
      const hopeless = error instanceof RendererUnavailableError;
      if (!hopeless && delivery.deliveryCount < maxDeliveries) {
        this.logger.warn({ err: error, renderId }, 'render job failed; it will be retried');
        throw error;
      }
      // The reason (a storage host, a path, ffmpeg's words) is for the logs; the user reads product text.
      this.logger.error({ err: error, renderId }, 'render job failed for good');
      // A retried job was reported on its first failure (ReportHandlerErrors); this one never reached it.
      if (delivery.deliveryCount === 1) reportError(error, { subject: delivery.subject, renderId });
      await this.publish(renderFailed, {
        renderId,
        error: hopeless ? renderMessages.noChromium : renderMessages.interrupted,
      });
    } finally {
      clearInterval(beat);
    }
  }
}
