import {
  PHOTO_STATUSES,
  PhotoCaptionSchema,
  PhotoFilterSchema,
  PhotoTransformsSchema,
} from '@memoreel/domain';
import { z } from 'zod';
import { defineRequest } from '../common/define.js';

/*
 * Projects' photo rows and upload links, read once by media when it took them over (decision 0030).
 * Projects writes neither since docs/plans/photo-move.md C6; both requests and their tables go in C7.
 */

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
