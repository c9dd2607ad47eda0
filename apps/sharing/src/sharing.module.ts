import { sharingOverview } from '@memoreel/contracts';
import { adminOverviewHandler, ProjectsLookup } from '@memoreel/platform';
import { type DynamicModule, Module } from '@nestjs/common';
import { SharingDatabase } from './database/sharing-database.js';
import { ConfirmProbeWhenRecorded } from './probe/confirm-probe-when-recorded.js';
import { ProbeCompletionHandler } from './probe/probe-completion.handler.js';
import { DeleteShareWhenProjectDeleted } from './shares/delete-share-when-project-deleted.js';
import { SharedVideoMedia } from './shares/shared-video-media.js';
import { SharesHandlers } from './shares/shares.handlers.js';
import { SharesRepository } from './shares/shares.repository.js';
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
        adminOverviewHandler(sharingOverview, { database: SharingDatabase }),
      ],
      providers: [SharingDatabase, SharesRepository, SharesService, ProjectsLookup, SharedVideoMedia],
    };
  }
}
