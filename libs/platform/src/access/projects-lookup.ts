import { type Actor, getProject, type Project } from '@memoreel/contracts';
import { Injectable } from '@nestjs/common';
import { BusClient } from '../bus/bus-client.js';
import { passRemoteErrors } from './remote-errors.js';

/**
 * Asks the projects service for a project as the caller, so its access rule decides (the owner,
 * or an admin reading): another's project and a missing one both answer "Project not found",
 * passed on unchanged. Services that hang things off a project keep no copy of who owns it.
 */
@Injectable()
export class ProjectsLookup {
  constructor(private readonly bus: BusClient) {}

  get(actor: Actor, projectId: string): Promise<Project> {
    return passRemoteErrors(() => this.bus.request(getProject, actor, { id: projectId }));
  }
}
