import { listPhotosForShare, type ReplyOf, type RequestEnvelopeOf } from '@memoreel/contracts';
import { requireSystem } from '@memoreel/platform';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ProjectsDatabase } from '../database/projects-database.js';
import { PhotosRepository } from './photos.repository.js';

/**
 * The photos of a shared project for its public player. Sharing alone may ask (the claim policy),
 * as the system: it has already found the share, and anyone with the link may watch.
 */
@Controller()
export class PhotosForShareHandlers {
  constructor(
    private readonly database: ProjectsDatabase,
    private readonly photos: PhotosRepository,
  ) {}

  @MessagePattern(listPhotosForShare.subject)
  async list(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof listPhotosForShare>,
  ): Promise<ReplyOf<typeof listPhotosForShare>> {
    requireSystem(actor);
    const photos = await this.photos.listAccepted(this.database, data.projectId);
    return {
      photos: photos.map(({ id, filter, transforms, width, height }) => ({
        id,
        filter,
        transforms,
        width,
        height,
      })),
    };
  }
}
