import {
  createStorage,
  loadConfig,
  SERVICE_CONTEXT,
  type ServiceContext,
  type Storage,
  storageEnvironment,
} from '@memoreel/platform';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';

/** The bucket of spec §3: music files under a random name plus their extension. */
export const MUSIC_BUCKET = 'music';

/** Where the music library keeps its files: the local folder (standalone) or S3/MinIO (`STORAGE_DRIVER`). */
@Injectable()
export class MusicStorage implements OnModuleInit {
  readonly storage: Storage;

  constructor(@Inject(SERVICE_CONTEXT) context: ServiceContext) {
    this.storage = createStorage(loadConfig(storageEnvironment, context.env));
  }

  async onModuleInit() {
    await this.storage.ensureBuckets([MUSIC_BUCKET]);
  }
}
