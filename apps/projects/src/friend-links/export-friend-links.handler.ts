import { exportFriendLinks, type ReplyOf, type RequestEnvelopeOf } from '@memoreel/contracts';
import { requireSystem } from '@memoreel/platform';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ProjectsDatabase } from '../database/projects-database.js';
import { FriendLinksRepository } from './friend-links.repository.js';

/** Every upload link with what it holds, page by page, for media to take the links over (decision 0030). */
@Controller()
export class ExportFriendLinksHandler {
  constructor(
    private readonly database: ProjectsDatabase,
    private readonly links: FriendLinksRepository,
  ) {}

  @MessagePattern(exportFriendLinks.subject)
  async export(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof exportFriendLinks>,
  ): Promise<ReplyOf<typeof exportFriendLinks>> {
    requireSystem(actor);
    const links = await this.links.pageForExport(this.database, data.after, data.limit, new Date());
    return { links, next: links.length === data.limit ? (links.at(-1)?.id ?? null) : null };
  }
}
