import { RENDERS_BUCKET } from '@memoreel/contracts';
import {
  createStorage,
  loadConfig,
  SERVICE_CONTEXT,
  type ServiceContext,
  type Storage,
  storageEnvironment,
} from '@memoreel/platform';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';

export { RENDERS_BUCKET, renderChunkKey as chunkKey } from '@memoreel/contracts';
export const videoKey = (projectId: string, renderId: string) => `videos/${projectId}/${renderId}.mp4`;

@Injectable()
export class RenderStorage implements OnModuleInit {
  readonly storage: Storage;

  constructor(@Inject(SERVICE_CONTEXT) context: ServiceContext) {
    this.storage = createStorage(loadConfig(storageEnvironment, context.env));
  }

  async onModuleInit() {
    await this.storage.ensureBuckets([RENDERS_BUCKET]);
  }
}
