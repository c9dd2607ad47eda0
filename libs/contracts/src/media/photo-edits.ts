import { AI_EDITING_LEVELS, PHOTO_EDIT_KINDS, PHOTO_EDIT_STATUSES } from '@memoreel/domain';
import { z } from 'zod';
import { defineEvent, defineJob, defineLive, defineRequest } from '../common/define.js';

export const PhotoEditKindSchema = z.enum(PHOTO_EDIT_KINDS);
export const PhotoEditStatusSchema = z.enum(PHOTO_EDIT_STATUSES);

/** An AI edit of a photo as the step-3 dialogs read it (decision 0017). */
export const PhotoEditSchema = z.object({
  id: z.uuid(),
  photoId: z.uuid(),
  projectId: z.uuid(),
  /** The project's owner, so a live push reaches only them. */
  userId: z.uuid(),
  kind: PhotoEditKindSchema,
  status: PhotoEditStatusSchema,
  /** 0–1. */
  progress: z.number().min(0).max(1),
  /** When a worker took the job; null while queued. */
  startedAt: z.iso.datetime().nullable(),
  /** Signed (1 h) URL of the result PNG; only when ready. */
  resultUrl: z.string().nullable(),
  resultWidth: z.number().int().positive().nullable(),
  resultHeight: z.number().int().positive().nullable(),
  /** The spec's error string (photoEditFailure) when failed. */
  error: z.string().nullable(),
});
export type PhotoEdit = z.infer<typeof PhotoEditSchema>;

const EditId = z.object({ id: z.uuid() });

export const startPhotoEdit = defineRequest('media.photo-edit.start', {
  summary:
    "Queues an AI edit of one of the actor's photos (the original stays until applied). NOT_FOUND \"Photo not found\" for another user's photo; UPGRADE_REQUIRED for any edit on a free project (AI editing: none); PHOTO_EDIT_IN_PROGRESS while another edit of the photo is queued or working; PHOTO_EDITS_QUEUE_FULL while MAX_UNFINISHED_PHOTO_EDITS of the actor's edits are.",
  request: z.object({ photoId: z.uuid(), kind: PhotoEditKindSchema }),
  reply: PhotoEditSchema,
});

export const getPhotoEdit = defineRequest('media.photo-edit.get', {
  summary: 'One of the actor\'s photo edits as it is now (for reconnects); NOT_FOUND "Photo edit not found".',
  request: EditId,
  reply: PhotoEditSchema,
});

export const applyPhotoEdit = defineRequest('media.photo-edit.apply', {
  summary:
    "Swaps a ready edit's PNG in as the photo (thumbnails made already, video derivative remade, the old objects deleted) and records media.photo.replaced; answers the photo's new object. Applying again answers the same.",
  request: EditId,
  reply: z.object({
    photoId: z.uuid(),
    projectId: z.uuid(),
    storagePath: z.string(),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
  }),
});

export const discardPhotoEdit = defineRequest('media.photo-edit.discard', {
  summary:
    "Keep Original: deletes the edit's result objects (a running edit's result is deleted when it arrives). True when the edit was discarded now or before.",
  request: EditId,
  reply: z.object({ discarded: z.boolean() }),
});

export const checkPhotoEditWanted = defineRequest('media.photo-edit.check-wanted', {
  summary:
    'The photo-edit worker (as the system) asks, before and between the phases of a job, whether the edit should still run: false once it is discarded, failed, deleted, or its photo changed since it was asked for.',
  request: z.object({ editId: z.uuid() }),
  reply: z.object({ wanted: z.boolean() }),
});

/** The job a photo-edit worker takes: read `sourceKey`, write the PNG to `resultKey` (both in the photos bucket). */
export const PhotoEditJobSchema = z.object({
  editId: z.uuid(),
  photoId: z.uuid(),
  projectId: z.uuid(),
  kind: PhotoEditKindSchema,
  sourceKey: z.string().min(1),
  /** `{projectId}/{editId}.png`: a redelivered job writes the same object again. */
  resultKey: z.string().min(1),
  /** The plan's AI editing level (decision 0028); a job queued before levels existed runs at advanced. */
  level: z.enum(AI_EDITING_LEVELS).default('advanced'),
});
export type PhotoEditJob = z.infer<typeof PhotoEditJobSchema>;

export const runPhotoEdit = defineJob('media.photo-edit.run', {
  summary:
    'Runs an AI edit (background removal or enhancement) on a photo and stores the PNG at resultKey; answered by photo-edit-worker.edit.progressed/finished/failed. One job per worker at a time; in-progress acks while the model runs.',
  data: PhotoEditJobSchema,
});

export const photoEditProgressed = defineEvent('photo-edit-worker.edit.progressed', {
  summary: 'A worker is working on an edit: how far (0–1); the first one marks the edit working.',
  data: z.object({ editId: z.uuid(), progress: z.number().min(0).max(1) }),
});

export const photoEditFinished = defineEvent('photo-edit-worker.edit.finished', {
  summary: "A worker stored an edit's PNG at resultKey; media makes its thumbnails and marks it ready.",
  data: z.object({
    editId: z.uuid(),
    resultKey: z.string().min(1),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    bytes: z.number().int().positive(),
    /** sha256 (hex) of the PNG: names its thumbnails, as for any stored photo. */
    contentHash: z.string().regex(/^[0-9a-f]{64}$/),
    inferenceMs: z.number().nonnegative(),
  }),
});

export const photoEditFailed = defineEvent('photo-edit-worker.edit.failed', {
  summary: 'A worker gave up on an edit (its last delivery failed); the edit fails with this reason.',
  data: z.object({ editId: z.uuid(), reason: z.string() }),
});

export const photoEditChanged = defineLive('media.photo-edit.changed', {
  summary:
    "A photo edit's status or progress moved; pushed to its owner's browser (photoEditChanged subscription).",
  data: PhotoEditSchema,
});

export const photoReplaced = defineEvent('media.photo.replaced', {
  summary:
    "A photo's image was replaced by an applied edit (a new object at storagePath, PNG); the photo's row already names it.",
  data: z.object({
    id: z.uuid(),
    projectId: z.uuid(),
    userId: z.uuid(),
    storagePath: z.string(),
    contentType: z.string(),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
  }),
});
