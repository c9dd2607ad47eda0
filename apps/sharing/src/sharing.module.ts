import { type DynamicModule, Module } from '@nestjs/common';
import { AdminOverviewHandler } from './admin-overview.handler.js';
import { SharingDatabase } from './database/sharing-database.js';
import { ConfirmProbeWhenRecorded } from './probe/confirm-probe-when-recorded.js';
import { ProbeCompletionHandler } from './probe/probe-completion.handler.js';
import { DeleteShareWhenProjectDeleted } from './shares/delete-share-when-project-deleted.js';
import { ProjectsLookup } from './shares/projects-lookup.js';
import { SharedVideoMedia } from './shares/shared-video-media.js';
import { SharesHandlers } from './shares/shares.handlers.js';
import { SharesService } from './shares/shares.service.js';

@Module({})
export class SharingModule {
  static register(): DynamicModule {
    return {
      module: SharingModule,
      controllers: [
        ConfirmProbeWhenRecorded,
        ProbeCompletionHandler,
        SharesHandlers,
        DeleteShareWhenProjectDeleted,
        AdminOverviewHandler,
      ],
      providers: [SharingDatabase, SharesService, ProjectsLookup, SharedVideoMedia],
    };
  }
}
