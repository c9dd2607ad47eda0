import {
  type Actor,
  PHOTO_URL_SECONDS,
  type PhotoSubjects,
  PhotoSubjectsSchema,
  type PhotoUrls,
} from '@memoreel/contracts';
import { requireSignedIn } from '@memoreel/platform';
import { Injectable } from '@nestjs/common';
import { MediaDatabase } from '../database/media-database.js';
import type { Photo } from '../generated/prisma/client.js';
import { PHOTOS_BUCKET, PhotoStorage } from '../storage/photo-storage.js';
import { PhotosRepository } from './photos.repository.js';
import { thumbnailKey } from './thumbnails.js';
import { currentVideoDerivative } from './video-derivatives.js';

/**
 * Signed URLs of stored photos. A photo remembers its owner, so reading URLs needs no round trip;
 * another user's photos are left out, as if they did not exist.
 */
@Injectable()
export class PhotoUrlsService {
  constructor(
    private readonly database: MediaDatabase,
    private readonly photos: PhotosRepository,
    private readonly photoStorage: PhotoStorage,
  ) {}

  /**
   * Signed URLs of the actor's stored photos (thumbnails null until the job has made them), with where
   * their faces or subject are (null until found in the current image).
   */
  async urls(
    actor: Actor,
    ids: readonly string[],
  ): Promise<{ id: string; urls: PhotoUrls | null; subjects: PhotoSubjects | null }[]> {
    const userId = requireSignedIn(actor);
    const photos = await this.photos.storedOfUser(this.database, userId, ids);
    return Promise.all(photos.map(async (photo) => ({ id: photo.id, ...(await this.signedOf(photo)) })));
  }

  /** The URLs and subjects of a photo already read for its owner. */
  async signedOf(photo: Photo): Promise<{ urls: PhotoUrls | null; subjects: PhotoSubjects | null }> {
    return { urls: await this.signedUrls(photo), subjects: subjectsOf(photo) };
  }

  /** Null until its thumbnails exist; the video URL only once the derivative of its current filter is made. */
  private async signedUrls(row: Photo): Promise<PhotoUrls | null> {
    const sign = (key: string) =>
      this.photoStorage.storage.presignGet(PHOTOS_BUCKET, key, { expiresInSeconds: PHOTO_URL_SECONDS });
    if (!row.contentHash || row.thumbnailsOf !== row.contentHash) return null;
    const photo = { ...row, contentHash: row.contentHash };
    const derivative = currentVideoDerivative(photo);
    const [grid, strip, carousel, full, video] = await Promise.all([
      sign(thumbnailKey(photo, 'grid')),
      sign(thumbnailKey(photo, 'strip')),
      sign(thumbnailKey(photo, 'carousel')),
      sign(photo.storagePath),
      derivative.made ? sign(derivative.key) : null,
    ]);
    return { grid, strip, carousel, full, video, videoFilter: derivative.made ? derivative.filter : null };
  }
}

/** The subjects found in the photo's current image; null before (or when the row holds another shape). */
function subjectsOf(photo: Photo): PhotoSubjects | null {
  if (!photo.contentHash || photo.subjectsOf !== photo.contentHash) return null;
  const parsed = PhotoSubjectsSchema.safeParse(photo.subjects);
  return parsed.success ? parsed.data : null;
}
