import { PhotoCaptionSchema, PhotoFilterSchema, PhotoTransformsSchema } from '@memoreel/domain';
import { z } from 'zod';
import { defineEvent, defineRequest } from '../common/define.js';
import { PhotoQuotaSchema, PhotoSchema } from '../projects/photos.js';
import { PhotoSubjectsSchema, PhotoUrlsSchema } from './photos.js';

/**
 * A project's photos as media answers them once it owns them (decision 0030; docs/plans/photo-move.md
 * C4): the row with its signed URLs and subjects, so no caller joins two services' answers. The
 * `media` prefix goes when projects' subjects of the same names do (C6); nothing sends these yet.
 */
export const PhotoWithUrlsSchema = PhotoSchema.extend({
  /** Null until its thumbnails are made; `video` only once the derivative of its current filter is. */
  urls: PhotoUrlsSchema.nullable(),
  subjects: PhotoSubjectsSchema.nullable(),
});
export type PhotoWithUrls = z.infer<typeof PhotoWithUrlsSchema>;

/** Most photo ids one call may name (the largest plan's limit). */
const MAX_IDS = 400;
const ProjectId = z.object({ projectId: z.uuid() });
const PhotosReply = z.object({ photos: z.array(PhotoWithUrlsSchema) });

export const mediaListPhotos = defineRequest('media.photo.list', {
  summary:
    'A project\'s accepted photos in display order with their URLs (only those of `ids` when given); another user\'s project is NOT_FOUND "Project not found".',
  request: ProjectId.extend({ ids: z.array(z.uuid()).max(MAX_IDS).optional() }),
  reply: PhotosReply,
});

export const mediaPhotoQuota = defineRequest('media.photo.quota', {
  summary:
    "Photos of the actor's project against its plan: stored (accepted or pending) plus uploads still open, the limit and what remains; another's project is NOT_FOUND.",
  request: ProjectId,
  reply: PhotoQuotaSchema,
});

export const mediaDeletePhotos = defineRequest('media.photo.delete', {
  summary:
    "Deletes photos of the actor's project (ids of others are left out) and closes the gap in the order; answers the ids deleted. Their objects go after (media.photo.deleted).",
  request: ProjectId.extend({ ids: z.array(z.uuid()).min(1).max(MAX_IDS) }),
  reply: z.object({ ids: z.array(z.uuid()) }),
});

export const mediaReorderPhoto = defineRequest('media.photo.reorder', {
  summary:
    'Moves the accepted photo at index `from` to index `to` (0-based), one move of a project at a time; answers the new order (dense, 0..n-1).',
  request: ProjectId.extend({ from: z.number().int().min(0), to: z.number().int().min(0) }),
  reply: PhotosReply,
});

export const mediaSetPhotoFilter = defineRequest('media.photo.set-filter', {
  summary:
    'Sets one of the eight filters on a photo of the actor\'s project and makes its video derivative again; NOT_FOUND "Photo not found" otherwise.',
  request: z.object({ id: z.uuid(), filter: PhotoFilterSchema }),
  reply: PhotoWithUrlsSchema,
});

/** Any finite numbers: the service clamps them to the spec's bounds (clampTransforms) before storing. */
export const mediaSetPhotoTransforms = defineRequest('media.photo.set-transforms', {
  summary: "Stores a photo's motion clamped to the spec's bounds; answers what was stored.",
  request: z.object({ id: z.uuid(), transforms: PhotoTransformsSchema }),
  reply: PhotoWithUrlsSchema,
});

export const mediaSetPhotoCaption = defineRequest('media.photo.set-caption', {
  summary:
    'Sets or (null) removes a photo\'s caption: one or two lines, at most 100 characters, at the bottom or the top; refused past those limits, NOT_FOUND "Photo not found" for another\'s photo.',
  request: z.object({ id: z.uuid(), caption: PhotoCaptionSchema.nullable() }),
  reply: PhotoWithUrlsSchema,
});

export const mediaPhotoDeleted = defineEvent('media.photo.deleted', {
  summary:
    'A photo was deleted from its project; media removes its objects, thumbnails, derivatives and edits.',
  data: z.object({ id: z.uuid(), projectId: z.uuid(), userId: z.uuid(), storagePath: z.string() }),
});
