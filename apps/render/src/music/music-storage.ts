import { bucketStorage } from '@memoreel/platform';

/** The bucket of spec §3: music files under a random name plus their extension. */
export const MUSIC_BUCKET = 'music';

/** Where the music library keeps its files (`bucketStorage`: local folder or S3/MinIO). */
export class MusicStorage extends bucketStorage(MUSIC_BUCKET) {}
