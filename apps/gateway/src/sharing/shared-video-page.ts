import type { PublicSharedVideo } from '@memoreel/contracts';
import {
  OG_IMAGE_HEIGHT,
  OG_IMAGE_WIDTH,
  PRODUCT_NAME,
  sharedVideoPageTitle,
  sharedVideoTitle,
  sharedVideoUrl,
  shareMessages,
} from '@memoreel/domain';

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** The preview image's URL: its version changes with the share, so chats and crawlers fetch the new one. */
export const ogImageUrl = (origin: string, video: Pick<PublicSharedVideo, 'id' | 'updatedAt'>) =>
  `${origin}/og/${video.id}.png?v=${Date.parse(video.updatedAt)}`;

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
  return indexHtml.replace(/\s*<meta name="description"[^>]*>/, '').replace(/<title>[\s\S]*?<\/title>/, head);
}
