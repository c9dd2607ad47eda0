import { RENDERS_BUCKET } from '@memoreel/contracts';
import { bucketStorage } from '@memoreel/platform';

export { RENDERS_BUCKET, renderAudioKey as audioKey, renderChunkKey as chunkKey } from '@memoreel/contracts';
export const videoKey = (projectId: string, renderId: string) => `videos/${projectId}/${renderId}.mp4`;

/** Where renders keep their chunks, mixed music and videos (`bucketStorage`: local folder or S3/MinIO). */
export class RenderStorage extends bucketStorage(RENDERS_BUCKET) {}
