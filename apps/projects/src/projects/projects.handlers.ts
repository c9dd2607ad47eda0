import {
  countProjects,
  createInitialProject,
  createProject,
  deleteProject,
  getProject,
  listProjects,
  type Project,
  type ReplyOf,
  type RequestEnvelopeOf,
  renameProject,
  setProjectTier,
  updateVideoSettings,
} from '@memoreel/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ProjectsService } from './projects.service.js';

@Controller()
export class ProjectsHandlers {
  constructor(private readonly projects: ProjectsService) {}

  @MessagePattern(listProjects.subject)
  async list(
    @Payload() { actor }: RequestEnvelopeOf<typeof listProjects>,
  ): Promise<ReplyOf<typeof listProjects>> {
    return { projects: await this.projects.list(actor) };
  }

  @MessagePattern(getProject.subject)
  get(@Payload() { actor, data }: RequestEnvelopeOf<typeof getProject>): Promise<Project> {
    return this.projects.get(actor, data.id);
  }

  @MessagePattern(countProjects.subject)
  count(
    @Payload() { actor }: RequestEnvelopeOf<typeof countProjects>,
  ): Promise<ReplyOf<typeof countProjects>> {
    return this.projects.count(actor);
  }

  @MessagePattern(createProject.subject)
  create(@Payload() { actor, data }: RequestEnvelopeOf<typeof createProject>): Promise<Project> {
    return this.projects.create(actor, data.name);
  }

  @MessagePattern(createInitialProject.subject)
  createInitial(
    @Payload() { actor }: RequestEnvelopeOf<typeof createInitialProject>,
  ): Promise<ReplyOf<typeof createInitialProject>> {
    return this.projects.createInitial(actor);
  }

  @MessagePattern(renameProject.subject)
  rename(@Payload() { actor, data }: RequestEnvelopeOf<typeof renameProject>): Promise<Project> {
    return this.projects.rename(actor, data.id, data.name);
  }

  @MessagePattern(updateVideoSettings.subject)
  updateVideoSettings(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof updateVideoSettings>,
  ): Promise<Project> {
    return this.projects.updateVideoSettings(actor, data.id, data.settings);
  }

  @MessagePattern(deleteProject.subject)
  delete(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof deleteProject>,
  ): Promise<ReplyOf<typeof deleteProject>> {
    return this.projects.delete(actor, data.id);
  }

  @MessagePattern(setProjectTier.subject)
  setTier(@Payload() { actor, data }: RequestEnvelopeOf<typeof setProjectTier>): Promise<Project> {
    return this.projects.setTier(actor, data.id, data.tier);
  }
}
