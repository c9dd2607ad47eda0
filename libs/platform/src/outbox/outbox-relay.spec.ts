import { randomUUID } from 'node:crypto';
import { type EventEnvelope, SYSTEM } from '@memoreel/contracts';
import {
  createTestDatabase,
  deleteNamespaceStreams,
  NATS_URL,
  type TestDatabase,
  uniqueNamespace,
} from '@memoreel/testing';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadTestPrismaClient, type TestPrismaClient } from '../../test/prisma-test-client.js';
import type { Bus, DeliveredMessage, PublishOptions } from '../bus/bus.js';
import { InProcessBus } from '../bus/in-process-bus.js';
import { connectNatsBus } from '../bus/nats-bus.js';
import { migrateSchema } from '../database/migrate.js';
import { createPrismaClient } from '../database/prisma.js';
import { recordEvent, recordJob } from './outbox.js';
import { OutboxRelay, type OutboxRelayOptions } from './outbox-relay.js';

type Publisher = Pick<Bus, 'publishEvent'>;

/** Sits in front of the real bus: records every publish call and can fail or slow them down. */
class PublishLog implements Publisher {
  readonly calls: { subject: string; msgId: string; headers?: Record<string, string> }[] = [];
  failWith: Error | undefined;
  delayMs = 0;

  constructor(private readonly bus: Publisher) {}

  async publishEvent(subject: string, payload: unknown, options: PublishOptions): Promise<void> {
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    if (this.failWith) throw this.failWith;
    this.calls.push({ subject, msgId: options.msgId, headers: options.headers });
    await this.bus.publishEvent(subject, payload, options);
  }
}

/** A broker that answers but refuses some messages (as NATS refuses one over its max payload). */
class RefusingBroker implements Publisher, Pick<Bus, 'isReady'> {
  readonly attempts: string[] = [];
  constructor(
    private readonly bus: Publisher,
    private readonly refused: Set<string>,
  ) {}

  async publishEvent(subject: string, payload: unknown, options: PublishOptions): Promise<void> {
    this.attempts.push(options.msgId);
    if (this.refused.has(options.msgId)) throw new Error('MAX_PAYLOAD_EXCEEDED');
    await this.bus.publishEvent(subject, payload, options);
  }

  async isReady(): Promise<boolean> {
    return true;
  }
}

let database: TestDatabase;
let sql: pg.Client;
let client: TestPrismaClient;
let bus: InProcessBus;
let delivered: DeliveredMessage[];
const relays: OutboxRelay[] = [];
const logger = pino({ level: 'silent' });

beforeAll(async () => {
  const [created, PrismaClient] = await Promise.all([
    createTestDatabase({ services: ['projects'], migrate: migrateSchema }),
    loadTestPrismaClient(),
  ]);
  database = created;
  client = createPrismaClient(PrismaClient, { databaseUrl: database.url, schema: 'projects' });
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
});

beforeEach(async () => {
  await sql.query('TRUNCATE projects.outbox_events, projects.outbox_dead_letters');
  bus = new InProcessBus();
  delivered = [];
  await bus.consumeEvents({ durable: 'relay-spec', subjects: ['projects.>'] }, async (message) => {
    delivered.push(message);
  });
});

afterEach(async () => {
  await Promise.all(relays.splice(0).map((relay) => relay.stop()));
  await bus.close();
});

afterAll(async () => {
  await client?.$disconnect();
  await sql?.end();
  await database?.drop();
});

function startRelay(publisher: Publisher, options: Partial<OutboxRelayOptions> = {}): OutboxRelay {
  const relay = new OutboxRelay({
    databaseUrl: database.url,
    schema: 'projects',
    bus: publisher,
    logger,
    ...options,
  });
  relays.push(relay);
  relay.start();
  return relay;
}

/** Commits `count` events in one transaction, a millisecond apart; returns their ids in order. */
async function commitEvents(
  count: number,
  data: (i: number) => unknown = (i) => ({ sequence: i }),
): Promise<string[]> {
  const start = Date.now();
  const events: EventEnvelope[] = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    type: 'projects.probe.recorded',
    occurredAt: new Date(start + i).toISOString(),
    actor: SYSTEM,
    data: data(i),
  }));
  await client.$transaction(async (tx) => {
    for (const event of events)
      await recordEvent(tx, 'projects', event, { traceparent: `trace-${event.id}` });
  });
  return events.map((event) => event.id);
}

const unpublished = async () =>
  (await sql.query('SELECT count(*)::int AS n FROM projects.outbox_events WHERE published_at IS NULL'))
    .rows[0].n;
const rowsById = async (ids: string[]) =>
  (await sql.query('SELECT * FROM projects.outbox_events WHERE id = ANY($1::uuid[])', [ids])).rows;

describe('OutboxRelay', () => {
  it('publishes every committed event once, in order, with its id as msgId, and marks it', async () => {
    const ids = await commitEvents(250);
    const log = new PublishLog(bus);

    const relay = startRelay(log);

    await expect.poll(unpublished).toBe(0);
    expect(await relay.pendingCount()).toBe(0);
    expect(log.calls.map((call) => call.msgId)).toEqual(ids);
    expect(log.calls[0]).toEqual({
      subject: 'projects.probe.recorded',
      msgId: ids[0],
      headers: { traceparent: `trace-${ids[0]}` },
    });
    await expect.poll(() => delivered.length).toBe(250);
    expect(delivered.every((message) => message.msgId === (message.payload as EventEnvelope).id)).toBe(true);
    const rows = await rowsById(ids);
    expect(
      rows.every((row) => row.published_at instanceof Date && row.attempts === 1 && row.last_error === null),
    ).toBe(true);
  });

  it('puts a recorded job on the work queue once, without its outbox marker, and an event beside it on the events', async () => {
    const jobs: DeliveredMessage[] = [];
    await bus.consumeJobs(
      { durable: 'relay-spec-jobs', subjects: ['projects.probe.rebuild'] },
      async (job) => {
        jobs.push(job);
      },
    );
    const job: EventEnvelope = {
      id: randomUUID(),
      type: 'projects.probe.rebuild',
      occurredAt: new Date().toISOString(),
      actor: SYSTEM,
      data: { projectId: randomUUID() },
    };
    await client.$transaction(async (tx) => {
      await recordJob(tx, 'projects', job, { traceparent: 'trace-job' });
      // The same job again (a retried transaction, a second planner) is recorded once.
      await recordJob(tx, 'projects', job);
    });
    const [eventId] = await commitEvents(1);
    startRelay(bus);

    await expect.poll(unpublished).toBe(0);
    await expect.poll(() => jobs.length).toBe(1);
    expect(jobs[0]).toMatchObject({ msgId: job.id, payload: job, headers: { traceparent: 'trace-job' } });
    await expect.poll(() => delivered.map((message) => message.msgId)).toEqual([eventId]);
  });

  it('wakes up on a commit instead of waiting for its next poll', async () => {
    startRelay(bus, { pollIntervalMs: 60_000 });
    await expect.poll(unpublished).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 50));

    const [id] = await commitEvents(1);

    await expect.poll(() => delivered.map((message) => message.msgId), { timeout: 1_000 }).toEqual([id]);
  });

  it('keeps retrying through a broker outage, recording the error, then drains', async () => {
    const log = new PublishLog(bus);
    log.failWith = new Error('broker unavailable');
    const ids = await commitEvents(5);

    startRelay(log, { backoff: { initialMs: 10, maxMs: 40 } });

    await expect.poll(async () => (await rowsById([ids[0]!]))[0].attempts).toBeGreaterThanOrEqual(3);
    const [first] = await rowsById([ids[0]!]);
    expect(first).toMatchObject({ published_at: null, last_error: 'broker unavailable' });
    expect(await unpublished()).toBe(5);

    log.failWith = undefined;

    await expect.poll(unpublished).toBe(0);
    await expect.poll(() => delivered.map((message) => message.msgId)).toEqual(ids);
  });

  it('never publishes a row twice when two relays share the outbox', async () => {
    const ids = await commitEvents(200);
    const [left, right] = [new PublishLog(bus), new PublishLog(bus)];
    left.delayMs = right.delayMs = 1;

    startRelay(left, { batchSize: 10 });
    startRelay(right, { batchSize: 10 });

    await expect.poll(unpublished, { timeout: 10_000 }).toBe(0);
    const published = [...left.calls, ...right.calls].map((call) => call.msgId);
    expect(published.sort()).toEqual([...ids].sort());
    expect(left.calls.length).toBeGreaterThan(0);
    expect(right.calls.length).toBeGreaterThan(0);
  });

  it('finishes the batch in flight when stopped', async () => {
    const log = new PublishLog(bus);
    log.delayMs = 20;
    await commitEvents(5);
    const relay = new OutboxRelay({ databaseUrl: database.url, schema: 'projects', bus: log, logger });
    relay.start();
    await expect.poll(() => log.calls.length).toBeGreaterThan(0);

    await Promise.all([relay.stop(), relay.stop()]);

    expect(log.calls).toHaveLength(5);
    expect(await unpublished()).toBe(0);
  });

  it('parks a row the broker keeps refusing; the next events go on without waiting for its retries', async () => {
    const [poison, ...later] = await commitEvents(3);
    const broker = new RefusingBroker(bus, new Set([poison!]));

    startRelay(broker, { maxAttempts: 3, retryIntervalMs: 50 });

    await expect.poll(() => delivered.map((message) => message.msgId)).toEqual(later);
    // The later events went out right after the first refusal, before any retry of the poison row.
    expect(broker.attempts.slice(0, 3)).toEqual([poison, ...later]);
    await expect
      .poll(async () => (await sql.query('SELECT * FROM projects.outbox_dead_letters')).rows)
      .toEqual([
        expect.objectContaining({
          id: poison,
          type: 'projects.probe.recorded',
          attempts: 3,
          last_error: 'MAX_PAYLOAD_EXCEEDED',
        }),
      ]);
    expect(broker.attempts.filter((id) => id === poison)).toHaveLength(3);
    expect(await rowsById([poison!])).toEqual([]);
    expect(await unpublished()).toBe(0);
  });

  it("with real NATS: an event over the broker's max payload is parked and the next one is delivered", async () => {
    const namespace = uniqueNamespace('poison');
    const nats = await connectNatsBus({ servers: NATS_URL, namespace, name: 'relay-poison-test' });
    const received: string[] = [];
    try {
      await nats.consumeEvents({ durable: 'poison-spec', subjects: ['projects.>'] }, async (message) => {
        received.push(message.msgId ?? '');
      });
      const [tooLarge] = await commitEvents(1, () => ({ blob: 'x'.repeat(2 * 1024 * 1024) }));
      const [next] = await commitEvents(1);

      startRelay(nats, { maxAttempts: 2, retryIntervalMs: 50 });

      await expect.poll(() => received, { timeout: 10_000 }).toEqual([next]);
      await expect
        .poll(async () => (await sql.query('SELECT id FROM projects.outbox_dead_letters')).rows, {
          timeout: 10_000,
        })
        .toEqual([{ id: tooLarge }]);
    } finally {
      await Promise.all(relays.splice(0).map((relay) => relay.stop()));
      await nats.close();
      await deleteNamespaceStreams(namespace);
    }
  });

  it('prunes published rows and processed-event ids past the retention, and keeps the rest', async () => {
    const [old, recent, pending] = await commitEvents(3);
    await sql.query(
      `UPDATE projects.outbox_events SET published_at = now() - interval '8 days' WHERE id = $1;`,
      [old],
    );
    await sql.query(`UPDATE projects.outbox_events SET published_at = now() WHERE id = $1`, [recent]);
    await sql.query('TRUNCATE projects.processed_events');
    await sql.query(
      `INSERT INTO projects.processed_events (consumer, event_id, processed_at)
       VALUES ('c', $1, now() - interval '8 days'), ('c', $2, now())`,
      [randomUUID(), randomUUID()],
    );
    const relay = new OutboxRelay({ databaseUrl: database.url, schema: 'projects', bus, logger });
    relays.push(relay);

    expect(await relay.prune()).toEqual({ published: 1, processed: 1 });

    expect((await rowsById([old!, recent!, pending!])).map((row) => row.id).sort()).toEqual(
      [recent, pending].sort(),
    );
    expect((await sql.query('SELECT count(*)::int AS n FROM projects.processed_events')).rows[0].n).toBe(1);
  });
});
