import {
  PHOTO_STATUSES,
  PhotoCaptionSchema,
  PhotoFilterSchema,
  PhotoTransformsSchema,
} from '@memoreel/domain';
import { z } from 'zod';
import { defineEvent, defineRequest } from '../common/define.js';
import { PhotoQuotaSchema, PhotoSubjectsSchema, PhotoUrlsSchema } from './photos.js';

/** A photo of a project as media keeps it (transforms already parsed and clamped). */
export const PhotoSchema = z.object({
  id: z.uuid(),
  projectId: z.uuid(),
  userId: z.uuid(),
  /** The object key in the photos bucket (`{projectId}/{uuid}.{ext}`). */
  storagePath: z.string(),
  originalName: z.string(),
  displayOrder: z.number().int(),
  status: z.enum(PHOTO_STATUSES),
  submittedBy: z.uuid().nullable(),
  filter: PhotoFilterSchema,
  transforms: PhotoTransformsSchema,
  /** Its caption (a name, a year), or null; a service from before captions sends none (null). */
  caption: PhotoCaptionSchema.nullable().default(null),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  createdAt: z.iso.datetime(),
});
export type Photo = z.infer<typeof PhotoSchema>;

/**
 * A project's photos as media, their home, answers them (decision 0030): the row with its signed URLs
 * and subjects, so no caller joins two services' answers.
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

export const listPhotos = defineRequest('media.photo.list', {
  summary:
    'A project\'s accepted photos in display order with their URLs (only those of `ids` when given); another user\'s project is NOT_FOUND "Project not found".',
  request: ProjectId.extend({ ids: z.array(z.uuid()).max(MAX_IDS).optional() }),
  reply: PhotosReply,
});

export const photoQuota = defineRequest('media.photo.quota', {
  summary:
    "Photos of the actor's project against its plan: stored (accepted or pending) plus uploads still open, the limit and what remains; another's project is NOT_FOUND.",
  request: ProjectId,
  reply: PhotoQuotaSchema,
});

export const deletePhotos = defineRequest('media.photo.delete', {
  summary:
    "Deletes photos of the actor's project (ids of others are left out) and closes the gap in the order; answers the ids deleted. Their objects go after (media.photo.deleted).",
  request: ProjectId.extend({ ids: z.array(z.uuid()).min(1).max(MAX_IDS) }),
  reply: z.object({ ids: z.array(z.uuid()) }),
});

export const reorderPhoto = defineRequest('media.photo.reorder', {
  summary:
    'Moves the accepted photo at index `from` to index `to` (0-based), one move of a project at a time; answers the new order (dense, 0..n-1).',
  request: ProjectId.extend({ from: z.number().int().min(0), to: z.number().int().min(0) }),
  reply: PhotosReply,
});

export const setPhotoFilter = defineRequest('media.photo.set-filter', {
  summary:
    'Sets one of the eight filters on a photo of the actor\'s project and makes its video derivative again; NOT_FOUND "Photo not found" otherwise.',
  request: z.object({ id: z.uuid(), filter: PhotoFilterSchema }),
  reply: PhotoWithUrlsSchema,
});

/** Any finite numbers: the service clamps them to the spec's bounds (clampTransforms) before storing. */
export const setPhotoTransforms = defineRequest('media.photo.set-transforms', {
  summary: "Stores a photo's motion clamped to the spec's bounds; answers what was stored.",
  request: z.object({ id: z.uuid(), transforms: PhotoTransformsSchema }),
  reply: PhotoWithUrlsSchema,
});

export const setPhotoCaption = defineRequest('media.photo.set-caption', {
  summary:
    'Sets or (null) removes a photo\'s caption: one or two lines, at most 100 characters, at the bottom or the top; refused past those limits, NOT_FOUND "Photo not found" for another\'s photo.',
  request: z.object({ id: z.uuid(), caption: PhotoCaptionSchema.nullable() }),
  reply: PhotoWithUrlsSchema,
});

export const photoDeleted = defineEvent('media.photo.deleted', {
  summary:
    'A photo was deleted from its project; media removes its objects, thumbnails, derivatives and edits.',
  data: z.object({ id: z.uuid(), projectId: z.uuid(), userId: z.uuid(), storagePath: z.string() }),
});
