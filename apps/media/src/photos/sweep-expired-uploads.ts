import { photoRejected, SYSTEM } from '@memoreel/contracts';
import { photoMessages } from '@memoreel/domain';
import {
  buildEvent,
  LOGGER,
  type Logger,
  loadConfig,
  recordEvent,
  SERVICE_CONTEXT,
  type ServiceContext,
} from '@memoreel/platform';
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { z } from 'zod';
import { MediaDatabase } from '../database/media-database.js';
import { PHOTOS_BUCKET, PhotoStorage } from '../storage/photo-storage.js';
import { uploadKey } from './photo-keys.js';
import { PhotosRepository, UploadStatus } from './photos.repository.js';

const settings = z.object({
  /** How often abandoned uploads are looked for (ms); every instance sweeps, rows are locked one by one. */
  MEDIA_UPLOAD_SWEEP_MS: z.coerce
    .number()
    .int()
    .min(50)
    .default(5 * 60_000),
});

/** Batches one sweep takes at most, so a backlog is worked off without one run holding on for long. */
const MAX_BATCHES = 10;

/**
 * Once every PUT URL of an upload has expired (its reservation ended), whatever became of it, its
 * staging key is deleted: a late or second PUT lands there (S3 cannot refuse a presigned URL) and
 * nothing reads it. An upload never completed is refused too (its quota released); the row of one
 * whose project or photo was deleted goes. Runs on a timer, so no staging object outlives its
 * reservation by more than a sweep interval.
 */
@Injectable()
export class SweepExpiredUploads implements OnModuleInit, OnModuleDestroy {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private readonly intervalMs: number;

  constructor(
    private readonly database: MediaDatabase,
    private readonly photos: PhotosRepository,
    private readonly photoStorage: PhotoStorage,
    @Inject(SERVICE_CONTEXT) context: ServiceContext,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.intervalMs = loadConfig(settings, context.env).MEDIA_UPLOAD_SWEEP_MS;
  }

  onModuleInit() {
    this.timer = setInterval(() => {
      this.running = this.sweep().then(
        (swept) => swept > 0 && this.logger.info({ swept }, 'abandoned uploads removed'),
        (err: unknown) => this.logger.warn({ err }, 'sweeping abandoned uploads failed'),
      );
    }, this.intervalMs);
    this.timer.unref();
  }

  async onModuleDestroy() {
    clearInterval(this.timer);
    await this.running;
  }

  /** Sweeps the uploads due by `now`; resolves with how many. */
  async sweep(now = new Date(), batch = 100): Promise<number> {
    let swept = 0;
    for (let round = 0; round < MAX_BATCHES; round++) {
      const due = await this.photos.stagingToSweep(this.database, now, batch);
      for (const { id } of due) if (await this.sweepOne(id, now)) swept += 1;
      if (due.length < batch) break;
    }
    return swept;
  }

  private sweepOne(id: string, now: Date): Promise<boolean> {
    const storage = this.photoStorage.storage;
    return this.database.$transaction(async (tx) => {
      const photo = await this.photos.lockById(tx, id);
      if (!photo || photo.stagingSweptAt || photo.uploadExpiresAt.getTime() >= now.getTime()) return false;
      await storage.deletePrefix(PHOTOS_BUCKET, uploadKey(photo.projectId, photo.id, ''));
      if (photo.status === UploadStatus.projectDeleted) {
        // Its key: a staging key, or an old upload's own key, never a stored photo's (deleted with it).
        if (!photo.storedAt) await storage.delete(PHOTOS_BUCKET, photo.storagePath);
        await this.photos.delete(tx, photo.id);
        return true;
      }
      await this.photos.markStagingSwept(tx, photo.id, now);
      if (photo.status === UploadStatus.awaitingUpload) {
        await storage.delete(PHOTOS_BUCKET, photo.storagePath);
        const reason = photoMessages.uploadFailedFor(photo.originalName);
        await this.photos.markRejected(tx, photo.id, reason);
        const { projectId, userId } = photo;
        await recordEvent(tx, 'media', buildEvent(photoRejected, SYSTEM, { id, projectId, userId, reason }));
      }
      return true;
    });
  }
}
