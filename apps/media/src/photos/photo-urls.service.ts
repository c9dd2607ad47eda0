import { type Actor, type PhotoSubjects, PhotoSubjectsSchema, type PhotoUrls } from '@memoreel/contracts';
import { requireSignedIn } from '@memoreel/platform';
import { Injectable } from '@nestjs/common';
import { MediaDatabase } from '../database/media-database.js';
import type { Blob } from '../generated/prisma/client.js';
import { PHOTOS_BUCKET, PhotoStorage } from '../storage/photo-storage.js';
import { BlobsRepository } from './blobs.repository.js';
import { thumbnailKey } from './thumbnails.js';
import { currentVideoDerivative } from './video-derivatives.js';

/** Signed GET URLs of photos and thumbnails (spec: 3600 s). */
export const PHOTO_URL_SECONDS = 3600;

/**
 * Signed URLs of stored photos. A blob remembers its owner, so reading URLs needs no round trip;
 * another user's photos are left out, as if they did not exist.
 */
@Injectable()
export class PhotoUrlsService {
  constructor(
    private readonly database: MediaDatabase,
    private readonly blobs: BlobsRepository,
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
    const blobs = await this.blobs.storedOfUser(this.database, userId, ids);
    return Promise.all(
      blobs.map(async (blob) => ({
        id: blob.id,
        urls: await this.signedUrls(blob),
        subjects: subjectsOf(blob),
      })),
    );
  }

  /** Null until its thumbnails exist; the video URL only once the derivative of its current filter is made. */
  private async signedUrls(blob: Blob): Promise<PhotoUrls | null> {
    const sign = (key: string) =>
      this.photoStorage.storage.presignGet(PHOTOS_BUCKET, key, { expiresInSeconds: PHOTO_URL_SECONDS });
    if (!blob.contentHash || blob.thumbnailsOf !== blob.contentHash) return null;
    const photo = { ...blob, contentHash: blob.contentHash };
    const derivative = currentVideoDerivative(photo);
    const [grid, strip, carousel, full, video] = await Promise.all([
      sign(thumbnailKey(photo, 'grid')),
      sign(thumbnailKey(photo, 'strip')),
      sign(thumbnailKey(photo, 'carousel')),
      sign(blob.storagePath),
      derivative.made ? sign(derivative.key) : null,
    ]);
    return { grid, strip, carousel, full, video, videoFilter: derivative.made ? derivative.filter : null };
  }
}

/** The subjects found in the photo's current image; null before (or when the row holds another shape). */
function subjectsOf(blob: Blob): PhotoSubjects | null {
  if (!blob.contentHash || blob.subjectsOf !== blob.contentHash) return null;
  const parsed = PhotoSubjectsSchema.safeParse(blob.subjects);
  return parsed.success ? parsed.data : null;
}
