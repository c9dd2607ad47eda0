import {
  countProjects,
  createInitialProject,
  createProject,
  deleteProject,
  getProject,
  listProjects,
  renameProject,
  setProjectTier,
  updateVideoSettings,
} from '@memoreel/contracts';
import { requestHandlers } from '@memoreel/platform';
import { ProjectsService } from './projects.service.js';

/** `projects.project.*`: each request and the one call it makes on the service. */
export const ProjectsHandlers = requestHandlers(ProjectsService, (answer) => [
  answer(listProjects, async (projects, { actor }) => ({ projects: await projects.list(actor) })),
  answer(getProject, (projects, { actor, data }) => projects.get(actor, data.id)),
  answer(countProjects, (projects, { actor }) => projects.count(actor)),
  answer(createProject, (projects, { actor, data }) => projects.create(actor, data.name)),
  answer(createInitialProject, (projects, { actor }) => projects.createInitial(actor)),
  answer(renameProject, (projects, { actor, data }) => projects.rename(actor, data.id, data.name)),
  answer(updateVideoSettings, (projects, { actor, data }) =>
    projects.updateVideoSettings(actor, data.id, data.settings),
  ),
  answer(deleteProject, (projects, { actor, data }) => projects.delete(actor, data.id)),
  answer(setProjectTier, (projects, { actor, data }) => projects.setTier(actor, data.id, data.tier)),
]);
