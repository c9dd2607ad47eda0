import { PhotoCaptionSchema, ShareSettingsSchema } from '@memoreel/domain';
import { z } from 'zod';
import { defineEvent, defineRequest } from '../common/define.js';
import { PhotoBoxSchema } from '../media/photos.js';
import { VideoSettingsSchema } from '../projects/projects.js';

/** A share as its owner sees it (step 8, the dashboard's Shared Videos tab). */
export const ShareSchema = z.object({
  id: z.uuid(),
  projectId: z.uuid(),
  userId: z.uuid(),
  name: z.string().nullable(),
  shareTitle: z.string(),
  author: z.string().nullable(),
  message: z.string().nullable(),
  showViewCount: z.boolean(),
  viewCount: z.number().int().nonnegative(),
  lastViewedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  ogImageUrl: z.string().nullable(),
});
export type Share = z.infer<typeof ShareSchema>;

/** A photo as the public player needs it: a signed URL and what the composition applies. */
export const SharedPhotoSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  filter: z.string(),
  transforms: z.record(z.string(), z.unknown()),
  caption: PhotoCaptionSchema.nullable().default(null),
  width: z.number().int(),
  height: z.number().int(),
  /** Its faces (media's): a 1:1 or 9:16 video's framing keeps them in. */
  faces: z.array(PhotoBoxSchema).default([]),
});

/**
 * What anyone may read of a share: display fields and what the player needs. No owner id, no
 * project id, nothing else (spec get-shared-video-data).
 */
export const PublicSharedVideoSchema = z.object({
  id: z.uuid(),
  name: z.string().nullable(),
  shareTitle: z.string(),
  author: z.string().nullable(),
  message: z.string().nullable(),
  showViewCount: z.boolean(),
  /** Null when the owner hid the count. */
  viewCount: z.number().int().nonnegative().nullable(),
  createdAt: z.iso.datetime(),
  /** Changes whenever the share does: the OG image cache key. */
  updatedAt: z.iso.datetime(),
  ogImageUrl: z.string().nullable(),
  videoSettings: VideoSettingsSchema,
  photos: z.array(SharedPhotoSchema),
  /**
   * The page's first paint (its LCP image): the first photo's carousel WebP, a sixth of the
   * derivative's bytes, when it has no filter (thumbnails carry none); else its filtered URL.
   */
  posterUrl: z.string().nullable(),
  /**
   * The same photo for a phone-wide page: its 480-px grid WebP (a few dozen KB, the LCP on a
   * phone; the app swaps `posterUrl` in once the page is idle) when it has no filter; else null.
   */
  phonePosterUrl: z.string().nullable(),
  /** A signed URL to play each track of `videoSettings.music.timelineTracks` (by track id); a deleted track has none. */
  musicUrls: z.array(
    z.object({ id: z.string(), url: z.string(), beats: z.array(z.number().nonnegative()).nullable() }),
  ),
  /** The rendered MP4 when one exists (render issue); otherwise the player plays the composition. */
  videoUrl: z.string().nullable(),
});
export type PublicSharedVideo = z.infer<typeof PublicSharedVideoSchema>;

const ShareId = z.object({ id: z.uuid() });

export const getShareByProject = defineRequest('sharing.share.get-by-project', {
  summary: "The share of one of the actor's projects, or null (the projects service checks ownership).",
  request: z.object({ projectId: z.uuid() }),
  reply: z.object({ share: ShareSchema.nullable() }),
});

export const listShares = defineRequest('sharing.share.list', {
  summary: "The actor's shares, newest first (the dashboard's Shared Videos tab).",
  request: z.object({}),
  reply: z.object({ shares: z.array(ShareSchema) }),
});

export const createShare = defineRequest('sharing.share.create', {
  summary: "Shares one of the actor's projects; CONFLICT when it is already shared (one share per project).",
  request: z.object({ projectId: z.uuid(), settings: ShareSettingsSchema }),
  reply: ShareSchema,
});

export const updateShare = defineRequest('sharing.share.update', {
  summary: "Changes a share's title, author, message and view-count toggle; owner only.",
  request: ShareId.extend({ settings: ShareSettingsSchema }),
  reply: ShareSchema,
});

export const deleteShare = defineRequest('sharing.share.delete', {
  summary: 'Deletes a share; owner only. The link stops working at once.',
  request: ShareId,
  reply: z.object({ id: z.uuid() }),
});

export const getSharedVideo = defineRequest('sharing.video.get', {
  summary:
    'The public read of a share for anyone: display fields and what the player needs; NOT_FOUND "Video Not Found".',
  request: ShareId,
  reply: PublicSharedVideoSchema,
});

export const recordShareView = defineRequest('sharing.video.record-view', {
  summary:
    'Counts a view unless this viewer was counted for this video in the last 30 min or the IP is over its rate; keeps last_viewed_at.',
  request: ShareId.extend({
    /** A stable, opaque id of the viewer (the gateway's signed cookie). */
    viewerKey: z.string().min(8).max(128),
    /** An opaque key of the client's IP (the gateway hashes it). */
    ipKey: z.string().min(8).max(128),
  }),
  reply: z.object({ counted: z.boolean(), viewCount: z.number().int().nonnegative() }),
});

export const shareDeleted = defineEvent('sharing.share.deleted', {
  summary: 'A share was deleted (by its owner or with its project); caches of its preview image drop it.',
  data: z.object({ id: z.uuid(), projectId: z.uuid(), userId: z.uuid() }),
});

/** A field of a share's display settings as it was and as it is: text, or `true`/`false` for the view count. */
export const ShareChangeSchema = z.object({
  field: z.enum(['shareTitle', 'author', 'message', 'showViewCount']),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type ShareChange = z.infer<typeof ShareChangeSchema>;

export const shareUpdated = defineEvent('sharing.share.updated', {
  summary:
    "A share's display settings were edited (by its owner or an admin): the fields that changed; auth logs an admin's edit of someone else's share.",
  data: z.object({
    id: z.uuid(),
    projectId: z.uuid(),
    userId: z.uuid(),
    changes: z.array(ShareChangeSchema),
  }),
});
