import type { PublicSharedVideo } from '@memoreel/contracts';
import { shareImageTitle } from '@memoreel/domain';
import type { Logger } from '@memoreel/platform';
import type { Request } from 'express';
import { defaultSiteImage, renderShareImage } from './og-image.js';
import type { SharedVideoCache } from './shared-video-cache.js';
import { ogImageUrl, previewVersion } from './shared-video-page.js';

/** Rendered previews kept in memory, by share id and version (a changed share gets a new entry). */
const CACHE_SIZE = 200;
const PHOTO_FETCH_TIMEOUT_MS = 5_000;

/** A share's link preview: its own (first photo and title), or the site's image when that could not be made. */
export interface SharePreview {
  image: Buffer;
  custom: boolean;
}

/** The public origin links are built on: PUBLIC_URL, else the request's own. */
export function originOf(req: Request, publicUrl: string | undefined): string {
  return (publicUrl ?? `${req.protocol}://${req.get('host')}`).replace(/\/+$/, '');
}

/**
 * The link previews of shares (/og/{id}.jpg), rendered once per share version on this replica.
 * Sharing makes the preview at once (spec generate-og-image), so its owner learns whether it
 * worked and the first chat that unfurls the link finds it ready.
 */
export class SharePreviews {
  /** Previews by `{id}:{version}`; a promise, so concurrent first visitors share one render. */
  private readonly images = new Map<string, Promise<SharePreview>>();

  constructor(
    sharedVideos: SharedVideoCache,
    /** A fresh read of a share: a just-made share is not put in the page cache before its photos. */
    private readonly lookup: (id: string) => Promise<PublicSharedVideo | null>,
    private readonly logger: Logger,
  ) {
    // A changed or deleted share's previews go with it: an old link's ?v= is looked up again.
    sharedVideos.onDrop((id) => {
      for (const key of this.images.keys()) if (key.startsWith(`${id}:`)) this.images.delete(key);
    });
  }

  /** A preview rendered before, by the version the page linked (?v=). */
  ready(id: string, version: string): Promise<SharePreview> | undefined {
    return this.images.get(`${id.toLowerCase()}:${version}`);
  }

  /** The share's preview at its current version, rendered now if this replica has none. */
  of(video: PublicSharedVideo, origin: string): Promise<SharePreview> {
    const key = `${video.id.toLowerCase()}:${previewVersion(video)}`;
    let preview = this.images.get(key);
    if (!preview) {
      preview = this.render(video, origin);
      if (this.images.size >= CACHE_SIZE) this.images.delete(this.images.keys().next().value as string);
      this.images.set(key, preview);
    }
    return preview;
  }

  /** Makes a share's preview now: its versioned URL when it shows the share's photo, else null. */
  async make(id: string, origin: string): Promise<string | null> {
    const video = await this.lookup(id);
    if (!video) return null;
    const preview = await this.of(video, origin);
    return preview.custom ? ogImageUrl(origin, video) : null;
  }

  private async render(video: PublicSharedVideo, origin: string): Promise<SharePreview> {
    const started = performance.now();
    try {
      // Without its photo the preview is the title on the warm backdrop: made, but not custom.
      const photo = await this.firstPhoto(video, origin);
      return { image: await renderShareImage(shareImageTitle(video), photo), custom: photo !== undefined };
    } catch (error) {
      this.logger.warn({ err: error, shareId: video.id }, 'preview image failed; default image sent');
      return { image: await defaultSiteImage(), custom: false };
    } finally {
      this.logger.debug(
        { shareId: video.id, ms: Math.round(performance.now() - started) },
        'preview image rendered',
      );
    }
  }

  private async firstPhoto(video: PublicSharedVideo, origin: string): Promise<Buffer | undefined> {
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
}
