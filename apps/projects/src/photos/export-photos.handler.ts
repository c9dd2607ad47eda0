import { exportPhotos, type ReplyOf, type RequestEnvelopeOf } from '@memoreel/contracts';
import { requireSystem } from '@memoreel/platform';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ProjectsDatabase } from '../database/projects-database.js';
import { PhotosRepository } from './photos.repository.js';

/** Every photo row, page by page, for media to take the photos over (decision 0030). */
@Controller()
export class ExportPhotosHandler {
  constructor(
    private readonly database: ProjectsDatabase,
    private readonly photos: PhotosRepository,
  ) {}

  @MessagePattern(exportPhotos.subject)
  async export(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof exportPhotos>,
  ): Promise<ReplyOf<typeof exportPhotos>> {
    requireSystem(actor);
    const photos = await this.photos.pageForExport(this.database, data.after, data.limit);
    return { photos, next: photos.length === data.limit ? (photos.at(-1)?.id ?? null) : null };
  }
}
