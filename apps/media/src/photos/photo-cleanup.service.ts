import { runOnce, SERVICE_CONTEXT, type ServiceContext } from '@memoreel/platform';
import { Inject, Injectable } from '@nestjs/common';
import { MediaDatabase } from '../database/media-database.js';
import { PHOTOS_BUCKET, PhotoStorage } from '../storage/photo-storage.js';
import { uploadKey } from './photo-keys.js';
import { PhotosRepository } from './photos.repository.js';
import { thumbnailsPrefix } from './thumbnails.js';
import { uploadUrlSecondsOf } from './upload-window.js';
import { videoDerivativesPrefix } from './video-derivatives.js';

/** Which event a consumer is handling, so a redelivery of it changes nothing (runOnce). */
export interface Delivery {
  id: string;
  consumer: string;
}

/**
 * What goes when its owner deletes a photo, or projects a whole project: the objects and the rows that named
 * them. An open upload's row stays (as project-deleted) while its PUT URL may still land; the
 * sweep (SweepExpiredUploads) removes it and whatever arrived.
 */
@Injectable()
export class PhotoCleanupService {
  private readonly uploadUrlSeconds: number;

  constructor(
    private readonly database: MediaDatabase,
    private readonly photos: PhotosRepository,
    private readonly photoStorage: PhotoStorage,
    @Inject(SERVICE_CONTEXT) context: ServiceContext,
  ) {
    this.uploadUrlSeconds = uploadUrlSecondsOf(context);
  }

  private get storage() {
    return this.photoStorage.storage;
  }

  /** A photo deleted from its project: its object, thumbnails and derivatives go, once. */
  async deletePhoto(delivery: Delivery, photoId: string): Promise<void> {
    await this.database.$transaction(async (tx) => {
      await runOnce(tx, 'media', delivery.consumer, delivery.id, async () => {
        // Locked first: a thumbnail or derivative job finishing meanwhile waits, then finds the row gone.
        const photo = await this.photos.lockById(tx, photoId);
        if (!photo) return;
        await this.storage.delete(PHOTOS_BUCKET, photo.storagePath);
        // A PUT that landed on its staging key after the photo was stored goes too.
        await this.storage.deletePrefix(PHOTOS_BUCKET, uploadKey(photo.projectId, photo.id, ''));
        await this.storage.deletePrefix(PHOTOS_BUCKET, thumbnailsPrefix(photo));
        await this.storage.deletePrefix(PHOTOS_BUCKET, videoDerivativesPrefix(photo));
        // While a PUT URL of it may still work (S3 cannot refuse it), the row stays for the sweep.
        if (photo.uploadExpiresAt.getTime() > Date.now() && !photo.stagingSweptAt)
          await this.photos.markGone(tx, photo.id);
        else await this.photos.delete(tx, photo.id);
      });
    });
  }

  /** A deleted project: every object under `{projectId}/` goes, with the rows that named them. */
  async deleteProject(delivery: Delivery, projectId: string): Promise<number> {
    let removed = 0;
    await this.database.$transaction(async (tx) => {
      await runOnce(tx, 'media', delivery.consumer, delivery.id, async () => {
        await this.photos.lockOfProject(tx, projectId);
        removed = await this.storage.deletePrefix(PHOTOS_BUCKET, `${projectId}/`);
        const putDeadline = new Date(Date.now() + this.uploadUrlSeconds * 1000);
        await this.photos.deleteOfProject(tx, projectId, putDeadline);
      });
    });
    return removed;
  }
}
