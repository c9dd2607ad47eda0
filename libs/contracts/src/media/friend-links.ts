import { z } from 'zod';
import { defineRequest } from '../common/define.js';

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

/*
 * Upload links live in media with the photo intake (decision 0030): a link only reserves places for
 * photos, so it lives with them.
 */

export const createFriendLink = defineRequest('media.friend-link.create', {
  summary: `Creates an upload link for the actor's project (${FRIEND_LINK_DEFAULT_DAYS} days unless \`expiresInDays\` says otherwise); \`inviterName\` is shown to visitors. Another user's project is NOT_FOUND.`,
  request: z.object({
    projectId: z.uuid(),
    expiresInDays: z.number().int().min(1).max(FRIEND_LINK_MAX_DAYS).optional(),
    inviterName: z.string().trim().min(1).max(100),
  }),
  reply: FriendLinkSchema,
});

export const listFriendLinks = defineRequest('media.friend-link.list', {
  summary: "The upload links of the actor's project, newest first; another user's project is NOT_FOUND.",
  request: z.object({ projectId: z.uuid() }),
  reply: z.object({ links: z.array(FriendLinkSchema) }),
});

export const deactivateFriendLink = defineRequest('media.friend-link.deactivate', {
  summary:
    "Deactivates one of the actor's upload links (idempotent): the places its open uploads held are the owner's again at once. Anyone else's is NOT_FOUND.",
  request: z.object({ id: z.uuid() }),
  reply: FriendLinkSchema,
});

export const getFriendLink = defineRequest('media.friend-link.get', {
  summary: `What a visitor sees of an active, unexpired link of a project that still exists (project name, inviter); otherwise NOT_FOUND "${INVALID_UPLOAD_LINK}". Anyone may ask.`,
  request: z.object({ id: z.uuid() }),
  reply: FriendLinkPublicSchema,
});
