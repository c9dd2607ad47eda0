import {
  PHOTO_STATUSES,
  PhotoCaptionSchema,
  PhotoFilterSchema,
  PhotoTransformsSchema,
} from '@memoreel/domain';
import { z } from 'zod';
import { defineEvent, defineRequest } from '../common/define.js';

/** A photo row as the projects service returns it (transforms already parsed and clamped). */
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

export const PhotoQuotaSchema = z.object({
  count: z.number().int().nonnegative(),
  limit: z.number().int().positive(),
  remaining: z.number().int().nonnegative(),
});
export type PhotoQuota = z.infer<typeof PhotoQuotaSchema>;

/** Most photo ids one call may name (the largest plan's limit). */
const MAX_IDS = 400;
const ProjectId = z.object({ projectId: z.uuid() });
const PhotosReply = z.object({ photos: z.array(PhotoSchema) });

export const listPhotos = defineRequest('projects.photo.list', {
  summary:
    'A project\'s accepted photos in display order (only those of `ids` when given); another user\'s project is NOT_FOUND "Project not found".',
  request: ProjectId.extend({ ids: z.array(z.uuid()).max(MAX_IDS).optional() }),
  reply: PhotosReply,
});

export const getPhotoQuota = defineRequest('projects.photo.quota', {
  summary: "Photos of a project (stored plus uploads in progress), its plan's limit and what remains.",
  request: ProjectId,
  reply: PhotoQuotaSchema,
});

export const reservePhotoUploads = defineRequest('projects.photo.reserve-uploads', {
  summary:
    "Media (as the system) holds quota for up to `count` uploads of `userId`'s project under its row lock (partial when the plan has less room); each reservation counts until its photo is stored or rejected, or it expires. Another user's project is NOT_FOUND.",
  request: ProjectId.extend({
    userId: z.uuid(),
    count: z.number().int().min(1).max(MAX_IDS),
    expiresInSeconds: z
      .number()
      .int()
      .min(60)
      .max(24 * 3600),
  }),
  reply: z.object({ reservations: z.array(z.object({ id: z.uuid() })), quota: PhotoQuotaSchema }),
});

export const deletePhotos = defineRequest('projects.photo.delete', {
  summary:
    "Deletes photos of the actor's project (ids of other projects are ignored), renumbers the rest, and emits projects.photo.deleted for each.",
  request: ProjectId.extend({ ids: z.array(z.uuid()).min(1).max(MAX_IDS) }),
  reply: z.object({ ids: z.array(z.uuid()) }),
});

export const reorderPhoto = defineRequest('projects.photo.reorder', {
  summary:
    'Moves the accepted photo at index `from` to index `to` (0-based) under the project row lock; answers the new order (dense, 0..n-1).',
  request: ProjectId.extend({ from: z.number().int().min(0), to: z.number().int().min(0) }),
  reply: PhotosReply,
});

export const setPhotoFilter = defineRequest('projects.photo.set-filter', {
  summary:
    'Sets one of the eight filters on a photo of the actor\'s project; NOT_FOUND "Photo not found" otherwise.',
  request: z.object({ id: z.uuid(), filter: PhotoFilterSchema }),
  reply: PhotoSchema,
});

/** Any finite numbers: the service clamps them to the spec's bounds (clampTransforms) before storing. */
export const setPhotoTransforms = defineRequest('projects.photo.set-transforms', {
  summary: "Stores a photo's motion clamped to the spec's bounds; answers what was stored.",
  request: z.object({ id: z.uuid(), transforms: PhotoTransformsSchema }),
  reply: PhotoSchema,
});

export const setPhotoCaption = defineRequest('projects.photo.set-caption', {
  summary:
    'Sets or (null) removes a photo\'s caption: one or two lines, at most 100 characters, at the bottom or the top; refused past those limits, NOT_FOUND "Photo not found" for another\'s photo.',
  request: z.object({ id: z.uuid(), caption: PhotoCaptionSchema.nullable() }),
  reply: PhotoSchema,
});

export const photoDeleted = defineEvent('projects.photo.deleted', {
  summary: 'A photo was deleted; media deletes its object, thumbnails and video derivative.',
  data: z.object({ id: z.uuid(), projectId: z.uuid(), userId: z.uuid(), storagePath: z.string() }),
});

/**
 * An upload as the browser announces it. Only its shape is checked here: an oversized or mistyped
 * file still gets its slot and is judged by its stored bytes (media refuses it with its reason),
 * so one bad file cannot fail a whole drop. Browsers send an empty type for files they do not know (HEIC).
 */
export const PhotoUploadFileSchema = z.object({
  name: z.string().min(1).max(255),
  size: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1),
  contentType: z.string().max(100),
});

export const photoFilterChanged = defineEvent('projects.photo.filter-changed', {
  summary:
    "A photo's filter was set to another one; media bakes it into the photo's 1920-px video derivative (the old derivative is deleted once the new one is made).",
  data: z.object({ id: z.uuid(), projectId: z.uuid(), userId: z.uuid(), filter: PhotoFilterSchema }),
});

/**
 * What media takes over of a photo row when the photo moves to media (decision 0030): its place,
 * review state, submitter and look, and when projects last changed any of them (the newer side wins).
 */
export const PhotoExportSchema = z.object({
  id: z.uuid(),
  projectId: z.uuid(),
  displayOrder: z.number().int(),
  status: z.enum(PHOTO_STATUSES),
  submittedBy: z.uuid().nullable(),
  filter: PhotoFilterSchema,
  transforms: PhotoTransformsSchema,
  caption: PhotoCaptionSchema.nullable(),
  updatedAt: z.iso.datetime(),
});
export type PhotoExport = z.infer<typeof PhotoExportSchema>;

export const exportPhotos = defineRequest('projects.photo.export', {
  summary:
    'Every photo row (accepted or pending), a page at a time in id order, for media to take the photos over (decision 0030); the system only.',
  request: z.object({ after: z.uuid().nullable(), limit: z.number().int().min(1).max(1000) }),
  reply: z.object({ photos: z.array(PhotoExportSchema), next: z.uuid().nullable() }),
});
