import { exportPhotos, makePhotoVideoDerivative, SYSTEM } from '@memoreel/contracts';
import { BusClient, buildJob, LOGGER, type Logger, recordJob, stableUuid } from '@memoreel/platform';
import { Inject, Injectable } from '@nestjs/common';
import { BackgroundMigration } from '../database/background-migration.js';
import { MediaDatabase } from '../database/media-database.js';
import { PhotosRepository } from './photos.repository.js';

/** Its name in `data_migrations`: the first run, before anything reads media's rows (docs/plans/photo-move.md C3). */
export const PHOTOS_FROM_PROJECTS = 'photos-from-projects';
const PAGE = 500;

/**
 * Media takes the photo rows over from projects (decision 0030): every photo's place, review state,
 * transforms, caption and filter, page by page, once per database and in the background. A row is
 * taken only where projects changed it after media did (`updated_at`), so running it again (as the
 * release after the switch does, for what old projects instances wrote meanwhile) changes only what
 * projects changed since. A photo whose filter changes gets its video derivative made again, queued
 * through the outbox with the row. A row media has no photo for is logged and left.
 */
@Injectable()
export class PhotosFromProjects extends BackgroundMigration {
  constructor(
    database: MediaDatabase,
    private readonly photos: PhotosRepository,
    private readonly bus: BusClient,
    @Inject(LOGGER) logger: Logger,
  ) {
    super(database, logger, PHOTOS_FROM_PROJECTS);
  }

  /** Every page, whether or not it ran before; resolves with how many rows it took. */
  copy(): Promise<number> {
    return this.eachPage(
      async (after) => {
        const page = await this.bus.request(exportPhotos, SYSTEM, { after, limit: PAGE });
        await this.logMissing(page.photos.map((photo) => photo.id));
        return page;
      },
      async (tx, page) => {
        const rows = await this.photos.takeFromProjects(tx, page.photos);
        for (const { id, updatedAt } of rows.filter((row) => row.refiltered)) {
          const job = stableUuid(`video:moved:${id}:${updatedAt.toISOString()}`);
          await recordJob(tx, 'media', buildJob(makePhotoVideoDerivative, SYSTEM, { id }, job));
        }
        return rows.length;
      },
    );
  }

  /** Every photo came through media: a row without one is a defect to look into, not to invent a photo for. */
  private async logMissing(ids: string[]): Promise<void> {
    const held = await this.photos.existing(this.database, ids);
    const missing = ids.filter((id) => !held.has(id));
    if (missing.length > 0) this.logger.warn({ missing }, 'photo rows in projects without a photo in media');
  }
}
