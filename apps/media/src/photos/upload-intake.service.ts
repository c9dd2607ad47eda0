import type { Actor, ReplyOf, RequestOf, requestPhotoUploads } from '@memoreel/contracts';
import { MAX_PHOTO_BYTES, PHOTO_CONTENT_TYPES } from '@memoreel/domain';
import { SERVICE_CONTEXT, type ServiceContext } from '@memoreel/platform';
import { Inject, Injectable } from '@nestjs/common';
import { PHOTOS_BUCKET, PhotoStorage } from '../storage/photo-storage.js';
import { uploadExtension, uploadKey } from './photo-keys.js';
import { UploadPlaces, type UploadRowsOf } from './upload-places.js';
import { UPLOAD_RESERVATION_SECONDS, uploadUrlSecondsOf } from './upload-window.js';

/** The type a PUT must declare: an image type the browser named, else one that stores nothing as an image. */
const uploadContentType = (declared: string) =>
  (PHOTO_CONTENT_TYPES as readonly string[]).includes(declared) ? declared : 'application/octet-stream';

/**
 * The start of an upload: a place in the project for each file that fits the plan (its row, with the
 * id the photo will have) and a presigned PUT to its staging key. Nothing is judged here; the
 * completion does that.
 */
@Injectable()
export class UploadIntakeService {
  private readonly uploadUrlSeconds: number;

  constructor(
    private readonly places: UploadPlaces,
    private readonly photoStorage: PhotoStorage,
    @Inject(SERVICE_CONTEXT) context: ServiceContext,
  ) {
    this.uploadUrlSeconds = uploadUrlSecondsOf(context);
  }

  /** Places first (atomically), then one presigned PUT per file that got one, in the order given. */
  async requestUploads(
    actor: Actor,
    request: RequestOf<typeof requestPhotoUploads>,
  ): Promise<ReplyOf<typeof requestPhotoUploads>> {
    const { projectId, files, linkId } = request;
    // Taken before the places are: an upload never outlives the place held for it.
    const uploadExpiresAt = new Date(Date.now() + UPLOAD_RESERVATION_SECONDS * 1000);
    const rowsOf: UploadRowsOf = (ids) =>
      ids.map((id, fileIndex) => {
        const file = files[fileIndex] as (typeof files)[number];
        return {
          id,
          storagePath: uploadKey(projectId, id, uploadExtension(file.name, file.contentType)),
          originalName: file.name,
          contentType: uploadContentType(file.contentType),
          uploadExpiresAt,
        };
      });
    // A friend's upload (through a link) is held against the link's project, under its owner's plan.
    const held = linkId
      ? await this.places.forFriend(actor, linkId, projectId, files.length, rowsOf)
      : await this.places.forOwner(actor, projectId, files.length, rowsOf);
    const uploads = rowsOf(held.ids);
    const slots = await Promise.all(
      uploads.map(async (upload, fileIndex) => ({
        uploadId: upload.id,
        fileIndex,
        url: await this.photoStorage.storage.presignPut(PHOTOS_BUCKET, upload.storagePath, {
          expiresInSeconds: this.uploadUrlSeconds,
          contentType: upload.contentType,
          maxBytes: MAX_PHOTO_BYTES,
          // The body must be as large as declared (the local store and S3 both refuse another length).
          size: files[fileIndex]?.size,
        }),
        headers: [{ name: 'Content-Type', value: upload.contentType }],
      })),
    );
    return { slots, skipped: files.length - slots.length, quota: held.quota };
  }
}
