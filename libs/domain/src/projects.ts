import { z } from 'zod';
import { cleanName, hasVisibleCharacter } from './text.js';

/** Projects a user may own at once (spec §5, §9). */
export const MAX_PROJECTS = 10;
/** Projects the dashboard list shows, newest first. */
export const PROJECT_LIST_LIMIT = 20;
/** Photos each listed project carries for its card's grid (media answers them: media.photo.cards). */
export const PROJECT_LIST_PHOTOS = 6;
/** Photos a project card's grid shows; the last tile carries "+N" for the rest. */
export const PROJECT_CARD_PHOTOS = 5;
export const PROJECT_NAME_MAX_LENGTH = 100;
/** The name of the project created for a user who has none. */
export const FIRST_PROJECT_NAME = 'My First Project';

/** The projects texts of spec §5 and §8, for the SPA and the services alike. */
export const projectMessages = {
  name: {
    required: 'Project name is required',
    empty: 'Project name cannot be empty',
    tooLong: `Project name cannot exceed ${PROJECT_NAME_MAX_LENGTH} characters`,
    invalidCharacters: 'Project name contains invalid characters',
  },
  limitReached: `You have reached the limit of ${MAX_PROJECTS} projects. Please delete an existing project to create a new one.`,
  limitTooltip: `You have reached the limit of ${MAX_PROJECTS} projects`,
  idRequired: 'Project ID is required',
  authenticationRequired: 'Authentication required',
  notFound: 'Project not found',
  unauthorized: 'Unauthorized access',
  /** The project screen a load that found nothing shows (spec 2 §8 "Load errors"). */
  notFoundScreen: {
    title: 'Project Not Found',
    body: 'This project may have been deleted or you may not have access to it.',
  },
  /** A project's tier moves only up: billing raises it after a purchase, an admin by hand. */
  tierChangeForbidden: 'Only an administrator can change the tier of a project',
  tierNotUpgrade: 'A project can only be upgraded to a higher tier',
  toasts: {
    firstProjectCreated: 'Created your first project',
    initialProjectFailed: 'Failed to create initial project',
    created: 'Project created',
    createFailed: 'Failed to create project',
    updated: 'Project updated',
    updateFailed: 'Failed to update project',
    deleted: 'Project deleted',
    deleteFailed: 'Failed to delete project',
    nameUpdated: 'Project name updated',
    nameUpdateFailed: 'Failed to update project name',
    renamed: 'Project renamed successfully',
    renameFailed: 'Failed to rename project',
    videoSettingsFailed: 'Failed to update video settings',
    photoOrderFailed: 'Failed to update photo order',
  },
  list: {
    empty: "You don't have any projects yet.",
    createFirst: 'Create Your First Project',
    noPhotos: 'No photos added yet',
  },
} as const;

/** "N of 10 projects used", or the limit text once all are used (the New Project button's tooltip). */
export function projectLimitTooltip(count: number): string {
  return count >= MAX_PROJECTS ? projectMessages.limitTooltip : `${count} of ${MAX_PROJECTS} projects used`;
}

/** The Create New Project dialog's "Using N of 10 available projects". */
export function projectsInUseText(count: number): string {
  return `Using ${count} of ${MAX_PROJECTS} available projects`;
}

export function canCreateProject(count: number): boolean {
  return count < MAX_PROJECTS;
}

const NAME_INVALID_CHARACTERS = /[<>"'&]/;

/**
 * A project name as typed: control and bidi characters stripped and trimmed, then 1 to 100
 * characters, at least one of them visible, without < > " ' &. Parsing yields the cleaned name.
 */
export const ProjectNameSchema = z
  .string({ error: projectMessages.name.required })
  .min(1, projectMessages.name.required)
  .transform(cleanName)
  .pipe(
    z
      .string()
      .min(1, projectMessages.name.empty)
      .refine(hasVisibleCharacter, projectMessages.name.empty)
      .max(PROJECT_NAME_MAX_LENGTH, projectMessages.name.tooLong)
      .refine((name) => !NAME_INVALID_CHARACTERS.test(name), projectMessages.name.invalidCharacters),
  );

export type ProjectNameCheck = { ok: true; name: string } | { ok: false; message: string };

/** The form's check: the cleaned name, or the first problem in the spec's words. */
export function checkProjectName(input: unknown): ProjectNameCheck {
  const result = ProjectNameSchema.safeParse(input);
  if (result.success) return { ok: true, name: result.data };
  return { ok: false, message: result.error.issues[0]?.message ?? projectMessages.name.required };
}
