import { z } from 'zod';
import { defineLive, defineRequest } from '../common/define.js';
import { PhotoQuotaSchema, PhotoSchema } from './photos.js';

/** Spec §5: the one answer for an unknown, deactivated or expired link, wherever it is used. */
export const INVALID_UPLOAD_LINK = 'Invalid or expired upload link';
/** How long a link lives unless the owner picks another (days). */
export const FRIEND_LINK_DEFAULT_DAYS = 7;
export const FRIEND_LINK_MAX_DAYS = 30;

export const FriendLinkSchema = z.object({
  id: z.uuid(),
  projectId: z.uuid(),
  userId: z.uuid(),
  isActive: z.boolean(),
  expiresAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
});
export type FriendLink = z.infer<typeof FriendLinkSchema>;

/** What a visitor holding a valid link may learn: the project's name and who invited them, nothing else. */
export const FriendLinkPublicSchema = z.object({
  id: z.uuid(),
  /** Needed to upload through the link; it opens nothing else. */
  projectId: z.uuid(),
  projectName: z.string(),
  inviterName: z.string(),
  expiresAt: z.iso.datetime(),
});
export type FriendLinkPublic = z.infer<typeof FriendLinkPublicSchema>;

const MAX_IDS = 400;

export const createFriendLink = defineRequest('projects.friend-link.create', {
  summary: `Creates an upload link for the actor's project (${FRIEND_LINK_DEFAULT_DAYS} days unless \`expiresInDays\` says otherwise); \`inviterName\` is shown to visitors. Another user's project is NOT_FOUND.`,
  request: z.object({
    projectId: z.uuid(),
    expiresInDays: z.number().int().min(1).max(FRIEND_LINK_MAX_DAYS).optional(),
    inviterName: z.string().trim().min(1).max(100),
  }),
  reply: FriendLinkSchema,
});

export const listFriendLinks = defineRequest('projects.friend-link.list', {
  summary: "The upload links of the actor's project, newest first; another user's project is NOT_FOUND.",
  request: z.object({ projectId: z.uuid() }),
  reply: z.object({ links: z.array(FriendLinkSchema) }),
});

export const deactivateFriendLink = defineRequest('projects.friend-link.deactivate', {
  summary: "Deactivates one of the actor's upload links (idempotent); anyone else's is NOT_FOUND.",
  request: z.object({ id: z.uuid() }),
  reply: FriendLinkSchema,
});

export const getFriendLink = defineRequest('projects.friend-link.get', {
  summary: `What a visitor sees of an active, unexpired link (project name, inviter); otherwise NOT_FOUND "${INVALID_UPLOAD_LINK}". Anyone may ask.`,
  request: z.object({ id: z.uuid() }),
  reply: FriendLinkPublicSchema,
});

export const reserveFriendUploads = defineRequest('projects.friend-link.reserve-uploads', {
  summary: `Media (as the system) holds quota of the link's project — its OWNER's plan, pending photos included — for up to \`count\` uploads of \`submittedBy\`, under the project's row lock; NOT_FOUND "${INVALID_UPLOAD_LINK}" when the link is not usable or not \`projectId\`'s (checked before anything is held); FRIEND_LINK_HOURLY_LIMIT once the link took FRIEND_LINK_PHOTOS_PER_HOUR photos this hour. Deactivating the link frees what it holds.`,
  request: z.object({
    linkId: z.uuid(),
    /** The project the visitor names: a link of another project reserves nothing. */
    projectId: z.uuid(),
    submittedBy: z.uuid(),
    count: z.number().int().min(1).max(MAX_IDS),
    expiresInSeconds: z
      .number()
      .int()
      .min(60)
      .max(24 * 3600),
  }),
  reply: z.object({
    projectId: z.uuid(),
    ownerId: z.uuid(),
    reservations: z.array(z.object({ id: z.uuid() })),
    quota: PhotoQuotaSchema,
  }),
});

export const checkFriendLink = defineRequest('projects.friend-link.check', {
  summary: `Media (as the system) asks whether a link is still usable and for which project; NOT_FOUND "${INVALID_UPLOAD_LINK}" otherwise.`,
  request: z.object({ linkId: z.uuid() }),
  reply: z.object({ projectId: z.uuid(), ownerId: z.uuid() }),
});

/**
 * What media takes over of a link when the links move to media (decision 0030), with the ids of the
 * uploads it holds places for now (media's rows of them learn their link, so deactivating it frees them).
 */
export const FriendLinkExportSchema = z.object({
  id: z.uuid(),
  projectId: z.uuid(),
  userId: z.uuid(),
  isActive: z.boolean(),
  expiresAt: z.iso.datetime(),
  inviterName: z.string(),
  createdAt: z.iso.datetime(),
  hourStartedAt: z.iso.datetime().nullable(),
  hourPhotos: z.number().int().nonnegative(),
  holds: z.array(z.uuid()),
});
export type FriendLinkExport = z.infer<typeof FriendLinkExportSchema>;

export const exportFriendLinks = defineRequest('projects.friend-link.export', {
  summary:
    'Every upload link with the uploads it holds places for, a page at a time in id order, for media to take the links over (decision 0030); the system only.',
  request: z.object({ after: z.uuid().nullable(), limit: z.number().int().min(1).max(1000) }),
  reply: z.object({ links: z.array(FriendLinkExportSchema), next: z.uuid().nullable() }),
});

const PendingPhotosReply = z.object({ photos: z.array(PhotoSchema) });

export const listPendingPhotos = defineRequest('projects.photo.list-pending', {
  summary: "A project's pending (friend) photos, oldest first; owner only, others NOT_FOUND.",
  request: z.object({ projectId: z.uuid() }),
  reply: PendingPhotosReply,
});

export const acceptPendingPhotos = defineRequest('projects.photo.accept', {
  summary:
    "Accepts pending photos of the actor's project: they join the accepted order last (ids of others or not pending are ignored).",
  request: z.object({ projectId: z.uuid(), ids: z.array(z.uuid()).min(1).max(MAX_IDS) }),
  reply: z.object({ ids: z.array(z.uuid()) }),
});

export const rejectPendingPhotos = defineRequest('projects.photo.reject', {
  summary:
    "Rejects pending photos of the actor's project: their rows go and projects.photo.deleted tells media to delete their objects.",
  request: z.object({ projectId: z.uuid(), ids: z.array(z.uuid()).min(1).max(MAX_IDS) }),
  reply: z.object({ ids: z.array(z.uuid()) }),
});

export const PendingPhotoCountSchema = z.object({
  projectId: z.uuid(),
  projectName: z.string(),
  count: z.number().int().positive(),
});

export const pendingPhotoSummary = defineRequest('projects.photo.pending-summary', {
  summary: "The actor's projects with pending photos and how many each (the header bell).",
  request: z.object({}),
  reply: z.object({ total: z.number().int().nonnegative(), projects: z.array(PendingPhotoCountSchema) }),
});

export const pendingPhotosChanged = defineLive('projects.photo.pending-changed', {
  summary:
    "A user's pending photos changed (a friend's photo arrived, or the owner accepted/rejected); the gateway pushes it only to that user's subscriptions, which refetch the summary.",
  data: z.object({ userId: z.uuid(), projectId: z.uuid(), total: z.number().int().nonnegative() }),
});
