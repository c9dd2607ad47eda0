import type { Tier } from '@memoreel/domain';
import { runOnce } from '@memoreel/platform';
import { Injectable } from '@nestjs/common';
import { MediaDatabase, type MediaTransaction } from '../database/media-database.js';
import type { Delivery } from '../photos/photo-cleanup.service.js';
import { ProjectReplicaRepository } from './project-replica.repository.js';

/** Keeps media's replica of projects from projects' events, each applied once. */
@Injectable()
export class ProjectReplicaService {
  constructor(
    private readonly database: MediaDatabase,
    private readonly projects: ProjectReplicaRepository,
  ) {}

  async created(delivery: Delivery, project: { id: string; userId: string; tier: Tier }): Promise<void> {
    await this.once(delivery, (tx) => this.projects.created(tx, project));
  }

  async tierRaised(delivery: Delivery, project: { id: string; userId: string; tier: Tier }): Promise<void> {
    await this.once(delivery, (tx) => this.projects.tierRaised(tx, project));
  }

  async deleted(delivery: Delivery, project: { id: string; userId: string }): Promise<void> {
    await this.once(delivery, (tx) => this.projects.deleted(tx, project));
  }

  private async once(delivery: Delivery, apply: (tx: MediaTransaction) => Promise<void>): Promise<void> {
    await this.database.$transaction((tx) =>
      runOnce(tx, 'media', delivery.consumer, delivery.id, () => apply(tx)),
    );
  }
}
