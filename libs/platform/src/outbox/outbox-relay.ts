import type { EventEnvelope } from '@memoreel/contracts';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Bus, Headers } from '../bus/bus.js';
import { quoteIdentifier } from '../database/sql.js';
import { outboxEventsParked } from '../telemetry/metrics.js';
import { OUTBOX_JOB_HEADER, outboxChannel } from './outbox.js';

export interface OutboxRelayOptions {
  databaseUrl: string;
  /** The service's schema, whose `outbox_events` this relay drains. */
  schema: string;
  /**
   * `isReady` tells a refused row (broker answering) from an outage (broker gone); without it, every
   * failure is an outage. `enqueueJob` relays the jobs `recordJob` stored.
   */
  bus: Pick<Bus, 'publishEvent'> & Partial<Pick<Bus, 'isReady' | 'enqueueJob'>>;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** Rows claimed per transaction. Default 100. */
  batchSize?: number;
  /** How often to look without a notification (one may be missed while the listener reconnects). Default 1,000 ms. */
  pollIntervalMs?: number;
  /** Pause after a failure, doubled per consecutive failure. Default 100 ms up to 5,000 ms. */
  backoff?: { initialMs: number; maxMs: number };
  /** Attempts at a row the broker refuses while it takes others, before the row is parked. Default 5. */
  maxAttempts?: number;
  /** How long a refused row waits before its next attempt; later rows go on meanwhile. Default 1,000 ms. */
  retryIntervalMs?: number;
  /** Published rows and processed-event ids older than this are deleted. Default 7 days. */
  retentionMs?: number;
  /** How often that clean-up runs. Default hourly. */
  pruneIntervalMs?: number;
}

interface OutboxRow {
  id: string;
  payload: EventEnvelope;
  headers: Headers;
}

interface PublishOutcome {
  published: string[];
  /** Rows the broker refused while it was otherwise answering: retried later, parked at maxAttempts. */
  refused: { id: string; message: string }[];
  /** The first failure while the broker was not answering: the batch stops there (commit order). */
  outage?: { id: string; message: string };
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
  private readonly schema: string;
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private readonly backoff: { initialMs: number; maxMs: number };
  private readonly maxAttempts: number;
  private readonly retryIntervalMs: number;
  private readonly retentionMs: number;
  private readonly pruneIntervalMs: number;
  private listener: pg.Client | undefined;
  private loop: Promise<void> | undefined;
  private stopped: Promise<void> | undefined;
  private stopping = false;
  private consecutiveFailures = 0;
  /** A commit was notified since the current batch started, so do not sleep. */
  private notified = false;
  private endSleep: (() => void) | undefined;
  private sleepingIdle = false;
  /** Refused rows and when they may be tried again (ms since epoch). */
  private readonly retryAt = new Map<string, number>();
  private lastPrunedAt = 0;

  constructor(private readonly options: OutboxRelayOptions) {
    this.pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 2,
      connectionTimeoutMillis: 5_000,
    });
    // An idle connection that drops is replaced on the next checkout; the error itself needs no handling.
    this.pool.on('error', () => {});
    // Nor does a checked-out one's (the pool listens only to idle clients): the database restarting
    // mid-batch fails the query in flight, and the batch is retried, instead of ending the process.
    this.pool.on('connect', (client) => client.on('error', () => {}));
    this.schema = quoteIdentifier(options.schema);
    this.table = `${this.schema}.outbox_events`;
    this.batchSize = options.batchSize ?? 100;
    this.pollIntervalMs = options.pollIntervalMs ?? 1_000;
    this.backoff = options.backoff ?? { initialMs: 100, maxMs: 5_000 };
    this.maxAttempts = options.maxAttempts ?? 5;
    this.retryIntervalMs = options.retryIntervalMs ?? 1_000;
    this.retentionMs = options.retentionMs ?? 7 * 24 * 3_600_000;
    this.pruneIntervalMs = options.pruneIntervalMs ?? 3_600_000;
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
      await this.pruneWhenDue();
      const outcome = await this.relayBatch();
      if (outcome === 'failed') await this.sleep(this.nextBackoffMs(), { wakeOnCommit: false });
      else if (outcome === 'drained' && !this.notified)
        await this.sleep(Math.min(this.pollIntervalMs, this.untilNextRetryMs()), { wakeOnCommit: true });
    }
  }

  /**
   * Claims the oldest unpublished rows and publishes them in commit order. A row the broker
   * refuses while it takes others (too large, invalid) waits `retryIntervalMs` while later rows
   * go on, and after `maxAttempts` it is parked in outbox_dead_letters: one poison row never
   * holds up the rest. While the broker is gone the batch stops at its first row and backs off.
   */
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
      const { published, refused, outage } = await this.publish(rows);
      if (published.length > 0) {
        await client.query(
          `UPDATE ${this.table} SET published_at = now(), attempts = attempts + 1 WHERE id = ANY($1::uuid[])`,
          [published],
        );
      }
      const parked: { id: string; message: string; attempts: number }[] = [];
      for (const failure of outage ? [...refused, outage] : refused) {
        const { rows: updated } = await client.query<{ attempts: number }>(
          `UPDATE ${this.table} SET attempts = attempts + 1, last_error = $2 WHERE id = $1 RETURNING attempts`,
          [failure.id, failure.message],
        );
        const attempts = updated[0]?.attempts ?? 0;
        if (failure !== outage && attempts >= this.maxAttempts) {
          await this.park(client, failure.id);
          parked.push({ ...failure, attempts });
        }
      }
      await client.query('COMMIT');
      client.release();
      for (const row of parked) {
        this.retryAt.delete(row.id);
        outboxEventsParked.inc({ schema: this.options.schema });
        this.options.logger.error(
          { schema: this.options.schema, eventId: row.id, attempts: row.attempts },
          `outbox relay: parked event ${row.id} in outbox_dead_letters after ${row.attempts} attempts: ${row.message}`,
        );
      }
      if (outage) return this.failed(`publishing ${outage.id} failed: ${outage.message}`);
      this.recovered();
      // A full batch of rows waiting for their retry is not "more": sleep until the next poll.
      return rows.length === this.batchSize && published.length > 0 ? 'more' : 'drained';
    } catch (error) {
      // The rows stay unpublished; any already sent go again, and the broker drops them by msgId.
      await client.query('ROLLBACK').catch(() => {});
      client.release(true);
      return this.failed(`database error: ${describe(error)}`);
    }
  }

  /** Moves one row to the dead-letter table, inside the caller's transaction. */
  private async park(client: pg.PoolClient, id: string): Promise<void> {
    await client.query(
      `WITH parked AS (DELETE FROM ${this.table} WHERE id = $1
         RETURNING id, type, payload, headers, occurred_at, attempts, last_error)
       INSERT INTO ${this.schema}.outbox_dead_letters (id, type, payload, headers, occurred_at, attempts, last_error)
       SELECT id, type, payload, headers, occurred_at, attempts, last_error FROM parked`,
      [id],
    );
  }

  /** Publishes in commit order; a refused row is passed over (and its later rows go on) only while the broker answers. */
  private async publish(rows: OutboxRow[]): Promise<PublishOutcome> {
    const outcome: PublishOutcome = { published: [], refused: [] };
    const now = Date.now();
    for (const row of rows) {
      if ((this.retryAt.get(row.id) ?? 0) > now) continue;
      try {
        await this.send(row);
        outcome.published.push(row.id);
        this.retryAt.delete(row.id);
      } catch (error) {
        const failure = { id: row.id, message: describe(error) };
        if (!(await this.brokerAnswers(outcome))) return { ...outcome, outage: failure };
        outcome.refused.push(failure);
        this.retryAt.set(row.id, now + this.retryIntervalMs);
      }
    }
    return outcome;
  }

  /** An event is published; a job (`recordJob`) goes on the work queue, without the outbox's marker. */
  private async send(row: OutboxRow): Promise<void> {
    const { [OUTBOX_JOB_HEADER]: job, ...headers } = row.headers;
    if (job === undefined) {
      await this.options.bus.publishEvent(row.payload.type, row.payload, { msgId: row.id, headers });
      return;
    }
    if (!this.options.bus.enqueueJob) throw new Error('This relay cannot enqueue jobs');
    await this.options.bus.enqueueJob(row.payload.type, row.payload, { msgId: row.id, headers });
  }

  /** Time until the soonest refused row may be tried again (Infinity when none waits). */
  private untilNextRetryMs(): number {
    if (this.retryAt.size === 0) return Number.POSITIVE_INFINITY;
    return Math.max(0, Math.min(...this.retryAt.values()) - Date.now());
  }

  /** Whether the broker takes messages: it just took one of this batch, or it says it is ready. */
  private async brokerAnswers(outcome: PublishOutcome): Promise<boolean> {
    if (outcome.published.length > 0) return true;
    if (!this.options.bus.isReady) return false;
    return this.options.bus.isReady().catch(() => false);
  }

  /** Deletes what no one needs any more: published rows and processed-event ids past the retention. */
  async prune(now = new Date()): Promise<{ published: number; processed: number }> {
    const before = new Date(now.getTime() - this.retentionMs);
    const published = await this.pool.query(
      `DELETE FROM ${this.table} WHERE published_at IS NOT NULL AND published_at < $1`,
      [before],
    );
    const processed = await this.pool.query(
      `DELETE FROM ${this.schema}.processed_events WHERE processed_at < $1`,
      [before],
    );
    return { published: published.rowCount ?? 0, processed: processed.rowCount ?? 0 };
  }

  private async pruneWhenDue(): Promise<void> {
    if (Date.now() - this.lastPrunedAt < this.pruneIntervalMs) return;
    this.lastPrunedAt = Date.now();
    await this.prune().catch((error: unknown) =>
      this.options.logger.warn(
        { schema: this.options.schema },
        `outbox relay: pruning failed: ${describe(error)}`,
      ),
    );
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
