import { findPhotoSubjects as findPhotoSubjectsJob, SYSTEM } from '@memoreel/contracts';
import { BusClient, LOGGER, type Logger, stableUuid } from '@memoreel/platform';
import { Inject, Injectable } from '@nestjs/common';
import { MediaDatabase } from '../../database/media-database.js';
import { PhotoStorage } from '../../storage/photo-storage.js';
import { PhotosRepository, UploadStatus } from '../photos.repository.js';
import { decodeUpright } from '../thumbnails.js';
import { UploadsFirst } from '../uploads-first.js';
import { FACES_EDGE, findPhotoSubjects } from './photo-subjects.js';
import { SubjectFinder } from './subject-finder.js';

/**
 * Where a photo's faces or subject are, found once per image in a job of its own: it never holds up
 * the thumbnails and derivative a user waits for, and an image that changes (an applied AI edit)
 * has them found again.
 */
@Injectable()
export class PhotoSubjectsService {
  constructor(
    private readonly database: MediaDatabase,
    private readonly photos: PhotosRepository,
    private readonly photoStorage: PhotoStorage,
    private readonly finder: SubjectFinder,
    private readonly bus: BusClient,
    private readonly uploadsFirst: UploadsFirst,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Enqueues the search of a photo's current image; one job per image (the id dedupes a repeat). */
  async enqueue(photo: { id: string; contentHash: string }): Promise<void> {
    const jobId = stableUuid(`subjects:${photo.id}:${photo.contentHash}`);
    await this.bus.enqueueJob(findPhotoSubjectsJob, SYSTEM, { id: photo.id }, { id: jobId });
  }

  /** The job: skipped once found for this image or once the photo is gone. */
  async find(id: string): Promise<void> {
    const photo = await this.photos.getById(this.database, id);
    if (photo?.status !== UploadStatus.stored || !photo.contentHash || photo.subjectsOf === photo.contentHash)
      return;
    await this.uploadsFirst.quiet();
    const started = performance.now();
    const image = await this.photoStorage.readOriginal(photo);
    if (!image) return;
    // A JPEG shrinks while it decodes: a 12 MP photo at 640 px costs a fraction of a full decode.
    const decoded = await decodeUpright(image, FACES_EDGE);
    const upright = { width: photo.width ?? decoded.info.width, height: photo.height ?? decoded.info.height };
    const subjects = await findPhotoSubjects(this.finder, decoded, upright);
    await this.photos.setSubjects(this.database, photo.id, photo.contentHash, subjects);
    this.logger.info(
      {
        photoId: photo.id,
        kind: subjects.kind,
        boxes: subjects.boxes.length,
        ms: Math.round(performance.now() - started),
      },
      'photo subjects found',
    );
  }
}
