import type { Actor, ReplyOf, RequestOf, requestPhotoUploads } from '@memoreel/contracts';
import { MAX_PHOTO_BYTES, PHOTO_CONTENT_TYPES } from '@memoreel/domain';
import { requireSignedIn, SERVICE_CONTEXT, type ServiceContext } from '@memoreel/platform';
import { Inject, Injectable } from '@nestjs/common';
import { MediaDatabase } from '../database/media-database.js';
import { PHOTOS_BUCKET, PhotoStorage } from '../storage/photo-storage.js';
import { uploadExtension, uploadKey } from './photo-keys.js';
import { PhotosRepository } from './photos.repository.js';
import { UploadQuota } from './upload-quota.js';
import { UPLOAD_RESERVATION_SECONDS, uploadUrlSecondsOf } from './upload-window.js';

/** The type a PUT must declare: an image type the browser named, else one that stores nothing as an image. */
const uploadContentType = (declared: string) =>
  (PHOTO_CONTENT_TYPES as readonly string[]).includes(declared) ? declared : 'application/octet-stream';

/**
 * The start of an upload: quota held in projects, a row per upload that got a place, and a
 * presigned PUT to its staging key. Nothing is judged here; the completion does that.
 */
@Injectable()
export class UploadIntakeService {
  private readonly uploadUrlSeconds: number;

  constructor(
    private readonly database: MediaDatabase,
    private readonly photos: PhotosRepository,
    private readonly quota: UploadQuota,
    private readonly photoStorage: PhotoStorage,
    @Inject(SERVICE_CONTEXT) context: ServiceContext,
  ) {
    this.uploadUrlSeconds = uploadUrlSecondsOf(context);
  }

  /** Quota first (atomically, in projects), then one presigned PUT per file that fits, in the order given. */
  async requestUploads(
    actor: Actor,
    request: RequestOf<typeof requestPhotoUploads>,
  ): Promise<ReplyOf<typeof requestPhotoUploads>> {
    const userId = requireSignedIn(actor);
    const { projectId, files } = request;
    // Taken before the reservation is: an upload never outlives the quota held for it.
    const uploadExpiresAt = new Date(Date.now() + UPLOAD_RESERVATION_SECONDS * 1000);
    // A friend's upload (through a link) is held against the link's project, under its owner's plan.
    const { reservations, quota, ownerId, submittedBy } = request.linkId
      ? await this.quota.reserveForFriend(userId, request.linkId, projectId, files.length)
      : await this.quota.reserve(userId, projectId, files.length);
    const uploads = reservations.map(({ id }, fileIndex) => {
      const file = files[fileIndex] as (typeof files)[number];
      return {
        id,
        fileIndex,
        userId: ownerId,
        submittedBy,
        projectId,
        storagePath: uploadKey(projectId, id, uploadExtension(file.name, file.contentType)),
        originalName: file.name,
        contentType: uploadContentType(file.contentType),
        uploadExpiresAt,
      };
    });
    await this.database.$transaction((tx) =>
      this.photos.insertMany(
        tx,
        uploads.map(({ fileIndex: _, ...photo }) => photo),
      ),
    );
    const slots = await Promise.all(
      uploads.map(async (upload) => ({
        uploadId: upload.id,
        fileIndex: upload.fileIndex,
        url: await this.photoStorage.storage.presignPut(PHOTOS_BUCKET, upload.storagePath, {
          expiresInSeconds: this.uploadUrlSeconds,
          contentType: upload.contentType,
          maxBytes: MAX_PHOTO_BYTES,
          // The body must be as large as declared (the local store and S3 both refuse another length).
          size: files[upload.fileIndex]?.size,
        }),
        headers: [{ name: 'Content-Type', value: upload.contentType }],
      })),
    );
    return { slots, skipped: files.length - slots.length, quota };
  }
}
