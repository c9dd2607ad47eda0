import { mediaOverview } from '@memoreel/contracts';
import { adminOverviewHandler, ProjectsLookup } from '@memoreel/platform';
import { type DynamicModule, Module } from '@nestjs/common';
import { MediaDatabase } from './database/media-database.js';
import { FriendLinksHandlers } from './friend-links/friend-links.handlers.js';
import { FriendLinksRepository } from './friend-links/friend-links.repository.js';
import { FriendLinksService } from './friend-links/friend-links.service.js';
import { DeleteEditsWhenPhotoDeleted } from './photo-edits/delete-edits-when-photo-deleted.js';
import { DeleteEditsWhenProjectDeleted } from './photo-edits/delete-edits-when-project-deleted.js';
import { DeleteEditsWhenUserDeleted } from './photo-edits/delete-edits-when-user-deleted.js';
import { PhotoEditCleanupService } from './photo-edits/photo-edit-cleanup.service.js';
import { PhotoEditLive } from './photo-edits/photo-edit-live.js';
import { PhotoEditQueue } from './photo-edits/photo-edit-queue.js';
import { PhotoEditReportsService } from './photo-edits/photo-edit-reports.service.js';
import { PhotoEditResults } from './photo-edits/photo-edit-results.js';
import { PhotoEditsHandlers } from './photo-edits/photo-edits.handlers.js';
import { PhotoEditsRepository } from './photo-edits/photo-edits.repository.js';
import { PhotoEditsService } from './photo-edits/photo-edits.service.js';
import { RecordPhotoEditReports } from './photo-edits/record-photo-edit-reports.js';
import { SweepUnsettledPhotoEdits } from './photo-edits/sweep-unsettled-photo-edits.js';
import { DeleteObjectWhenPhotoDeleted } from './photos/delete-object-when-photo-deleted.js';
import { DeleteObjectsWhenProjectDeleted } from './photos/delete-objects-when-project-deleted.js';
import { EnqueueImageJobsWhenPhotoStored } from './photos/enqueue-image-jobs-when-photo-stored.js';
import { ImageJobsService } from './photos/image-jobs.service.js';
import { MakeThumbnailsJob } from './photos/make-thumbnails.job.js';
import { MakeVideoDerivativeJob } from './photos/make-video-derivative.job.js';
import { PendingPhotosHandlers } from './photos/pending-photos.handlers.js';
import { PendingPhotosRepository } from './photos/pending-photos.repository.js';
import { PendingPhotosService } from './photos/pending-photos.service.js';
import { PhotoCleanupService } from './photos/photo-cleanup.service.js';
import { PhotoRowsHandlers } from './photos/photo-rows.handlers.js';
import { PhotoRowsRepository } from './photos/photo-rows.repository.js';
import { PhotoRowsService } from './photos/photo-rows.service.js';
import { PhotoUrlsService } from './photos/photo-urls.service.js';
import { PhotosHandlers } from './photos/photos.handlers.js';
import { PhotosRepository } from './photos/photos.repository.js';
import { FindSubjectsJob } from './photos/subjects/find-subjects.job.js';
import { PhotoSubjectsService } from './photos/subjects/photo-subjects.service.js';
import { SubjectFinder } from './photos/subjects/subject-finder.js';
import { SweepExpiredUploads } from './photos/sweep-expired-uploads.js';
import { UploadCompletionService } from './photos/upload-completion.service.js';
import { UploadIntakeService } from './photos/upload-intake.service.js';
import { UploadPlaces } from './photos/upload-places.js';
import { UploadsFirst } from './photos/uploads-first.js';
import { KeepProjectReplica } from './project-replica/keep-project-replica.js';
import { ProjectReplicaRepository } from './project-replica/project-replica.repository.js';
import { ProjectReplicaService } from './project-replica/project-replica.service.js';
import { ProjectReplicaBackfill } from './project-replica/project-replica-backfill.js';
import { PhotoStorage } from './storage/photo-storage.js';

/** The media service: photo objects (uploads, verification, thumbnails, filtered video derivatives, signed URLs). */
@Module({})
export class MediaModule {
  static register(): DynamicModule {
    return {
      module: MediaModule,
      controllers: [
        PhotosHandlers,
        PhotoRowsHandlers,
        PendingPhotosHandlers,
        FriendLinksHandlers,
        MakeThumbnailsJob,
        MakeVideoDerivativeJob,
        FindSubjectsJob,
        EnqueueImageJobsWhenPhotoStored,
        DeleteObjectWhenPhotoDeleted,
        DeleteObjectsWhenProjectDeleted,
        PhotoEditsHandlers,
        RecordPhotoEditReports,
        DeleteEditsWhenPhotoDeleted,
        DeleteEditsWhenProjectDeleted,
        DeleteEditsWhenUserDeleted,
        KeepProjectReplica,
        adminOverviewHandler(mediaOverview, { database: MediaDatabase, buckets: [PhotoStorage] }),
      ],
      providers: [
        MediaDatabase,
        PhotoStorage,
        PhotosRepository,
        PhotoRowsRepository,
        PhotoRowsService,
        PendingPhotosRepository,
        PendingPhotosService,
        UploadPlaces,
        FriendLinksRepository,
        FriendLinksService,
        // One per instance: verifications and image jobs share it (uploads first).
        { provide: UploadsFirst, useFactory: () => new UploadsFirst() },
        // One worker thread per instance, started with the first photo: face detection off the event loop.
        { provide: SubjectFinder, useFactory: () => new SubjectFinder() },
        UploadIntakeService,
        UploadCompletionService,
        ImageJobsService,
        PhotoSubjectsService,
        PhotoUrlsService,
        PhotoCleanupService,
        SweepExpiredUploads,
        PhotoEditsRepository,
        PhotoEditQueue,
        PhotoEditResults,
        PhotoEditLive,
        PhotoEditsService,
        PhotoEditReportsService,
        PhotoEditCleanupService,
        SweepUnsettledPhotoEdits,
        ProjectReplicaRepository,
        ProjectReplicaService,
        ProjectsLookup,
        ProjectReplicaBackfill,
      ],
    };
  }
}
