import type { Logger } from '@memoreel/platform';
import type { OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { MediaDatabase, MediaTransaction } from './media-database.js';

const RETRY_MS = { first: 1_000, most: 30_000 };

/**
 * A one-time data migration that media runs in the background at start, so it serves at once: done
 * once per database (its name in `data_migrations`), retried with backoff while what it reads from
 * is not answering, and stopped between pages when media stops. `copy` must be idempotent: a start
 * cut short runs it again from the beginning.
 */
export abstract class BackgroundMigration implements OnApplicationBootstrap, OnModuleDestroy {
  protected stopped = false;
  private running: Promise<void> = Promise.resolve();
  /** Ends the wait before the next try at once, when media stops. */
  private wakeUp: () => void = () => {};

  protected constructor(
    protected readonly database: MediaDatabase,
    protected readonly logger: Logger,
    /** Its name in `data_migrations`. */
    private readonly name: string,
  ) {}

  /** Every row it copies, page by page (checking `stopped` between pages); resolves with how many it wrote. */
  protected abstract copy(): Promise<number>;

  /**
   * Fetches page after page (`next` names where the following one starts, null at the end), each
   * applied in one transaction, until the end or until media stops; resolves with what `apply` counted.
   */
  protected async eachPage<Page extends { next: string | null }>(
    fetch: (after: string | null) => Promise<Page>,
    apply: (tx: MediaTransaction, page: Page) => Promise<number>,
  ): Promise<number> {
    let after: string | null = null;
    let written = 0;
    do {
      const page = await fetch(after);
      written += await this.database.$transaction((tx) => apply(tx, page));
      after = page.next;
    } while (after && !this.stopped);
    return written;
  }

  onApplicationBootstrap() {
    this.running = this.untilDone();
  }

  async onModuleDestroy() {
    this.stopped = true;
    this.wakeUp();
    await this.running;
  }

  /** Copies every page; resolves with how many rows it wrote (0 when it had run before). */
  async run(): Promise<number> {
    if (await this.database.dataMigration.findUnique({ where: { name: this.name } })) return 0;
    const copied = await this.copy();
    if (!this.stopped)
      await this.database.dataMigration.upsert({
        where: { name: this.name },
        create: { name: this.name },
        update: {},
      });
    return copied;
  }

  private async untilDone(): Promise<void> {
    for (let wait = RETRY_MS.first; !this.stopped; wait = Math.min(wait * 2, RETRY_MS.most)) {
      try {
        const copied = await this.run();
        if (copied > 0) this.logger.info({ migration: this.name, copied }, 'data migration done');
        return;
      } catch (err) {
        this.logger.warn(
          { err, migration: this.name, retryInMs: wait },
          'data migration failed; trying again',
        );
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
