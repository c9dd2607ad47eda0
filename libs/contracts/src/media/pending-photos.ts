import { z } from 'zod';
import { defineLive, defineRequest } from '../common/define.js';
import { PhotoWithUrlsSchema } from './photo-rows.js';

/* Friends' photos waiting for the owner, and the dashboard's card photos (media owns the photo, decision 0030). */

/** Most photo ids one call may name (the largest plan's limit). */
const MAX_IDS = 400;
const Ids = z.object({ projectId: z.uuid(), ids: z.array(z.uuid()).min(1).max(MAX_IDS) });

export const listPendingPhotos = defineRequest('media.photo.list-pending', {
  summary:
    'A project\'s pending (friend) photos with their URLs, oldest first; owner only, others NOT_FOUND "Project not found".',
  request: z.object({ projectId: z.uuid() }),
  reply: z.object({ photos: z.array(PhotoWithUrlsSchema) }),
});

export const acceptPendingPhotos = defineRequest('media.photo.accept', {
  summary:
    "Accepts pending photos of the actor's project: they join the accepted order last, in the order they arrived (ids of others or not pending are left out).",
  request: Ids,
  reply: z.object({ ids: z.array(z.uuid()) }),
});

export const rejectPendingPhotos = defineRequest('media.photo.reject', {
  summary:
    "Rejects pending photos of the actor's project: they leave it at once and media.photo.deleted removes their objects.",
  request: Ids,
  reply: z.object({ ids: z.array(z.uuid()) }),
});

export const PendingPhotoCountSchema = z.object({
  projectId: z.uuid(),
  projectName: z.string(),
  count: z.number().int().positive(),
});

export const pendingPhotoSummary = defineRequest('media.photo.pending-summary', {
  summary:
    "The actor's projects with pending photos and how many each, newest project first (the header bell).",
  request: z.object({}),
  reply: z.object({ total: z.number().int().nonnegative(), projects: z.array(PendingPhotoCountSchema) }),
});

export const pendingPhotosChanged = defineLive('media.photo.pending-changed', {
  summary:
    "A user's pending photos changed (a friend's photo arrived, or the owner accepted or rejected some); the gateway pushes it only to that user's subscriptions, which refetch the summary.",
  data: z.object({ userId: z.uuid(), projectId: z.uuid(), total: z.number().int().nonnegative() }),
});

/** Most projects one call may name (the dashboard shows 20). */
const MAX_CARDS = 20;

export const photoCards = defineRequest('media.photo.cards', {
  summary:
    "For each of the actor's projects named, its photo count and the signed grid thumbnails of its first 6 photos in order (a photo without one yet is left out); others' projects are left out.",
  request: z.object({ projectIds: z.array(z.uuid()).max(MAX_CARDS) }),
  reply: z.object({
    cards: z.array(
      z.object({
        projectId: z.uuid(),
        count: z.number().int().nonnegative(),
        photos: z.array(z.object({ id: z.uuid(), url: z.string() })),
      }),
    ),
  }),
});
