import { ErrorCodes, getChunkPhotos, rendersDeleted, SYSTEM } from '@memoreel/contracts';
import { BusClient, LOGGER, RemoteError, type Subscription } from '@memoreel/platform';
import type { MemoreelVideoProps } from '@memoreel/video/chunks';
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';

/** How many deleted renders a worker remembers (a render's chunk jobs are all taken within hours). */
const REMEMBERED = 10_000;

/**
 * A job's photo URLs were signed when its render was planned and live an hour: a job taken while
 * they are fresh (`urlsFreshUntil`) draws them as they are; a later one asks render for URLs signed
 * again, which also tells it whether the render still exists. A render deleted meanwhile is heard of
 * (render.render.deleted), so its chunks are not drawn either way.
 */
@Injectable()
export class FreshPhotoUrls implements OnModuleInit, OnModuleDestroy {
  private readonly deleted = new Set<string>();
  private subscription: Subscription | undefined;

  constructor(
    private readonly client: BusClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit() {
    this.subscription = this.client.subscribeLive(rendersDeleted, ({ renderIds }) => {
      for (const id of renderIds) this.deleted.add(id);
      // A Set iterates oldest first: the ones heard of longest ago are forgotten first.
      for (const id of this.deleted) {
        if (this.deleted.size <= REMEMBERED) break;
        this.deleted.delete(id);
      }
    });
  }

  async onModuleDestroy() {
    await this.subscription?.stop();
  }

  /** Whether this worker heard the render was deleted (render.render.deleted). */
  isDeleted(renderId: string): boolean {
    return this.deleted.has(renderId);
  }

  /**
   * The props with photo URLs a chunk can draw now. Null when the render is gone: nothing to render.
   * If the render service does not answer, the job's URLs are tried.
   */
  async of(
    renderId: string,
    props: MemoreelVideoProps,
    urlsFreshUntil?: string,
  ): Promise<MemoreelVideoProps | null> {
    if (this.isDeleted(renderId)) return null;
    if (urlsFreshUntil && Date.parse(urlsFreshUntil) > Date.now()) return props;
    try {
      const { urls } = await this.client.request(getChunkPhotos, SYSTEM, { renderId });
      return { ...props, photos: props.photos.map((photo, i) => ({ ...photo, url: urls[i] ?? photo.url })) };
    } catch (error) {
      if (error instanceof RemoteError && error.code === ErrorCodes.notFound) return null;
      this.logger.warn({ err: error, renderId }, 'fresh photo URLs not had; rendering with the job’s');
      return props;
    }
  }
}
