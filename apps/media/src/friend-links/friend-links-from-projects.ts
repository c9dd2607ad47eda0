import { exportFriendLinks, SYSTEM } from '@memoreel/contracts';
import { BusClient, LOGGER, type Logger } from '@memoreel/platform';
import { Inject, Injectable } from '@nestjs/common';
import { BackgroundMigration } from '../database/background-migration.js';
import { MediaDatabase } from '../database/media-database.js';
import { FriendLinksRepository } from './friend-links.repository.js';

/** Its name in `data_migrations` (docs/plans/photo-move.md C5). */
export const FRIEND_LINKS_FROM_PROJECTS = 'friend-links-from-projects';
const PAGE = 500;

/**
 * Media takes the upload links over from projects (decision 0030), page by page, once per database
 * and in the background: each link as it is, and the uploads it holds places for now. A link media
 * has already is left as it is, but a deactivation in projects holds, so a second run (for links an
 * old gateway made in projects during the rollout) brings only what is new.
 */
@Injectable()
export class FriendLinksFromProjects extends BackgroundMigration {
  constructor(
    database: MediaDatabase,
    private readonly links: FriendLinksRepository,
    private readonly bus: BusClient,
    @Inject(LOGGER) logger: Logger,
  ) {
    super(database, logger, FRIEND_LINKS_FROM_PROJECTS);
  }

  copy(): Promise<number> {
    return this.eachPage(
      (after) => this.bus.request(exportFriendLinks, SYSTEM, { after, limit: PAGE }),
      (tx, page) => this.links.takeFromProjects(tx, page.links),
    );
  }
}
