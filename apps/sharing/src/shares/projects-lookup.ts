import { type Actor, getProject, type Project } from '@memoreel/contracts';
import { BusClient, DomainError, RemoteError } from '@memoreel/platform';
import { Injectable } from '@nestjs/common';

/** Asks the projects service for a project as the caller, so its ownership rules decide (sharing keeps only a settings snapshot). */
@Injectable()
export class ProjectsLookup {
  constructor(private readonly bus: BusClient) {}

  async get(actor: Actor, projectId: string): Promise<Project> {
    try {
      return await this.bus.request(getProject, actor, { id: projectId });
    } catch (error) {
      // "Project not found", "Unauthorized access", "Authentication required" reach the browser unchanged.
      if (error instanceof RemoteError) throw new DomainError(error.code, error.message, error.details);
      throw error;
    }
  }
}
