import { exportProjects, type ReplyOf, SYSTEM } from '@memoreel/contracts';
import { BusClient, LOGGER, type Logger } from '@memoreel/platform';
import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { MediaDatabase } from '../database/media-database.js';
import { ProjectReplicaRepository } from './project-replica.repository.js';

/**
 * The backfill's name in `data_migrations`. A second one since the replica keeps names: a database
 * that ran the first (owners and tiers only) runs this one too and gets its names.
 */
export const BACKFILL = 'project-replica-backfill-names';
const PAGE = 500;
const RETRY_MS = { first: 1_000, most: 30_000 };

/**
 * Fills media's replica with the projects made before media followed their events (decision 0030):
 * once per database, page by page from projects, in the background so media starts at once, retried
 * while projects is not answering. Each row is written as projects has it now (`copied`), so a project
 * the events already brought is not lowered nor given an older name, and a deleted one is not put
 * back; running it twice changes nothing.
 */
@Injectable()
export class ProjectReplicaBackfill implements OnApplicationBootstrap, OnModuleDestroy {
  private stopped = false;
  private running: Promise<void> = Promise.resolve();
  /** Ends the wait before the next try at once, when media stops. */
  private wakeUp: () => void = () => {};

  constructor(
    private readonly database: MediaDatabase,
    private readonly projects: ProjectReplicaRepository,
    private readonly bus: BusClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap() {
    this.running = this.untilDone();
  }

  async onModuleDestroy() {
    this.stopped = true;
    this.wakeUp();
    await this.running;
  }

  /** Copies every page; resolves with how many projects it wrote (0 when it had run before). */
  async run(): Promise<number> {
    if (await this.database.dataMigration.findUnique({ where: { name: BACKFILL } })) return 0;
    let after: string | null = null;
    let copied = 0;
    do {
      const page: ReplyOf<typeof exportProjects> = await this.bus.request(exportProjects, SYSTEM, {
        after,
        limit: PAGE,
      });
      await this.database.$transaction(async (tx) => {
        for (const project of page.projects) await this.projects.copied(tx, project);
      });
      copied += page.projects.length;
      after = page.next;
    } while (after && !this.stopped);
    if (!this.stopped)
      await this.database.dataMigration.upsert({
        where: { name: BACKFILL },
        create: { name: BACKFILL },
        update: {},
      });
    return copied;
  }

  private async untilDone(): Promise<void> {
    for (let wait = RETRY_MS.first; !this.stopped; wait = Math.min(wait * 2, RETRY_MS.most)) {
      try {
        const copied = await this.run();
        if (copied > 0) this.logger.info({ copied }, 'replica of projects filled');
        return;
      } catch (err) {
        this.logger.warn({ err, retryInMs: wait }, 'filling the replica of projects failed; trying again');
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, wait);
          this.wakeUp = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    }
  }
}
