import {
  createStorage,
  loadConfig,
  SERVICE_CONTEXT,
  type ServiceContext,
  type Storage,
  storageEnvironment,
} from '@memoreel/platform';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';

/** The bucket of spec §3: photos at `{projectId}/{uuid}.{ext}`, their thumbnails beside them. */
export const PHOTOS_BUCKET = 'photos';

/**
 * The object storage media keeps photos in: a local folder served by the gateway (standalone) or
 * S3/MinIO (the cluster), chosen by the service's environment (`STORAGE_DRIVER`).
 */
@Injectable()
export class PhotoStorage implements OnModuleInit {
  readonly storage: Storage;

  constructor(@Inject(SERVICE_CONTEXT) context: ServiceContext) {
    this.storage = createStorage(loadConfig(storageEnvironment, context.env));
  }

  async onModuleInit() {
    await this.storage.ensureBuckets([PHOTOS_BUCKET]);
  }
}
