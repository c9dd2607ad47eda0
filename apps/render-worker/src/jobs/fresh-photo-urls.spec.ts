import { randomUUID } from 'node:crypto';
import { ErrorCodes, getChunkPhotos, rendersDeleted, SYSTEM } from '@memoreel/contracts';
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

/** FreshPhotoUrls on a bus whose requests `answer` and whose render.render.deleted messages `tell` delivers. */
function freshPhotoUrls(answer: () => Promise<unknown>) {
  const request = vi.fn(answer);
  let heard: (data: { renderIds: string[] }) => void = () => {};
  const subscribeLive = vi.fn((contract: unknown, handler: typeof heard) => {
    expect(contract).toBe(rendersDeleted);
    heard = handler;
    return { stop: async () => {} };
  });
  const logger = { warn: vi.fn() };
  const urls = new FreshPhotoUrls(
    { request, subscribeLive } as unknown as BusClient,
    logger as unknown as Logger,
  );
  urls.onModuleInit();
  return { urls, request, logger, tell: (renderIds: string[]) => heard({ renderIds }) };
}

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

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

  it("draws the job's URLs as they are while they are fresh, asking nothing; once stale, asks", async () => {
    const renderId = randomUUID();
    const { urls, request } = freshPhotoUrls(async () => ({ urls: ['https://new.example/a.webp'] }));

    expect(await urls.of(renderId, props, inMinutes(30))).toBe(props);
    expect(request).not.toHaveBeenCalled();

    const late = await urls.of(renderId, props, inMinutes(-1));
    expect(request).toHaveBeenCalledWith(getChunkPhotos, SYSTEM, { renderId });
    expect(late?.photos[0]?.url).toBe('https://new.example/a.webp');
  });

  it('draws nothing of a render heard deleted, however fresh its URLs, and asks nothing', async () => {
    const [deleted, kept] = [randomUUID(), randomUUID()];
    const { urls, request, tell } = freshPhotoUrls(async () => ({ urls: [] }));
    tell([deleted]);

    expect(await urls.of(deleted, props, inMinutes(30))).toBeNull();
    expect(await urls.of(deleted, props)).toBeNull();
    expect(request).not.toHaveBeenCalled();
    expect(await urls.of(kept, props, inMinutes(30))).toBe(props);
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
