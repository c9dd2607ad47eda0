import { RENDERS_BUCKET } from '@memoreel/contracts';
import { bucketStorage } from '@memoreel/platform';

/** The renders bucket the worker reads chunks from and writes chunks and videos to. */
export class RendersStorage extends bucketStorage(RENDERS_BUCKET) {}
