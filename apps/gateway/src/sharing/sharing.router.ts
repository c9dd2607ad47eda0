import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GUEST, getSharedVideo, type PublicSharedVideo } from '@memoreel/contracts';
import { sharedVideoTitle } from '@memoreel/domain';
import { type BusClient, type Logger, RemoteError } from '@memoreel/platform';
import express, { type Request, type Router } from 'express';
import { defaultSiteImage, OG_IMAGE_TYPE, renderShareImage } from './og-image.js';
import {
  notFoundMeta,
  previewVersion,
  sharedVideoBody,
  sharedVideoMeta,
  withBody,
  withHead,
} from './shared-video-page.js';

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

/**
 * The web build's shell for /v/{id} (apps/web/scripts/prerender-landing.mjs): the app's scripts
 * wait for the first paint and the photo, so they do not share a phone's connection with them.
 */
const SHARED_VIDEO_SHELL = join('shells', 'shared-video.html');

function originOf(req: Request, publicUrl: string | undefined): string {
  return (publicUrl ?? `${req.protocol}://${req.get('host')}`).replace(/\/+$/, '');
}

/**
 * What GraphQL cannot answer: the shared page's HTML with its link-preview metadata (crawlers run
 * no JavaScript; unknown ids get a 404 page) and the preview image /og/{id}.jpg (/og/{id}.png, the
 * address of links shared before, redirects there).
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

  router.get('/og/:id.png', (req, res) => {
    const query = req.originalUrl.indexOf('?');
    res.redirect(301, `/og/${req.params.id}.jpg${query === -1 ? '' : req.originalUrl.slice(query)}`);
  });

  router.get('/og/:id.jpg', async (req, res, next) => {
    try {
      const video = await find(req.params.id);
      let image: Buffer;
      if (!video) {
        image = await defaultSiteImage();
        res.setHeader('Cache-Control', 'public, max-age=300');
      } else {
        const version = previewVersion(video);
        const key = `${video.id}:${version}`;
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
        image = cached;
        res.setHeader('Cache-Control', 'public, max-age=3600');
        res.setHeader('ETag', `"${version}"`);
      }
      res.type(OG_IMAGE_TYPE).send(image);
    } catch (error) {
      next(error);
    }
  });

  if (options.webDistDir) {
    const plainShell = readFileSync(join(options.webDistDir, 'index.html'), 'utf8');
    const shellFile = join(options.webDistDir, SHARED_VIDEO_SHELL);
    // An older web build has no shell of its own: the plain one works, only slower on a phone.
    const shell = existsSync(shellFile) ? readFileSync(shellFile, 'utf8') : plainShell;
    router.get('/v/:id', async (req, res, next) => {
      try {
        const video = await find(req.params.id);
        res.setHeader('Cache-Control', 'no-cache');
        res.type('html');
        if (!video) {
          // The app draws the not-found page: its scripts must not wait for a paint that never comes.
          res.status(404).send(withHead(plainShell, notFoundMeta()));
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
