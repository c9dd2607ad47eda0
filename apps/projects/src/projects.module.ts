import { type DynamicModule, Module } from '@nestjs/common';
import { ProjectsDatabase } from './database/projects-database.js';
import { AddPhotoWhenStored } from './photos/add-photo-when-stored.js';
import { PhotosHandlers } from './photos/photos.handlers.js';
import { PhotosRepository } from './photos/photos.repository.js';
import { PhotosService } from './photos/photos.service.js';
import { ReleaseQuotaWhenPhotoRejected } from './photos/release-quota-when-photo-rejected.js';
import { ProbeHandlers } from './probe/probe.handlers.js';
import { ProbeRepository } from './probe/probe.repository.js';
import { ProbeService } from './probe/probe.service.js';
import { DeleteProjectsWhenUserDeleted } from './projects/delete-projects-when-user-deleted.js';
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
        PhotosHandlers,
        AddPhotoWhenStored,
        ReleaseQuotaWhenPhotoRejected,
      ],
      providers: [
        ProjectsDatabase,
        ProbeRepository,
        ProbeService,
        ProjectsRepository,
        ProjectsService,
        PhotosRepository,
        PhotosService,
      ],
    };
  }
}
