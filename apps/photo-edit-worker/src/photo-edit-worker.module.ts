import { type DynamicModule, Inject, Module, type OnModuleDestroy } from '@nestjs/common';
import { PHOTO_EDITING, type PhotoEditing } from './editing/photo-editing.js';
import { RunPhotoEditJob } from './jobs/run-photo-edit.job.js';

/** The photo-edit worker's one job: AI edits from the work queue, done by `editing`. */
@Module({})
export class PhotoEditWorkerModule implements OnModuleDestroy {
  constructor(@Inject(PHOTO_EDITING) private readonly editing: PhotoEditing) {}

  static register(editing: PhotoEditing): DynamicModule {
    return {
      module: PhotoEditWorkerModule,
      controllers: [RunPhotoEditJob],
      providers: [{ provide: PHOTO_EDITING, useValue: editing }],
    };
  }

  async onModuleDestroy() {
    await this.editing.close();
  }
}
