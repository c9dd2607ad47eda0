import { createInitialProjectOnServer, fetchProjectCount } from './project-api';

/**
 * The user's first project, as the Get Started flow, the guest gate and the projects page need it.
 * Every caller goes through this file.
 */
export interface InitialProject {
  id: string;
  /** False when the user already had a project and it was reused (spec §4). */
  created: boolean;
}

// Spec §4 "guarded against running twice at once": a second caller shares the first call's answer.
let running: Promise<InitialProject> | null = null;

/** Reuses the user's newest project, or creates "My First Project" when they have none. */
export function createInitialProject(): Promise<InitialProject> {
  running ??= createInitialProjectOnServer()
    .then(({ project, created }) => ({ id: project.id, created }))
    .finally(() => {
      running = null;
    });
  return running;
}

export async function hasAnyProject(): Promise<boolean> {
  return (await fetchProjectCount()).count > 0;
}
