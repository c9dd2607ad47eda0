import type { EventEnvelope } from '@memoreel/contracts';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Bus, Headers } from '../bus/bus.js';
import { quoteIdentifier } from '../database/sql.js';
import { outboxChannel } from './outbox.js';

export interface OutboxRelayOptions {
  databaseUrl: string;
  /** The service's schema, whose `outbox_events` this relay drains. */
  schema: string;
  bus: Pick<Bus, 'publishEvent'>;
  logger: Pick<Logger, 'info' | 'warn'>;
  /** Rows claimed per transaction. Default 100. */
  batchSize?: number;
  /** How often to look without a notification (one may be missed while the listener reconnects). Default 1,000 ms. */
  pollIntervalMs?: number;
  /** Pause after a failure, doubled per consecutive failure. Default 100 ms up to 5,000 ms. */
  backoff?: { initialMs: number; maxMs: number };
}

interface OutboxRow {
  id: string;
  payload: EventEnvelope;
  headers: Headers;
}

type BatchOutcome = 'drained' | 'more' | 'failed';

const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Publishes what a service commits to its outbox, in commit order, with the event id as the
 * broker's dedup key. Rows are claimed with FOR UPDATE SKIP LOCKED, so any number of replicas can
 * run one each without publishing a row twice at once. It wakes on the NOTIFY that `recordEvent`
 * sends, polls as a fallback, and outlives broker and database outages: a failed row keeps its
 * place, records the error, and is retried with capped exponential backoff.
 */
export class OutboxRelay {
  private readonly pool: pg.Pool;
  private readonly table: string;
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private readonly backoff: { initialMs: number; maxMs: number };
  private listener: pg.Client | undefined;
  private loop: Promise<void> | undefined;
  private stopped: Promise<void> | undefined;
  private stopping = false;
  private consecutiveFailures = 0;
  /** A commit was notified since the current batch started, so do not sleep. */
  private notified = false;
  private endSleep: (() => void) | undefined;
  private sleepingIdle = false;

  constructor(private readonly options: OutboxRelayOptions) {
    this.pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 2,
      connectionTimeoutMillis: 5_000,
    });
    // An idle connection that drops is replaced on the next checkout; the error itself needs no handling.
    this.pool.on('error', () => {});
    this.table = `${quoteIdentifier(options.schema)}.outbox_events`;
    this.batchSize = options.batchSize ?? 100;
    this.pollIntervalMs = options.pollIntervalMs ?? 1_000;
    this.backoff = options.backoff ?? { initialMs: 100, maxMs: 5_000 };
  }

  /** Starts relaying in the background. */
  start(): void {
    if (this.loop || this.stopping) return;
    this.loop = this.run();
  }

  /** Finishes the batch in flight, then closes the relay's connections. A stopped relay stays stopped. */
  stop(): Promise<void> {
    this.stopped ??= this.close();
    return this.stopped;
  }

  /** Events committed but not yet published (for metrics and tests). */
  async pendingCount(): Promise<number> {
    const { rows } = await this.pool.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM ${this.table} WHERE published_at IS NULL`,
    );
    return rows[0]?.count ?? 0;
  }

  private async close(): Promise<void> {
    this.stopping = true;
    this.endSleep?.();
    await this.loop;
    await this.listener?.end().catch(() => {});
    await this.pool.end();
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      await this.listen();
      const outcome = await this.relayBatch();
      if (outcome === 'failed') await this.sleep(this.nextBackoffMs(), { wakeOnCommit: false });
      else if (outcome === 'drained' && !this.notified)
        await this.sleep(this.pollIntervalMs, { wakeOnCommit: true });
    }
  }

  /** Claims the oldest unpublished rows, publishes them in order, and marks what was published. */
  private async relayBatch(): Promise<BatchOutcome> {
    this.notified = false;
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      return this.failed(`database unavailable: ${describe(error)}`);
    }
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<OutboxRow>(
        `SELECT id, payload, headers FROM ${this.table}
         WHERE published_at IS NULL
         ORDER BY occurred_at, id
         LIMIT $1
         FOR UPDATE SKIP LOCKED`,
        [this.batchSize],
      );
      const { published, failure } = await this.publish(rows);
      if (published.length > 0) {
        await client.query(
          `UPDATE ${this.table} SET published_at = now(), attempts = attempts + 1 WHERE id = ANY($1::uuid[])`,
          [published],
        );
      }
      if (failure) {
        await client.query(
          `UPDATE ${this.table} SET attempts = attempts + 1, last_error = $2 WHERE id = $1`,
          [failure.id, failure.message],
        );
      }
      await client.query('COMMIT');
      client.release();
      if (failure) return this.failed(`publishing ${failure.id} failed: ${failure.message}`);
      this.recovered();
      return rows.length === this.batchSize ? 'more' : 'drained';
    } catch (error) {
      // The rows stay unpublished; any already sent go again, and the broker drops them by msgId.
      await client.query('ROLLBACK').catch(() => {});
      client.release(true);
      return this.failed(`database error: ${describe(error)}`);
    }
  }

  /** Publishes in commit order and stops at the first failure, so later events never overtake it. */
  private async publish(
    rows: OutboxRow[],
  ): Promise<{ published: string[]; failure?: { id: string; message: string } }> {
    const published: string[] = [];
    for (const row of rows) {
      try {
        await this.options.bus.publishEvent(row.payload.type, row.payload, {
          msgId: row.id,
          headers: row.headers,
        });
        published.push(row.id);
      } catch (error) {
        return { published, failure: { id: row.id, message: describe(error) } };
      }
    }
    return { published };
  }

  private failed(reason: string): BatchOutcome {
    this.consecutiveFailures += 1;
    this.options.logger.warn(
      { schema: this.options.schema, failures: this.consecutiveFailures },
      `outbox relay: ${reason}`,
    );
    return 'failed';
  }

  private recovered(): void {
    if (this.consecutiveFailures === 0) return;
    this.options.logger.info(
      { schema: this.options.schema, failures: this.consecutiveFailures },
      'outbox relay: publishing again',
    );
    this.consecutiveFailures = 0;
  }

  private nextBackoffMs(): number {
    const { initialMs, maxMs } = this.backoff;
    return Math.min(maxMs, initialMs * 2 ** (this.consecutiveFailures - 1));
  }

  /** Opens the LISTEN connection if there is none; without one the relay still polls. */
  private async listen(): Promise<void> {
    if (this.listener) return;
    const client = new pg.Client({
      connectionString: this.options.databaseUrl,
      connectionTimeoutMillis: 5_000,
    });
    client.on('notification', () => this.commitNotified());
    client.on('error', () => {
      if (this.listener === client) this.listener = undefined;
      client.end().catch(() => {});
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${quoteIdentifier(outboxChannel(this.options.schema))}`);
      this.listener = client;
    } catch (error) {
      await client.end().catch(() => {});
      this.options.logger.warn(
        { schema: this.options.schema },
        `outbox relay: cannot listen: ${describe(error)}`,
      );
    }
  }

  private commitNotified(): void {
    this.notified = true;
    if (this.sleepingIdle) this.endSleep?.();
  }

  /** Waits `ms`; `stop()` always cuts it short, a commit only when idle (never during backoff). */
  private sleep(ms: number, { wakeOnCommit }: { wakeOnCommit: boolean }): Promise<void> {
    if (this.stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const end = () => {
        clearTimeout(timer);
        this.endSleep = undefined;
        this.sleepingIdle = false;
        resolve();
      };
      const timer = setTimeout(end, ms);
      this.endSleep = end;
      this.sleepingIdle = wakeOnCommit;
    });
  }
}
