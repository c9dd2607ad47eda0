import { runOnce, SERVICE_CONTEXT, type ServiceContext } from '@memoreel/platform';
import { Inject, Injectable } from '@nestjs/common';
import { MediaDatabase } from '../database/media-database.js';
import { PHOTOS_BUCKET, PhotoStorage } from '../storage/photo-storage.js';
import { BlobsRepository } from './blobs.repository.js';
import { uploadKey } from './photo-keys.js';
import { thumbnailsPrefix } from './thumbnails.js';
import { uploadUrlSecondsOf } from './upload-window.js';
import { videoDerivativesPrefix } from './video-derivatives.js';

/** Which event a consumer is handling, so a redelivery of it changes nothing (runOnce). */
export interface Delivery {
  id: string;
  consumer: string;
}

/**
 * What goes when projects deletes a photo or a whole project: the objects and the rows that named
 * them. An open upload's row stays (as project-deleted) while its PUT URL may still land; the
 * sweep (SweepExpiredUploads) removes it and whatever arrived.
 */
@Injectable()
export class PhotoCleanupService {
  private readonly uploadUrlSeconds: number;

  constructor(
    private readonly database: MediaDatabase,
    private readonly blobs: BlobsRepository,
    private readonly photoStorage: PhotoStorage,
    @Inject(SERVICE_CONTEXT) context: ServiceContext,
  ) {
    this.uploadUrlSeconds = uploadUrlSecondsOf(context);
  }

  private get storage() {
    return this.photoStorage.storage;
  }

  /** A photo deleted in projects: its object, thumbnails and derivatives go, once. */
  async deletePhoto(delivery: Delivery, photoId: string): Promise<void> {
    await this.database.$transaction(async (tx) => {
      await runOnce(tx, 'media', delivery.consumer, delivery.id, async () => {
        // Locked first: a thumbnail or derivative job finishing meanwhile waits, then finds the row gone.
        const blob = await this.blobs.lockById(tx, photoId);
        if (!blob) return;
        await this.storage.delete(PHOTOS_BUCKET, blob.storagePath);
        // A PUT that landed on its staging key after the photo was stored goes too.
        await this.storage.deletePrefix(PHOTOS_BUCKET, uploadKey(blob.projectId, blob.id, ''));
        await this.storage.deletePrefix(PHOTOS_BUCKET, thumbnailsPrefix(blob));
        await this.storage.deletePrefix(PHOTOS_BUCKET, videoDerivativesPrefix(blob));
        // While a PUT URL of it may still work (S3 cannot refuse it), the row stays for the sweep.
        if (blob.uploadExpiresAt.getTime() > Date.now() && !blob.stagingSweptAt)
          await this.blobs.markGone(tx, blob.id);
        else await this.blobs.delete(tx, blob.id);
      });
    });
  }

  /** A deleted project: every object under `{projectId}/` goes, with the rows that named them. */
  async deleteProject(delivery: Delivery, projectId: string): Promise<number> {
    let removed = 0;
    await this.database.$transaction(async (tx) => {
      await runOnce(tx, 'media', delivery.consumer, delivery.id, async () => {
        await this.blobs.lockOfProject(tx, projectId);
        removed = await this.storage.deletePrefix(PHOTOS_BUCKET, `${projectId}/`);
        const putDeadline = new Date(Date.now() + this.uploadUrlSeconds * 1000);
        await this.blobs.deleteOfProject(tx, projectId, putDeadline);
      });
    });
    return removed;
  }
}
