import { Inject, Injectable, type OnModuleInit, type Type } from '@nestjs/common';
import { loadConfig } from '../config/config.js';
import { SERVICE_CONTEXT, type ServiceContext } from '../nest/service-context.js';
import type { Storage } from './storage.js';
import { createStorage, storageEnvironment } from './storage-config.js';

/** One bucket of a service's object storage, as its code injects it. */
export interface BucketStorage {
  readonly bucket: string;
  readonly storage: Storage;
}

/**
 * The Nest provider for one bucket: the object storage the service's environment chose
 * (`STORAGE_DRIVER`: a local folder the gateway serves in standalone, S3/MinIO in the cluster), with
 * the bucket made when the module starts. A service names it by extending it, so it injects by class:
 * `export class PhotoStorage extends bucketStorage(PHOTOS_BUCKET) {}`.
 */
export function bucketStorage(bucket: string): Type<BucketStorage & OnModuleInit> {
  @Injectable()
  class BucketStorageProvider implements BucketStorage, OnModuleInit {
    readonly bucket = bucket;
    readonly storage: Storage;

    constructor(@Inject(SERVICE_CONTEXT) context: ServiceContext) {
      this.storage = createStorage(loadConfig(storageEnvironment, context.env));
    }

    async onModuleInit() {
      await this.storage.ensureBuckets([this.bucket]);
    }
  }
  return BucketStorageProvider;
}
