import { projectsOverview } from '@memoreel/contracts';
import { adminOverviewHandler } from '@memoreel/platform';
import { type DynamicModule, Module } from '@nestjs/common';
import { AdminUserProjectsHandler } from './admin-user-projects.handler.js';
import { ProjectsDatabase } from './database/projects-database.js';
import { ProbeHandlers } from './probe/probe.handlers.js';
import { ProbeRepository } from './probe/probe.repository.js';
import { ProbeService } from './probe/probe.service.js';
import { DeleteProjectsWhenUserDeleted } from './projects/delete-projects-when-user-deleted.js';
import { ExportProjectsHandler } from './projects/export-projects.handler.js';
import { ProjectsHandlers } from './projects/projects.handlers.js';
import { ProjectsRepository } from './projects/projects.repository.js';
import { ProjectsService } from './projects/projects.service.js';
import { RaiseTierWhenPurchaseCompleted } from './projects/raise-tier-when-purchase-completed.js';

@Module({})
export class ProjectsModule {
  static register(): DynamicModule {
    return {
      module: ProjectsModule,
      controllers: [
        ProbeHandlers,
        ProjectsHandlers,
        RaiseTierWhenPurchaseCompleted,
        DeleteProjectsWhenUserDeleted,
        adminOverviewHandler(projectsOverview, { database: ProjectsDatabase }),
        AdminUserProjectsHandler,
        ExportProjectsHandler,
      ],
      providers: [ProjectsDatabase, ProbeRepository, ProbeService, ProjectsRepository, ProjectsService],
    };
  }
}
