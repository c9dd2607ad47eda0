import type { Actor, Project } from '@memoreel/contracts';
import { projectMessages } from '@memoreel/domain';
import { ownedOrNotFound, requireSignedIn } from '@memoreel/platform';
import type { ProjectsDatabase, ProjectsTransaction } from '../database/projects-database.js';
import type { ProjectsRepository } from './projects.repository.js';

/**
 * A project the actor may change: theirs. Anyone else's (or none) is "Project not found", so no
 * one learns it exists; admins read others' projects elsewhere but do not change them.
 */
export async function ownedProject(
  projects: ProjectsRepository,
  db: ProjectsTransaction | ProjectsDatabase,
  actor: Actor,
  id: string,
): Promise<Project> {
  const userId = requireSignedIn(actor);
  const project = await projects.getById(db, id);
  return ownedOrNotFound(project, (found) => found.userId, userId, projectMessages.notFound);
}
