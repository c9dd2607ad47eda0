import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Request, type Router } from 'express';
import type { RequestBudgets } from '../graphql/request-budgets.js';
import { perAddressBudget } from '../http/route-budgets.js';
import { defaultSiteImage, OG_IMAGE_TYPE } from './og-image.js';
import { originOf, type SharePreviews } from './share-previews.js';
import type { SharedVideoCache } from './shared-video-cache.js';
import {
  notFoundMeta,
  previewVersion,
  sharedVideoBody,
  sharedVideoMeta,
  withBody,
  withHead,
} from './shared-video-page.js';

export interface SharingRouterOptions {
  /** The share lookups, cached (shared with the resolver, which drops what it changes). */
  sharedVideos: SharedVideoCache;
  /** The link previews, shared with the resolver (sharing makes one at once). */
  previews: SharePreviews;
  /** /v/* and /og/* are counted per address (sharePagesPerIp) before anything is looked up. */
  budgets: RequestBudgets;
  publicUrl?: string | undefined;
  /** The built SPA, whose shell /v/{id} answers with the share's metadata; absent when a CDN serves it. */
  webDistDir?: string | undefined;
}

/**
 * The web build's shell for /v/{id} (apps/web/scripts/prerender-landing.mjs): the app's scripts
 * wait for the first paint and the photo, so they do not share a phone's connection with them.
 */
const SHARED_VIDEO_SHELL = join('shells', 'shared-video.html');

/** Whether the client already holds this ETag (If-None-Match, weak comparison as RFC 9110 asks for GETs). */
function alreadyHeld(req: Request, etag: string): boolean {
  const held = req.get('if-none-match');
  if (!held) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return held.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/**
 * What GraphQL cannot answer: the shared page's HTML with its link-preview metadata (crawlers run
 * no JavaScript; unknown ids get a 404 page) and the preview image /og/{id}.jpg (/og/{id}.png, the
 * address of links shared before, redirects there).
 */
export function sharingRouter(options: SharingRouterOptions): Router {
  const { sharedVideos, previews, publicUrl } = options;
  const router = express.Router();
  router.use(['/v', '/og'], perAddressBudget(options.budgets, 'sharePagesPerIp'));

  router.get('/og/:id.png', (req, res) => {
    const query = req.originalUrl.indexOf('?');
    res.redirect(301, `/og/${req.params.id}.jpg${query === -1 ? '' : req.originalUrl.slice(query)}`);
  });

  router.get('/og/:id.jpg', async (req, res, next) => {
    try {
      const id = req.params.id.toLowerCase();
      // The page links the image with its version (?v=): a preview rendered before is sent as it is.
      const asked = typeof req.query.v === 'string' ? req.query.v : undefined;
      const ready = asked === undefined ? undefined : previews.ready(id, asked);
      if (ready) {
        res.setHeader('Cache-Control', 'public, max-age=3600');
        res.setHeader('ETag', `"${asked}"`);
        if (alreadyHeld(req, `"${asked}"`)) res.status(304).end();
        else res.type(OG_IMAGE_TYPE).send((await ready).image);
        return;
      }
      const { video } = await sharedVideos.get(id);
      if (!video) {
        res.setHeader('Cache-Control', 'public, max-age=300');
        res.type(OG_IMAGE_TYPE).send(await defaultSiteImage());
        return;
      }
      const version = previewVersion(video);
      res.setHeader('Cache-Control', 'public, max-age=3600');
      res.setHeader('ETag', `"${version}"`);
      if (alreadyHeld(req, `"${version}"`)) {
        res.status(304).end();
        return;
      }
      const preview = await previews.of(video, originOf(req, publicUrl));
      res.type(OG_IMAGE_TYPE).send(preview.image);
    } catch (error) {
      next(error);
    }
  });

  if (options.webDistDir) {
    const plainShell = readFileSync(join(options.webDistDir, 'index.html'), 'utf8');
    const shellFile = join(options.webDistDir, SHARED_VIDEO_SHELL);
    // An older web build has no shell of its own: the plain one works, only slower on a phone.
    const shell = existsSync(shellFile) ? readFileSync(shellFile, 'utf8') : plainShell;
    const notFoundPage = withHead(plainShell, notFoundMeta());
    router.get('/v/:id', async (req, res, next) => {
      try {
        const share = await sharedVideos.get(req.params.id);
        res.setHeader('Cache-Control', 'no-cache');
        res.type('html');
        if (!share.video) {
          // The app draws the not-found page: its scripts must not wait for a paint that never comes.
          res.status(404).send(notFoundPage);
          return;
        }
        const origin = originOf(req, publicUrl);
        // Made once per cached lookup and origin; its ETag lets a reload answer 304.
        let page = share.derived.get(origin) as { html: string; etag: string } | undefined;
        if (!page) {
          const html = withBody(
            withHead(shell, sharedVideoMeta(origin, share.video)),
            sharedVideoBody(share.video),
          );
          page = { html, etag: `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"` };
          // Without PUBLIC_URL the origin is the request's Host: a few are kept, not one per made-up name.
          if (share.derived.size < 4) share.derived.set(origin, page);
        }
        res.setHeader('ETag', page.etag);
        if (alreadyHeld(req, page.etag)) res.status(304).end();
        else res.send(page.html);
      } catch (error) {
        next(error);
      }
    });
  }
  return router;
}
