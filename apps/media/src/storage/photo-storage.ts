import { bucketStorage } from '@memoreel/platform';

/** The bucket of spec §3: photos at `{projectId}/{uuid}.{ext}`, their thumbnails beside them. */
export const PHOTOS_BUCKET = 'photos';

/** The object storage media keeps photos in (`bucketStorage`: local folder or S3/MinIO). */
export class PhotoStorage extends bucketStorage(PHOTOS_BUCKET) {}
