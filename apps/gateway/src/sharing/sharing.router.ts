import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GUEST, getSharedVideo, type PublicSharedVideo } from '@memoreel/contracts';
import { sharedVideoTitle } from '@memoreel/domain';
import { type BusClient, type Logger, RemoteError } from '@memoreel/platform';
import express, { type Request, type Router } from 'express';
import { defaultSiteImage, renderShareImage } from './og-image.js';
import { notFoundMeta, sharedVideoBody, sharedVideoMeta, withBody, withHead } from './shared-video-page.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Rendered previews kept in memory, by share id and version (a changed share gets a new entry). */
const CACHE_SIZE = 200;
const PHOTO_FETCH_TIMEOUT_MS = 5_000;

export interface SharingRouterOptions {
  bus: BusClient;
  logger: Logger;
  publicUrl?: string | undefined;
  /** The built SPA, whose shell /v/{id} answers with the share's metadata; absent when a CDN serves it. */
  webDistDir?: string | undefined;
}

function originOf(req: Request, publicUrl: string | undefined): string {
  return (publicUrl ?? `${req.protocol}://${req.get('host')}`).replace(/\/+$/, '');
}

/**
 * What GraphQL cannot answer: the shared page's HTML with its link-preview metadata (crawlers run
 * no JavaScript; unknown ids get a 404 page) and the preview image /og/{id}.png.
 */
export function sharingRouter(options: SharingRouterOptions): Router {
  const { bus, logger, publicUrl } = options;
  const router = express.Router();
  const cache = new Map<string, Buffer>();

  async function find(id: string): Promise<PublicSharedVideo | null> {
    if (!UUID.test(id)) return null;
    try {
      return await bus.request(getSharedVideo, GUEST, { id });
    } catch (error) {
      if (error instanceof RemoteError && error.code === 'NOT_FOUND') return null;
      throw error;
    }
  }

  async function firstPhoto(video: PublicSharedVideo, origin: string): Promise<Buffer | undefined> {
    const photo = video.photos[0];
    if (!photo) return undefined;
    try {
      const response = await fetch(new URL(photo.url, origin), {
        signal: AbortSignal.timeout(PHOTO_FETCH_TIMEOUT_MS),
      });
      if (!response.ok) return undefined;
      return Buffer.from(await response.arrayBuffer());
    } catch {
      return undefined;
    }
  }

  router.get('/og/:file', async (req, res, next) => {
    try {
      const id = req.params.file.replace(/\.png$/, '');
      const video = await find(id);
      let png: Buffer;
      if (!video) {
        png = await defaultSiteImage();
        res.setHeader('Cache-Control', 'public, max-age=300');
      } else {
        const key = `${video.id}:${video.updatedAt}`;
        let cached = cache.get(key);
        if (!cached) {
          const started = performance.now();
          cached = await renderShareImage(
            sharedVideoTitle(video),
            await firstPhoto(video, originOf(req, publicUrl)),
          ).catch((error: unknown) => {
            logger.warn({ err: error, shareId: video.id }, 'preview image failed; default image sent');
            return defaultSiteImage();
          });
          logger.debug(
            { shareId: video.id, ms: Math.round(performance.now() - started) },
            'preview image rendered',
          );
          if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
          cache.set(key, cached);
        }
        png = cached;
        res.setHeader('Cache-Control', 'public, max-age=3600');
        res.setHeader('ETag', `"${Date.parse(video.updatedAt).toString(36)}"`);
      }
      res.type('png').send(png);
    } catch (error) {
      next(error);
    }
  });

  if (options.webDistDir) {
    const shell = readFileSync(join(options.webDistDir, 'index.html'), 'utf8');
    router.get('/v/:id', async (req, res, next) => {
      try {
        const video = await find(req.params.id);
        res.setHeader('Cache-Control', 'no-cache');
        res.type('html');
        if (!video) {
          res.status(404).send(withHead(shell, notFoundMeta()));
          return;
        }
        res.send(
          withBody(withHead(shell, sharedVideoMeta(originOf(req, publicUrl), video)), sharedVideoBody(video)),
        );
      } catch (error) {
        next(error);
      }
    });
  }
  return router;
}
