import { type DynamicModule, Module } from '@nestjs/common';
import { AdminOverviewHandler } from './admin-overview.handler.js';
import { MediaDatabase } from './database/media-database.js';
import { DeleteEditsWhenPhotoDeleted } from './photo-edits/delete-edits-when-photo-deleted.js';
import { DeleteEditsWhenProjectDeleted } from './photo-edits/delete-edits-when-project-deleted.js';
import { DeleteEditsWhenUserDeleted } from './photo-edits/delete-edits-when-user-deleted.js';
import { PhotoEditQueue } from './photo-edits/photo-edit-queue.js';
import { PhotoEditsHandlers } from './photo-edits/photo-edits.handlers.js';
import { PhotoEditsRepository } from './photo-edits/photo-edits.repository.js';
import { PhotoEditsService } from './photo-edits/photo-edits.service.js';
import { RecordPhotoEditReports } from './photo-edits/record-photo-edit-reports.js';
import { SweepUnsettledPhotoEdits } from './photo-edits/sweep-unsettled-photo-edits.js';
import { BlobsRepository } from './photos/blobs.repository.js';
import { DeleteObjectWhenPhotoDeleted } from './photos/delete-object-when-photo-deleted.js';
import { DeleteObjectsWhenProjectDeleted } from './photos/delete-objects-when-project-deleted.js';
import { EnqueueImageJobsWhenPhotoStored } from './photos/enqueue-image-jobs-when-photo-stored.js';
import { MakeThumbnailsJob } from './photos/make-thumbnails.job.js';
import { MakeVideoDerivativeJob } from './photos/make-video-derivative.job.js';
import { PhotosHandlers } from './photos/photos.handlers.js';
import { PhotosService } from './photos/photos.service.js';
import { RemakeVideoDerivativeWhenFilterChanged } from './photos/remake-video-derivative-when-filter-changed.js';
import { SweepExpiredUploads } from './photos/sweep-expired-uploads.js';
import { PhotoStorage } from './storage/photo-storage.js';

/** The media service: photo objects (uploads, verification, thumbnails, filtered video derivatives, signed URLs). */
@Module({})
export class MediaModule {
  static register(): DynamicModule {
    return {
      module: MediaModule,
      controllers: [
        PhotosHandlers,
        MakeThumbnailsJob,
        MakeVideoDerivativeJob,
        EnqueueImageJobsWhenPhotoStored,
        RemakeVideoDerivativeWhenFilterChanged,
        DeleteObjectWhenPhotoDeleted,
        DeleteObjectsWhenProjectDeleted,
        PhotoEditsHandlers,
        RecordPhotoEditReports,
        DeleteEditsWhenPhotoDeleted,
        DeleteEditsWhenProjectDeleted,
        DeleteEditsWhenUserDeleted,
        AdminOverviewHandler,
      ],
      providers: [
        MediaDatabase,
        PhotoStorage,
        BlobsRepository,
        PhotosService,
        SweepExpiredUploads,
        PhotoEditsRepository,
        PhotoEditQueue,
        PhotoEditsService,
        SweepUnsettledPhotoEdits,
      ],
    };
  }
}
