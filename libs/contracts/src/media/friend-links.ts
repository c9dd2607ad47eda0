import { z } from 'zod';
import { defineRequest } from '../common/define.js';
import {
  FRIEND_LINK_DEFAULT_DAYS,
  FRIEND_LINK_MAX_DAYS,
  FriendLinkPublicSchema,
  FriendLinkSchema,
  INVALID_UPLOAD_LINK,
} from '../projects/friend-links.js';

/**
 * Upload links as media answers them once the photo intake lives there (decision 0030,
 * docs/plans/photo-move.md C5): a link only reserves places for photos, so it lives with them. The
 * `media` prefix goes when projects' subjects of the same names do (C6).
 */
export const mediaCreateFriendLink = defineRequest('media.friend-link.create', {
  summary: `Creates an upload link for the actor's project (${FRIEND_LINK_DEFAULT_DAYS} days unless \`expiresInDays\` says otherwise); \`inviterName\` is shown to visitors. Another user's project is NOT_FOUND.`,
  request: z.object({
    projectId: z.uuid(),
    expiresInDays: z.number().int().min(1).max(FRIEND_LINK_MAX_DAYS).optional(),
    inviterName: z.string().trim().min(1).max(100),
  }),
  reply: FriendLinkSchema,
});

export const mediaListFriendLinks = defineRequest('media.friend-link.list', {
  summary: "The upload links of the actor's project, newest first; another user's project is NOT_FOUND.",
  request: z.object({ projectId: z.uuid() }),
  reply: z.object({ links: z.array(FriendLinkSchema) }),
});

export const mediaDeactivateFriendLink = defineRequest('media.friend-link.deactivate', {
  summary:
    "Deactivates one of the actor's upload links (idempotent): the places its open uploads held are the owner's again at once. Anyone else's is NOT_FOUND.",
  request: z.object({ id: z.uuid() }),
  reply: FriendLinkSchema,
});

export const mediaGetFriendLink = defineRequest('media.friend-link.get', {
  summary: `What a visitor sees of an active, unexpired link of a project that still exists (project name, inviter); otherwise NOT_FOUND "${INVALID_UPLOAD_LINK}". Anyone may ask.`,
  request: z.object({ id: z.uuid() }),
  reply: FriendLinkPublicSchema,
});
