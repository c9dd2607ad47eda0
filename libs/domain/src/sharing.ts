import { z } from 'zod';
import { cleanName, cleanText, hasVisibleCharacter } from './text.js';

/** Sharing rules and texts of spec §2 step 8, the shared video page and the error catalogue. */

export const SHARE_TITLE_MAX_LENGTH = 100;
export const SHARE_AUTHOR_MAX_LENGTH = 80;
export const SHARE_MESSAGE_MAX_LENGTH = 1000;
/** The viewer fires its +1 this long after the data loads (spec §6, §9). */
export const SHARE_VIEW_DELAY_MS = 2_000;
/** One viewer counts once per video in this window (signed cookie per video). */
export const SHARE_VIEW_DEDUPE_WINDOW_MS = 30 * 60 * 1000;
/** Views one IP may record per minute across all videos; more are ignored (not counted, no error). */
export const SHARE_VIEWS_PER_IP_PER_MINUTE = 20;
/** The social preview image (spec §9). */
export const OG_IMAGE_WIDTH = 1200;
export const OG_IMAGE_HEIGHT = 630;
export const PRODUCT_NAME = 'Memoreel';
/**
 * Where the shared video page first shows its phone poster (the first photo's 480-px thumbnail):
 * the player is at most ~480 CSS px wide there, so the light image fills it until the full-size one
 * is swapped in. The gateway's first paint and the app use this one query.
 */
export const PHONE_POSTER_MEDIA = '(max-width: 512px)';

export const shareMessages = {
  title: {
    empty: 'Share title cannot be empty',
    tooLong: `Share title cannot exceed ${SHARE_TITLE_MAX_LENGTH} characters`,
  },
  author: { tooLong: `Author name cannot exceed ${SHARE_AUTHOR_MAX_LENGTH} characters` },
  message: { tooLong: `Message cannot exceed ${SHARE_MESSAGE_MAX_LENGTH} characters` },
  notFound: 'Video Not Found',
  shareNotFound: 'Share not found',
  alreadyShared: 'This project is already shared',
  viewer: {
    loading: 'Loading video...',
    notFound: 'Video Not Found',
    notFoundBody: "The video you're looking for doesn't exist or has been removed.",
    returnHome: 'Return Home',
    fallbackTitle: 'Shared Video',
    share: 'Share',
    ctaTitle: 'Create Your Own Video Memory',
    ctaButton: 'Get Started Now',
    ctaText: 'Turn your photos into a video to remember and share, in a few minutes.',
    defaultDescription: 'A video memory made with Memoreel.',
  },
  toasts: {
    invalidProject: 'Invalid project ID',
    checkFailed: 'Failed to check for existing share',
    updateFailed: 'Failed to update share settings',
    shareFailed: 'Failed to share video',
    deleteFailed: 'Failed to delete share',
    updated: 'Share settings updated!',
    deleted: 'Share deleted',
    instagram: 'Copy the link and share it on Instagram',
    created: 'Video shared with custom preview image!',
    createdWithoutPreview: 'Video shared successfully, but custom preview image could not be generated',
    linkCopied: 'Link copied to clipboard!',
    copyFailed: 'Failed to copy link',
  },
} as const;

/** "by {author}". */
export const byAuthor = (author: string) => `by ${author}`;
/** "{n} views". */
export const viewsText = (n: number) => `${n} views`;
/** "Created {date}". */
export const createdText = (date: string) => `Created ${date}`;

/** The title the viewer shows: name, else share_title, else 'Shared Video' (spec shared video page). */
export function sharedVideoTitle(video: { name?: string | null; shareTitle?: string | null }): string {
  const name = video.name?.trim();
  if (name) return name;
  const title = video.shareTitle?.trim();
  if (title) return title;
  return shareMessages.viewer.fallbackTitle;
}

/**
 * The words on a share's link preview: the video's opening title when it has one ("In loving
 * memory of Rose Ellis"), else the title the viewer shows.
 */
export function shareImageTitle(video: {
  name?: string | null;
  shareTitle?: string | null;
  videoSettings?: { opening: { title: string } | null } | null;
}): string {
  return video.videoSettings?.opening?.title.trim() || sharedVideoTitle(video);
}

/** The page title with the product suffix. */
export const sharedVideoPageTitle = (title: string) => `${title} | ${PRODUCT_NAME}`;

/** The shared link format {origin}/v/{shareId}. */
export const sharedVideoUrl = (origin: string, shareId: string) =>
  `${origin.replace(/\/+$/, '')}/v/${shareId}`;

/** A share title as typed: cleaned like a name, 1 to 100 characters with one visible. */
export const ShareTitleSchema = z
  .string({ error: shareMessages.title.empty })
  .transform(cleanName)
  .pipe(
    z
      .string()
      .min(1, shareMessages.title.empty)
      .refine(hasVisibleCharacter, shareMessages.title.empty)
      .max(SHARE_TITLE_MAX_LENGTH, shareMessages.title.tooLong),
  );

/** Optional author: cleaned; blank means none. */
export const ShareAuthorSchema = z
  .string()
  .transform(cleanName)
  .pipe(z.string().max(SHARE_AUTHOR_MAX_LENGTH, shareMessages.author.tooLong))
  .transform((author) => (hasVisibleCharacter(author) ? author : null));

/** Optional message: control characters removed except line breaks; blank means none. */
export const ShareMessageSchema = z
  .string()
  .transform((message) =>
    message
      .split('\n')
      .map((line) => cleanText(line))
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
  )
  .pipe(z.string().max(SHARE_MESSAGE_MAX_LENGTH, shareMessages.message.tooLong))
  .transform((message) => (hasVisibleCharacter(message) ? message : null));

export const ShareSettingsSchema = z.object({
  shareTitle: ShareTitleSchema,
  author: ShareAuthorSchema.nullish().transform((v) => v ?? null),
  message: ShareMessageSchema.nullish().transform((v) => v ?? null),
  showViewCount: z.boolean().default(true),
});
export type ShareSettings = z.output<typeof ShareSettingsSchema>;
