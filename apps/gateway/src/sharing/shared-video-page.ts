import { createHash } from 'node:crypto';
import type { PublicSharedVideo } from '@memoreel/contracts';
import {
  byAuthor,
  OG_IMAGE_HEIGHT,
  OG_IMAGE_WIDTH,
  PHONE_POSTER_MEDIA,
  PRODUCT_NAME,
  sharedVideoPageTitle,
  sharedVideoTitle,
  sharedVideoUrl,
  shareMessages,
  videoFrameCss,
  viewsText,
} from '@memoreel/domain';
import { OG_IMAGE_TYPE } from './og-image.js';
import { toSharedVideoModel } from './share.model.js';

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

type PreviewSource = Pick<PublicSharedVideo, 'id' | 'updatedAt' | 'photos'>;

/**
 * The preview image's version: it changes with the share and with its first photo (reordered,
 * replaced or refiltered: the storage key names the image's content), so chats and crawlers fetch
 * the new one and the gateway renders it again. The URL's signature is left out: it changes hourly.
 */
export function previewVersion(video: PreviewSource): string {
  const photo = video.photos[0]?.url;
  const photoKey = photo ? new URL(photo, 'http://localhost').pathname : '';
  return createHash('sha256').update(`${video.updatedAt}\n${photoKey}`).digest('base64url').slice(0, 12);
}

/** The preview image's URL, versioned (see previewVersion). */
export const ogImageUrl = (origin: string, video: PreviewSource) =>
  `${origin}/og/${video.id}.jpg?v=${previewVersion(video)}`;

/** The head tags crawlers read (they run no JavaScript): spec "Page metadata" of the shared video page. */
export function sharedVideoMeta(origin: string, video: PublicSharedVideo): string {
  const title = sharedVideoPageTitle(sharedVideoTitle(video));
  const description = (video.message ?? shareMessages.viewer.defaultDescription)
    .replace(/\s+/g, ' ')
    .slice(0, 300);
  const url = sharedVideoUrl(origin, video.id);
  const image = ogImageUrl(origin, video);
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    '<meta name="robots" content="index, follow" />',
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:site_name" content="${PRODUCT_NAME}" />`,
    '<meta property="og:type" content="video.other" />',
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    `<meta property="og:image:type" content="${OG_IMAGE_TYPE}" />`,
    `<meta property="og:image:width" content="${OG_IMAGE_WIDTH}" />`,
    `<meta property="og:image:height" content="${OG_IMAGE_HEIGHT}" />`,
    '<meta name="twitter:card" content="summary_large_image" />',
    `<meta name="twitter:title" content="${escapeHtml(title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(description)}" />`,
    `<meta name="twitter:image" content="${escapeHtml(image)}" />`,
  ];
  return tags.join('\n    ');
}

/** The not-found page's head: never indexed. */
export function notFoundMeta(): string {
  return [
    `<title>${escapeHtml(sharedVideoPageTitle(shareMessages.viewer.notFound))}</title>`,
    '<meta name="robots" content="noindex" />',
  ].join('\n    ');
}

/** The SPA shell with its <title> and description replaced by `head`. */
export function withHead(indexHtml: string, head: string): string {
  return indexHtml
    .replace(/\s*<meta name="description"[^>]*>/, '')
    .replace(/<title>[\s\S]*?<\/title>/, () => head);
}

/** lucide's Play icon as the app draws it in the player's play button (ml-1 size-9). */
const PLAY_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-play ml-1 size-9" aria-hidden="true"><path d="M5 5a2 2 0 0 1 3.008-1.728l11.997 6.998a2 2 0 0 1 .003 3.458l-12 7A2 2 0 0 1 5 19z"></path></svg>';

/** The id of the JSON block the viewer reads its first data from (apps/web shared-video-page.tsx). */
export const SHARED_VIDEO_DATA_ID = 'shared-video-data';

/**
 * The viewer's first paint, sent in the HTML so a phone shows the title and the player frame
 * before any script runs (LCP); the SPA takes it over like the prerendered landing pages
 * (`data-prerendered`), from the same data, embedded as JSON (not executed, so the CSP allows it).
 * The markup mirrors apps/web/src/features/shares/shared-video-page.tsx class for class.
 */
/** The player's box in the video's format, as the SPA's player sizes it (libs/domain `videoFrameCss`). */
function playerFrameStyle(video: PublicSharedVideo): string {
  const css = videoFrameCss(video.videoSettings);
  return `aspect-ratio: ${css.aspectRatio}; width: ${css.width}; margin-inline: ${css.marginInline}`;
}

export function sharedVideoBody(video: PublicSharedVideo): string {
  const title = escapeHtml(sharedVideoTitle(video));
  const first = video.photos[0];
  const poster = video.posterUrl ?? first?.url;
  // A phone loads the light thumbnail first (its LCP); the app swaps the full photo in later.
  const phoneSource = video.phonePosterUrl
    ? `<source media="${PHONE_POSTER_MEDIA}" srcset="${escapeHtml(video.phonePosterUrl)}" />`
    : '';
  const size = first ? ` width="${first.width}" height="${first.height}"` : '';
  const still = poster
    ? `<picture class="block size-full">${phoneSource}<img src="${escapeHtml(poster)}" alt=""${size} class="size-full object-cover" fetchpriority="high" /></picture><span class="absolute inset-0 m-auto flex size-20 items-center justify-center rounded-full bg-white/90 text-neutral-900 shadow-lg">${PLAY_ICON}</span>`
    : `<div class="flex size-full items-end bg-gradient-to-br from-[#3b2a22] to-[#8a5a44] p-4 sm:p-8"><p class="line-clamp-2 font-display text-lg text-white/90 sm:text-3xl">${title}</p></div>`;
  const views =
    video.showViewCount && video.viewCount !== null
      ? `<span class="inline-flex items-center gap-1">${escapeHtml(viewsText(video.viewCount))}</span>`
      : '';
  const data = JSON.stringify(toSharedVideoModel(video)).replace(/</g, '\\u003c');
  return `<div id="root" data-prerendered inert>
  <header class="sticky top-0 z-40 border-b border-border/70 bg-background/85 backdrop-blur-md"><div class="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6"><span class="font-display text-xl">${PRODUCT_NAME}</span></div></header>
  <main id="main" class="outline-none"><div class="mx-auto w-full max-w-5xl space-y-8 px-4 py-6 sm:px-8 sm:py-10">
    <div class="group relative overflow-hidden rounded-2xl bg-neutral-900 shadow-xl ring-1 ring-black/10" style="${playerFrameStyle(video)}" data-testid="shared-video-player">${still}</div>
    <section class="space-y-3">
      <div class="flex flex-wrap items-start justify-between gap-4"><div class="min-w-0">
        <h1 class="break-words font-display font-semibold text-3xl tracking-tight sm:text-4xl">${title}</h1>
        ${video.author ? `<p class="mt-1 text-lg text-muted-foreground">${escapeHtml(byAuthor(video.author))}</p>` : ''}
      </div><span class="inline-flex h-10 shrink-0 items-center justify-center gap-2 rounded-md border border-input bg-background px-4 py-2 font-medium text-sm">${escapeHtml(shareMessages.viewer.share)}</span></div>
      ${video.message ? `<p class="whitespace-pre-line text-base leading-relaxed">${escapeHtml(video.message)}</p>` : ''}
      <p class="flex flex-wrap items-center gap-x-4 gap-y-1 text-muted-foreground text-sm">${views}</p>
    </section>
    <section class="rounded-2xl border bg-card p-6 text-center shadow-sm sm:p-10">
      <h2 class="font-display font-semibold text-2xl">${escapeHtml(shareMessages.viewer.ctaTitle)}</h2>
      <p class="mx-auto mt-2 max-w-xl text-muted-foreground">${escapeHtml(shareMessages.viewer.ctaText)}</p>
      <span class="mt-6 inline-flex h-12 items-center justify-center rounded-md bg-primary px-6 font-medium text-base text-primary-foreground shadow-sm">${escapeHtml(shareMessages.viewer.ctaButton)}</span>
    </section>
  </div></main>
</div>
<script type="application/json" id="${SHARED_VIDEO_DATA_ID}">${data}</script>`;
}

/** The shell with the viewer's first paint in place of its empty root. */
export function withBody(indexHtml: string, body: string): string {
  return indexHtml.replace(/<div id="root"><\/div>/, () => body);
}
