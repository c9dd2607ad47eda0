export { ProjectsModule } from './projects.module.js';
export { projectsService } from './projects.service-definition.js';
