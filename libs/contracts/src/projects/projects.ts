import {
  CARD_FONT_IDS,
  ClosingCardSchema,
  OpeningCardSchema,
  ProjectNameSchema,
  TierSchema,
  TimelineTrackSchema,
  TRANSITIONS,
} from '@memoreel/domain';
import { z } from 'zod';
import { defineEvent, defineRequest } from '../common/define.js';

/** Far more placements than any video needs; bounds what one update may carry. */
const MAX_TIMELINE_TRACKS = 200;

/** video_settings as services return them: always complete, already parsed with `parseVideoSettings`. */
export const VideoSettingsSchema = z.object({
  durationPerPhoto: z.number(),
  transition: z.enum(TRANSITIONS),
  cutOnBeat: z.boolean(),
  music: z.object({
    type: z.enum(['default', 'custom']),
    selection: z.string(),
    customPath: z.string().nullable(),
    timelineTracks: z.array(TimelineTrackSchema),
  }),
  width: z.number().int(),
  height: z.number().int(),
  // Left out by a service from before cards: none, and the default face.
  opening: OpeningCardSchema.nullable().default(null),
  closing: ClosingCardSchema.nullable().default(null),
  font: z.enum(CARD_FONT_IDS).default('serif'),
});

/**
 * A settings update: any subset of the fields, typed. The service merges it into the stored
 * settings and parses the result like a read, so a value out of range (a duration per photo of
 * 20 s, an unknown transition) falls back to its default (spec §5).
 */
export const VideoSettingsUpdateSchema = z.object({
  durationPerPhoto: z.number().optional(),
  transition: z.string().max(100).optional(),
  cutOnBeat: z.boolean().optional(),
  music: z
    .object({
      type: z.string().max(100).optional(),
      selection: z.string().max(1000).optional(),
      customPath: z.string().max(1000).nullable().optional(),
      timelineTracks: z.array(TimelineTrackSchema).max(MAX_TIMELINE_TRACKS).optional(),
    })
    .optional(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  /** A card is checked here (its limits, a clear error, nothing saved); null removes it. */
  opening: OpeningCardSchema.nullable().optional(),
  closing: ClosingCardSchema.nullable().optional(),
  font: z.enum(CARD_FONT_IDS).optional(),
});
export type VideoSettingsUpdate = z.infer<typeof VideoSettingsUpdateSchema>;

export const ProjectSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  name: z.string(),
  /** The project's tier; a stored empty or unknown value reads as free. */
  product: TierSchema,
  videoSettings: VideoSettingsSchema,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Project = z.infer<typeof ProjectSchema>;

/** A rendered video of a project (filled in by the render issue). */
export const ProjectVideoSchema = z.object({ id: z.uuid(), status: z.string(), createdAt: z.iso.datetime() });

/** A project as the dashboard lists it, with its videos (its card's photos are media's: `media.photo.cards`). */
export const ProjectListItemSchema = ProjectSchema.extend({ videos: z.array(ProjectVideoSchema) });
export type ProjectListItem = z.infer<typeof ProjectListItemSchema>;

/** Codes of project failures beyond the shared ones (messages in `projectMessages` of @memoreel/domain). */
export const projectErrorCodes = {
  limitReached: 'project_limit_reached',
  tierNotUpgrade: 'tier_not_upgrade',
} as const;

const ProjectId = z.object({ id: z.uuid() });

export const listProjects = defineRequest('projects.project.list', {
  summary:
    "The actor's projects, newest first, at most 20, each with its videos (its photos are media's: media.photo.cards).",
  request: z.object({}),
  reply: z.object({ projects: z.array(ProjectListItemSchema) }),
});

export const getProject = defineRequest('projects.project.get', {
  summary:
    'One project, for its owner or an admin: NOT_FOUND "Project not found" when missing or another user owns it.',
  request: ProjectId,
  reply: ProjectSchema,
});

export const countProjects = defineRequest('projects.project.count', {
  summary: 'How many projects the actor owns, and the limit (10).',
  request: z.object({}),
  reply: z.object({ count: z.number().int().nonnegative(), limit: z.number().int().positive() }),
});

export const createProject = defineRequest('projects.project.create', {
  summary: 'Creates a project; project_limit_reached once the actor owns 10.',
  request: z.object({ name: ProjectNameSchema }),
  reply: ProjectSchema,
});

export const createInitialProject = defineRequest('projects.project.create-initial', {
  summary:
    'Returns the actor\'s newest project, or creates "My First Project" when there is none (safe to call concurrently).',
  request: z.object({}),
  reply: z.object({ project: ProjectSchema, created: z.boolean() }),
});

export const renameProject = defineRequest('projects.project.rename', {
  summary: "Renames one of the actor's projects.",
  request: ProjectId.extend({ name: ProjectNameSchema }),
  reply: ProjectSchema,
});

export const updateVideoSettings = defineRequest('projects.project.update-video-settings', {
  summary: "Merges the given fields into a project's video_settings; malformed fields fall back to defaults.",
  request: ProjectId.extend({ settings: VideoSettingsUpdateSchema }),
  reply: ProjectSchema,
});

export const deleteProject = defineRequest('projects.project.delete', {
  summary: "Deletes one of the actor's projects and emits projects.project.deleted in the same transaction.",
  request: ProjectId,
  reply: z.object({ id: z.uuid() }),
});

export const setProjectTier = defineRequest('projects.project.set-tier', {
  summary:
    "Raises a project's tier (admin or system actors only); tier_not_upgrade for the same or a lower tier.",
  request: ProjectId.extend({ tier: TierSchema }),
  reply: ProjectSchema,
});

export const projectCreated = defineEvent('projects.project.created', {
  summary: 'A project was created.',
  data: z.object({ id: z.uuid(), userId: z.uuid(), name: z.string(), product: TierSchema }),
});

export const projectDeleted = defineEvent('projects.project.deleted', {
  summary: 'A project was deleted; other services drop what belongs to it (photos, shares, renders).',
  data: z.object({ id: z.uuid(), userId: z.uuid() }),
});

export const projectTierChanged = defineEvent('projects.project.tier-changed', {
  summary: "A project's tier was raised (after a purchase, or by an admin).",
  data: z.object({ id: z.uuid(), userId: z.uuid(), from: TierSchema, to: TierSchema }),
});

export const projectRenamed = defineEvent('projects.project.renamed', {
  summary: 'A project was renamed (its owner, the new name).',
  data: z.object({ id: z.uuid(), userId: z.uuid(), name: z.string() }),
});

/**
 * A project as a replica in another service keeps it (decision 0030): owner, tier, name and when it
 * was made; `updatedAt` dates the name, so an older rename event arriving later does not undo it.
 */
export const ProjectOwnerTierSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  tier: TierSchema,
  name: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type ProjectOwnerTier = z.infer<typeof ProjectOwnerTierSchema>;

export const exportProjects = defineRequest('projects.project.export', {
  summary:
    "Every project's owner, tier and name, a page at a time in id order, for media's replica of projects (decision 0030); the system only.",
  request: z.object({ after: z.uuid().nullable(), limit: z.number().int().min(1).max(1000) }),
  reply: z.object({ projects: z.array(ProjectOwnerTierSchema), next: z.uuid().nullable() }),
});
