import { makePhotoThumbnails, SYSTEM } from '@memoreel/contracts';
import type { PhotoFilter } from '@memoreel/domain';
import { BusClient, LOGGER, type Logger, stableUuid } from '@memoreel/platform';
import { Inject, Injectable } from '@nestjs/common';
import { MediaDatabase } from '../database/media-database.js';
import type { Photo } from '../generated/prisma/client.js';
import { PHOTOS_BUCKET, PhotoStorage } from '../storage/photo-storage.js';
import { PhotosRepository, UploadStatus } from './photos.repository.js';
import { PhotoSubjectsService } from './subjects/photo-subjects.service.js';
import {
  decodeUpright,
  THUMBNAIL_NAMES,
  type ThumbnailSize,
  thumbnailKey,
  thumbnailsOf,
} from './thumbnails.js';
import { UploadsFirst } from './uploads-first.js';
import {
  currentVideoDerivative,
  makeVideoDerivative,
  VIDEO_DERIVATIVE_EDGE,
  videoDerivativeKey,
} from './video-derivatives.js';

/** A stored photo whose image jobs can run: one with bytes to name its thumbnails and derivative by. */
type StoredPhoto = Photo & { contentHash: string };
const isStored = (photo: Photo | null): photo is StoredPhoto =>
  photo?.status === UploadStatus.stored && Boolean(photo.contentHash);

/**
 * A stored photo's derivatives, made off the request path: its WebP thumbnails and the 1920-px JPEG
 * of its current filter the video draws. Every job is idempotent (a redelivery makes only what is
 * missing) and waits while this instance verifies uploads (UploadsFirst).
 */
@Injectable()
export class ImageJobsService {
  constructor(
    private readonly database: MediaDatabase,
    private readonly photos: PhotosRepository,
    private readonly photoStorage: PhotoStorage,
    private readonly bus: BusClient,
    private readonly uploadsFirst: UploadsFirst,
    private readonly subjects: PhotoSubjectsService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  private get storage() {
    return this.photoStorage.storage;
  }

  /**
   * Enqueues the image job of a stored photo (its thumbnails and video derivative); the job id (one per
   * stored object) dedupes a redelivered event.
   */
  async enqueueImageJobs(photo: { id: string; storagePath: string }): Promise<void> {
    const jobId = stableUuid(`thumbnails:${photo.id}:${photo.storagePath}`);
    await this.bus.enqueueJob(makePhotoThumbnails, SYSTEM, { id: photo.id }, { id: jobId });
  }

  /**
   * The image job of a stored photo: its thumbnails and the video derivative of its filter, both from
   * one decode (each costs a whole decode of the original otherwise), then the search for its faces
   * is queued. Skipped once the photo is gone.
   */
  async makeThumbnails(id: string): Promise<void> {
    const photo = await this.photos.getById(this.database, id);
    if (!isStored(photo)) return;
    const derivative = currentVideoDerivative(photo);
    const thumbnailsMissing = photo.thumbnailsOf !== photo.contentHash;
    if (!thumbnailsMissing && derivative.made) return this.subjectsWanted(photo);
    await this.uploadsFirst.quiet();
    const started = performance.now();
    const image = await this.photoStorage.readOriginal(photo);
    if (!image) return;
    const decoded = await decodeUpright(image, VIDEO_DERIVATIVE_EDGE);
    if (thumbnailsMissing && !(await this.storeThumbnails(photo, await thumbnailsOf(decoded)))) return;
    if (!derivative.made)
      await this.storeVideoDerivative(
        photo,
        derivative.filter,
        await makeVideoDerivative(decoded, derivative.filter),
      );
    this.logger.info(
      { photoId: photo.id, ms: Math.round(performance.now() - started) },
      'photo thumbnails and video derivative made',
    );
    await this.subjectsWanted(photo);
  }

  /** Queues the search for the photo's faces once what the user waits for is made (a repeat is deduped). */
  private async subjectsWanted(photo: StoredPhoto): Promise<void> {
    if (photo.subjectsOf !== photo.contentHash) await this.subjects.enqueue(photo);
  }

  /**
   * The video derivative job: the photo's current filter baked into a 1920-px JPEG under its
   * content-named key; the derivative it replaces is deleted in the same step, so none is left
   * behind. Idempotent (a made key is not made again), and what was made for a filter or photo that
   * changed or went meanwhile is removed again.
   */
  async makeVideoDerivative(id: string): Promise<void> {
    const photo = await this.photos.getById(this.database, id);
    if (!isStored(photo)) return;
    const { filter, made } = currentVideoDerivative(photo);
    if (made) return;
    await this.uploadsFirst.quiet();
    const started = performance.now();
    const image = await this.photoStorage.readOriginal(photo);
    if (!image) return;
    await this.storeVideoDerivative(photo, filter, await makeVideoDerivative(image, filter));
    this.logger.info(
      { photoId: photo.id, filter, ms: Math.round(performance.now() - started) },
      'photo video derivative made',
    );
  }

  /** Stores the thumbnails and records them; false (and they go again) when the photo went meanwhile. */
  private async storeThumbnails(
    photo: StoredPhoto,
    thumbnails: Record<ThumbnailSize, Buffer>,
  ): Promise<boolean> {
    for (const size of THUMBNAIL_NAMES) {
      await this.storage.put(PHOTOS_BUCKET, thumbnailKey(photo, size), thumbnails[size], {
        contentType: 'image/webp',
      });
    }
    if (await this.photos.markThumbnailed(this.database, photo.id, photo.contentHash)) return true;
    // The photo or its project was deleted while they were made: what was just written goes too.
    for (const size of THUMBNAIL_NAMES) await this.storage.delete(PHOTOS_BUCKET, thumbnailKey(photo, size));
    return false;
  }

  /** Stores a photo's video derivative and records it, unless the photo changed meanwhile. */
  private async storeVideoDerivative(photo: StoredPhoto, filter: PhotoFilter, jpeg: Buffer): Promise<void> {
    const { contentHash } = photo;
    const key = videoDerivativeKey(photo, filter);
    await this.storage.put(PHOTOS_BUCKET, key, jpeg, { contentType: 'image/jpeg' });
    await this.database.$transaction(async (tx) => {
      // Locked: a photo deletion or another derivative job waits here, then sees what this one did.
      const current = await this.photos.lockById(tx, photo.id);
      const stillWanted =
        current?.status === UploadStatus.stored &&
        current.contentHash === contentHash &&
        current.filter === filter;
      if (!stillWanted) {
        if (current?.videoDerivativeKey !== key) await this.storage.delete(PHOTOS_BUCKET, key);
        return;
      }
      if (current.videoDerivativeKey && current.videoDerivativeKey !== key) {
        await this.storage.delete(PHOTOS_BUCKET, current.videoDerivativeKey);
      }
      await this.photos.setVideoDerivative(tx, photo.id, key);
    });
  }
}
