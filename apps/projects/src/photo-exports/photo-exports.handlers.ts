import { exportFriendLinks, exportPhotos, type ReplyOf, type RequestEnvelopeOf } from '@memoreel/contracts';
import { requireSystem } from '@memoreel/platform';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ProjectsDatabase } from '../database/projects-database.js';
import { PhotoExportsRepository } from './photo-exports.repository.js';

/** Every photo row and upload link, page by page, for media to take them over (decision 0030); the system only. */
@Controller()
export class PhotoExportsHandlers {
  constructor(
    private readonly database: ProjectsDatabase,
    private readonly exports: PhotoExportsRepository,
  ) {}

  @MessagePattern(exportPhotos.subject)
  async photos(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof exportPhotos>,
  ): Promise<ReplyOf<typeof exportPhotos>> {
    requireSystem(actor);
    const photos = await this.exports.photos(this.database, data.after, data.limit);
    return { photos, next: photos.length === data.limit ? (photos.at(-1)?.id ?? null) : null };
  }

  @MessagePattern(exportFriendLinks.subject)
  async friendLinks(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof exportFriendLinks>,
  ): Promise<ReplyOf<typeof exportFriendLinks>> {
    requireSystem(actor);
    const links = await this.exports.friendLinks(this.database, data.after, data.limit, new Date());
    return { links, next: links.length === data.limit ? (links.at(-1)?.id ?? null) : null };
  }
}
