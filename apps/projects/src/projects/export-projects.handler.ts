import { exportProjects, type ReplyOf, type RequestEnvelopeOf } from '@memoreel/contracts';
import { requireSystem } from '@memoreel/platform';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ProjectsDatabase } from '../database/projects-database.js';
import { ProjectsRepository } from './projects.repository.js';

/** Every project's owner and tier, page by page, for media's replica of projects (decision 0030). */
@Controller()
export class ExportProjectsHandler {
  constructor(
    private readonly database: ProjectsDatabase,
    private readonly projects: ProjectsRepository,
  ) {}

  @MessagePattern(exportProjects.subject)
  async export(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof exportProjects>,
  ): Promise<ReplyOf<typeof exportProjects>> {
    requireSystem(actor);
    const projects = await this.projects.pageOfOwnersAndTiers(this.database, data.after, data.limit);
    return { projects, next: projects.length === data.limit ? (projects.at(-1)?.id ?? null) : null };
  }
}
