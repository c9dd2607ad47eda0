import { ErrorCodes, getChunkPhotos, SYSTEM } from '@memoreel/contracts';
import { BusClient, LOGGER, RemoteError } from '@memoreel/platform';
import type { MemoreelVideoProps } from '@memoreel/video/chunks';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';

/** A job's photo URLs were signed when its render started and live an hour; a late job asks again. */
@Injectable()
export class FreshPhotoUrls {
  constructor(
    private readonly client: BusClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * The props with the photos' URLs signed now. Null when the render is gone: nothing to render.
   * If the render service does not answer, the job's URLs are tried.
   */
  async of(renderId: string, props: MemoreelVideoProps): Promise<MemoreelVideoProps | null> {
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
