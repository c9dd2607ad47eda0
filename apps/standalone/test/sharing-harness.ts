import { projectsService } from '@memoreel/projects';
import { startSharing as startSharingService } from '@memoreel/sharing/testing';

export { eventually, type SharingHarness } from '@memoreel/sharing/testing';

/** The sharing service with the real projects service (ownership, projects.project.deleted) on one database and bus. */
export function startSharing() {
  return startSharingService({ services: [projectsService] });
}
