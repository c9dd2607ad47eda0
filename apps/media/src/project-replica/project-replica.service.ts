import type { Actor, ProjectOwnerTier } from '@memoreel/contracts';
import { projectMessages, type Tier } from '@memoreel/domain';
import { ownedOrNotFound, ProjectsLookup, requireSignedIn, runOnce } from '@memoreel/platform';
import { Injectable } from '@nestjs/common';
import { MediaDatabase, type MediaTransaction } from '../database/media-database.js';
import type { Delivery } from '../photos/photo-cleanup.service.js';
import { type KnownProject, ProjectReplicaRepository } from './project-replica.repository.js';

/** Keeps media's replica of projects from projects' events, each applied once, and reads it. */
@Injectable()
export class ProjectReplicaService {
  constructor(
    private readonly database: MediaDatabase,
    private readonly projects: ProjectReplicaRepository,
    private readonly lookup: ProjectsLookup,
  ) {}

  async created(
    delivery: Delivery,
    project: { id: string; userId: string; tier: Tier; name: string; at: Date },
  ): Promise<void> {
    await this.once(delivery, (tx) => this.projects.created(tx, project));
  }

  async tierRaised(delivery: Delivery, project: { id: string; userId: string; tier: Tier }): Promise<void> {
    await this.once(delivery, (tx) => this.projects.tierRaised(tx, project));
  }

  async renamed(
    delivery: Delivery,
    project: { id: string; userId: string; name: string; at: Date },
  ): Promise<void> {
    await this.once(delivery, (tx) => this.projects.renamed(tx, project));
  }

  async deleted(delivery: Delivery, project: { id: string; userId: string }): Promise<void> {
    await this.once(delivery, (tx) => this.projects.deleted(tx, project));
  }

  /**
   * The actor's project as media knows it; another's, a deleted or a missing one is "Project not
   * found". A project the replica has not heard of yet (its created event still on the way: a first
   * upload right after the project was made) is read once from projects as the actor and kept.
   */
  async ownedBy(actor: Actor, projectId: string): Promise<KnownProject> {
    const userId = requireSignedIn(actor);
    const known =
      (await this.projects.find(this.database, projectId)) ?? (await this.readThrough(actor, projectId));
    const live = known && !known.deleted ? known : null;
    return ownedOrNotFound(live, (project) => project.userId, userId, projectMessages.notFound);
  }

  /**
   * The actor's project read from projects now, kept, and answered as media then knows it: for a
   * project not heard of yet, or a plan that may just have been raised (its event still on the way).
   */
  async readThrough(actor: Actor, projectId: string): Promise<KnownProject | null> {
    const project = await this.lookup.get(actor, projectId);
    const copy: ProjectOwnerTier = {
      id: project.id,
      userId: project.userId,
      tier: project.product,
      name: project.name,
      createdAt: project.createdAt,
      updatedAt: project.updatedAt,
    };
    await this.database.$transaction((tx) => this.projects.copied(tx, copy));
    return this.projects.find(this.database, projectId);
  }

  private async once(delivery: Delivery, apply: (tx: MediaTransaction) => Promise<void>): Promise<void> {
    await this.database.$transaction((tx) =>
      runOnce(tx, 'media', delivery.consumer, delivery.id, () => apply(tx)),
    );
  }
}
