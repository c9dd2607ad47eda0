import { exportProjects, SYSTEM } from '@memoreel/contracts';
import { BusClient, LOGGER, type Logger } from '@memoreel/platform';
import { Inject, Injectable } from '@nestjs/common';
import { BackgroundMigration } from '../database/background-migration.js';
import { MediaDatabase } from '../database/media-database.js';
import { ProjectReplicaRepository } from './project-replica.repository.js';

/**
 * The backfill's name in `data_migrations`. A second one since the replica keeps names: a database
 * that ran the first (owners and tiers only) runs this one too and gets its names.
 */
export const BACKFILL = 'project-replica-backfill-names';
const PAGE = 500;

/**
 * Fills media's replica with the projects made before media followed their events (decision 0030):
 * once per database, page by page from projects, in the background. Each row is written as projects
 * has it now (`copied`), so a project the events already brought is not lowered nor given an older
 * name, and a deleted one is not put back; running it twice changes nothing.
 */
@Injectable()
export class ProjectReplicaBackfill extends BackgroundMigration {
  constructor(
    database: MediaDatabase,
    private readonly projects: ProjectReplicaRepository,
    private readonly bus: BusClient,
    @Inject(LOGGER) logger: Logger,
  ) {
    super(database, logger, BACKFILL);
  }

  protected copy(): Promise<number> {
    return this.eachPage(
      (after) => this.bus.request(exportProjects, SYSTEM, { after, limit: PAGE }),
      async (tx, page) => {
        for (const project of page.projects) await this.projects.copied(tx, project);
        return page.projects.length;
      },
    );
  }
}
