import { MAX_PHOTO_BYTES, PHOTO_UPLOAD_BATCH_SIZE, PhotoFilterSchema } from '@memoreel/domain';
import { z } from 'zod';
import { defineEvent, defineJob, defineRequest } from '../common/define.js';

export const PhotoQuotaSchema = z.object({
  count: z.number().int().nonnegative(),
  limit: z.number().int().positive(),
  remaining: z.number().int().nonnegative(),
});
export type PhotoQuota = z.infer<typeof PhotoQuotaSchema>;

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

/** Files one upload request may announce: a whole drop (the SPA then uploads 3 at a time). */
export const MAX_UPLOAD_FILES = 100;

export const PhotoUploadSlotSchema = z.object({
  uploadId: z.uuid(),
  fileIndex: z.number().int().nonnegative(),
  url: z.string(),
  headers: z.array(z.object({ name: z.string(), value: z.string() })),
});

export const requestPhotoUploads = defineRequest('media.photo.request-uploads', {
  summary: `Holds a place for each file that fits the project's plan (its stored photos and open uploads counted under the project's lock; a friend's link counts against the owner's plan) and answers a presigned PUT for each, in the order given; files are ${MAX_PHOTO_BYTES} bytes at most and go up ${PHOTO_UPLOAD_BATCH_SIZE} at a time.`,
  request: z.object({
    projectId: z.uuid(),
    files: z.array(PhotoUploadFileSchema).min(1).max(MAX_UPLOAD_FILES),
    /** A friend's upload: quota of the link's project (its owner's plan) is reserved instead, and `projectId` must be the link's. */
    linkId: z.uuid().optional(),
  }),
  reply: z.object({
    slots: z.array(PhotoUploadSlotSchema),
    skipped: z.number().int().nonnegative(),
    quota: PhotoQuotaSchema,
  }),
});

export const PhotoUploadResultSchema = z.object({
  uploadId: z.uuid(),
  /** Set when the object was accepted: the photo's id (the upload id). */
  photoId: z.uuid().nullable(),
  /** The user-facing reason (photoMessages) when the object was refused and deleted. */
  error: z.string().nullable(),
});

export const completePhotoUploads = defineRequest('media.photo.complete-uploads', {
  summary:
    'Verifies each uploaded object without decoding its pixels (size ≤ 10 MB, magic bytes, the pixel limit read from its header, its structure whole to its end marker), converts HEIC/HEIF to JPEG (the one format decoded here), records media.photo.stored; refused objects are deleted and answered with their reason.',
  request: z.object({
    projectId: z.uuid(),
    uploadIds: z.array(z.uuid()).min(1).max(MAX_UPLOAD_FILES),
    /** A friend's upload: the link must still be usable, and the uploads the visitor's own. */
    linkId: z.uuid().optional(),
  }),
  reply: z.object({ results: z.array(PhotoUploadResultSchema) }),
});

/** How long a signed URL of a photo or its thumbnails lasts (spec: 3600 s). */
export const PHOTO_URL_SECONDS = 3600;

export const PhotoUrlsSchema = z.object({
  grid: z.string(),
  strip: z.string(),
  carousel: z.string(),
  full: z.string(),
  /** The 1920-px JPEG the video draws, its filter baked in; null until the derivative of its current filter is made. */
  video: z.string().nullable(),
  /** The filter `video` was baked with: a reader holding a newer filter treats the URL as not ready yet. */
  videoFilter: PhotoFilterSchema.nullable(),
});
export type PhotoUrls = z.infer<typeof PhotoUrlsSchema>;

/** A region of a photo in its own upright pixels (EXIF orientation applied). */
export const PhotoBoxSchema = z.object({
  x: z.number(),
  y: z.number(),
  width: z.number().positive(),
  height: z.number().positive(),
});
export type PhotoBox = z.infer<typeof PhotoBoxSchema>;

/**
 * Where a photo's people are (faces), or its most salient region where it has no face (subject):
 * found once per image by the image job, what "Auto motion" ends on.
 */
export const PhotoSubjectsSchema = z.object({
  kind: z.enum(['faces', 'subject']),
  boxes: z.array(PhotoBoxSchema),
});
export type PhotoSubjects = z.infer<typeof PhotoSubjectsSchema>;

export const getPhotoUrls = defineRequest('media.photo.urls', {
  summary:
    "Signed URLs (3600 s) of the actor's stored photos: WebP thumbnails (null until made), the full image and the filtered 1920-px video derivative (null until made), and where its faces or subject are (null until found); ids of others are left out.",
  request: z.object({ ids: z.array(z.uuid()).max(400) }),
  reply: z.object({
    photos: z.array(
      z.object({ id: z.uuid(), urls: PhotoUrlsSchema.nullable(), subjects: PhotoSubjectsSchema.nullable() }),
    ),
  }),
});

export const photoStored = defineEvent('media.photo.stored', {
  summary:
    'An uploaded photo passed verification and is stored in its project; media makes its thumbnails, video derivative and subjects.',
  data: z.object({
    id: z.uuid(),
    projectId: z.uuid(),
    userId: z.uuid(),
    submittedBy: z.uuid().nullable(),
    storagePath: z.string(),
    originalName: z.string(),
    contentType: z.string(),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
  }),
});

export const photoRejected = defineEvent('media.photo.rejected', {
  summary:
    'An uploaded object failed verification (or never came) and was deleted; the place it held is free.',
  data: z.object({ id: z.uuid(), projectId: z.uuid(), userId: z.uuid(), reason: z.string() }),
});

export const makePhotoThumbnails = defineJob('media.photo.make-thumbnails', {
  summary: 'Makes the WebP thumbnails (grid, strip, carousel) of a stored photo, EXIF orientation applied.',
  data: z.object({ id: z.uuid() }),
});

export const findPhotoSubjects = defineJob('media.photo.find-subjects', {
  summary:
    "Finds where a stored photo's faces are (face-api's SSD MobileNet v1 on tfjs WASM), or its most salient region where it has none (smartcrop), in its upright pixels; again for each new image (an applied AI edit).",
  data: z.object({ id: z.uuid() }),
});

export const makePhotoVideoDerivative = defineJob('media.photo.make-video-derivative', {
  summary:
    "Makes a stored photo's 1920-px JPEG for the video (EXIF orientation applied, never enlarged) with its filter's colour matrix baked in, under a key hashing (object, filter, size); deletes the derivative it replaces.",
  data: z.object({ id: z.uuid() }),
});
