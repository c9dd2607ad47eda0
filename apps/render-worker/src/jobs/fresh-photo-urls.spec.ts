import { randomUUID } from 'node:crypto';
import { ErrorCodes, getChunkPhotos, SYSTEM } from '@memoreel/contracts';
import { type BusClient, RemoteError } from '@memoreel/platform';
import { emptyVideoProps, type MemoreelVideoProps } from '@memoreel/video/chunks';
import type { Logger } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { FreshPhotoUrls } from './fresh-photo-urls.js';

const still = { scale: 1, translateX: 0, translateY: 0, rotate: 0 };
const props: MemoreelVideoProps = {
  ...emptyVideoProps(),
  photos: ['a', 'b'].map((id) => ({
    id,
    url: `https://old.example/${id}.webp`,
    transforms: { '0': still, '100': still },
  })),
};

function freshPhotoUrls(answer: () => Promise<unknown>) {
  const request = vi.fn(answer);
  const logger = { warn: vi.fn() };
  const urls = new FreshPhotoUrls({ request } as unknown as BusClient, logger as unknown as Logger);
  return { urls, request, logger };
}

describe('FreshPhotoUrls', () => {
  it("asks the render service for the render's photo URLs signed now, keeping a job URL it has none for", async () => {
    const renderId = randomUUID();
    const { urls, request } = freshPhotoUrls(async () => ({ urls: ['https://new.example/a.webp'] }));

    const fresh = await urls.of(renderId, props);

    expect(request).toHaveBeenCalledWith(getChunkPhotos, SYSTEM, { renderId });
    expect(fresh?.photos.map((photo) => photo.url)).toEqual([
      'https://new.example/a.webp',
      'https://old.example/b.webp',
    ]);
    expect({ ...fresh, photos: [] }).toEqual({ ...props, photos: [] });
  });

  it('is null when the render is gone: nothing to render', async () => {
    const { urls } = freshPhotoUrls(async () => {
      throw new RemoteError({ code: ErrorCodes.notFound, message: 'Render not found' });
    });

    expect(await urls.of(randomUUID(), props)).toBeNull();
  });

  it("renders with the job's URLs, with a warning, when the render service does not answer", async () => {
    const { urls, logger } = freshPhotoUrls(async () => {
      throw new Error('no responders');
    });

    expect(await urls.of(randomUUID(), props)).toBe(props);
    expect(logger.warn).toHaveBeenCalledOnce();
  });
});
