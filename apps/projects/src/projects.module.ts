import { projectsOverview } from '@memoreel/contracts';
import { adminOverviewHandler } from '@memoreel/platform';
import { type DynamicModule, Module } from '@nestjs/common';
import { AdminUserProjectsHandler } from './admin-user-projects.handler.js';
import { ProjectsDatabase } from './database/projects-database.js';
import { ExportFriendLinksHandler } from './friend-links/export-friend-links.handler.js';
import { FriendLinksHandlers } from './friend-links/friend-links.handlers.js';
import { FriendLinksRepository } from './friend-links/friend-links.repository.js';
import { FriendLinksService } from './friend-links/friend-links.service.js';
import { AddPhotoWhenStored } from './photos/add-photo-when-stored.js';
import { ExportPhotosHandler } from './photos/export-photos.handler.js';
import { ForgetPhotoWhenDeletedInMedia } from './photos/forget-photo-when-deleted-in-media.js';
import { PendingPhotosHandlers } from './photos/pending-photos.handlers.js';
import { PendingPhotosRepository } from './photos/pending-photos.repository.js';
import { PendingPhotosService } from './photos/pending-photos.service.js';
import { PhotosHandlers } from './photos/photos.handlers.js';
import { PhotosRepository } from './photos/photos.repository.js';
import { PhotosService } from './photos/photos.service.js';
import { PhotosForShareHandlers } from './photos/photos-for-share.handlers.js';
import { ReleaseQuotaWhenPhotoRejected } from './photos/release-quota-when-photo-rejected.js';
import { ReplacePhotoImageWhenEditApplied } from './photos/replace-photo-image-when-edit-applied.js';
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
        PhotosHandlers,
        AddPhotoWhenStored,
        ReplacePhotoImageWhenEditApplied,
        ReleaseQuotaWhenPhotoRejected,
        ForgetPhotoWhenDeletedInMedia,
        PhotosForShareHandlers,
        FriendLinksHandlers,
        PendingPhotosHandlers,
        adminOverviewHandler(projectsOverview, { database: ProjectsDatabase }),
        AdminUserProjectsHandler,
        ExportProjectsHandler,
        ExportPhotosHandler,
        ExportFriendLinksHandler,
      ],
      providers: [
        ProjectsDatabase,
        ProbeRepository,
        ProbeService,
        ProjectsRepository,
        ProjectsService,
        PhotosRepository,
        PhotosService,
        FriendLinksRepository,
        FriendLinksService,
        PendingPhotosRepository,
        PendingPhotosService,
      ],
    };
  }
}
