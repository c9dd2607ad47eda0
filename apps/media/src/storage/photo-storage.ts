import { MAX_PHOTO_BYTES } from '@memoreel/domain';
import { bucketStorage, readAtMost } from '@memoreel/platform';

/** The bucket of spec §3: photos at `{projectId}/{uuid}.{ext}`, their thumbnails beside them. */
export const PHOTOS_BUCKET = 'photos';

/** The object storage media keeps photos in (`bucketStorage`: local folder or S3/MinIO). */
export class PhotoStorage extends bucketStorage(PHOTOS_BUCKET) {
  /** A stored photo's original, for the image jobs; undefined when it is larger than any photo may be. */
  readOriginal(photo: { storagePath: string }): Promise<Buffer | undefined> {
    return this.storage
      .get(PHOTOS_BUCKET, photo.storagePath)
      .then((stream) => readAtMost(stream, MAX_PHOTO_BYTES * 4));
  }
}
