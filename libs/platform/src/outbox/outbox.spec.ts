import { randomUUID } from 'node:crypto';
import { type EventEnvelope, SYSTEM } from '@memoreel/contracts';
import { createTestDatabase, type TestDatabase } from '@memoreel/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createNotesTable,
  loadTestPrismaClient,
  type TestPrismaClient,
} from '../../test/prisma-test-client.js';
import { migrateSchema } from '../database/migrate.js';
import { createPrismaClient } from '../database/prisma.js';
import { outboxChannel, recordEvent } from './outbox.js';

let database: TestDatabase;
let sql: pg.Client;
let client: TestPrismaClient;

beforeAll(async () => {
  const [created, PrismaClient] = await Promise.all([
    createTestDatabase({ services: ['projects'], migrate: migrateSchema }),
    loadTestPrismaClient(),
  ]);
  database = created;
  client = createPrismaClient(PrismaClient, { databaseUrl: database.url, schema: 'projects' });
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  await sql.query(createNotesTable('projects'));
});

afterAll(async () => {
  await client?.$disconnect();
  await sql?.end();
  await database?.drop();
});

function probeRecorded(): EventEnvelope {
  const id = randomUUID();
  return {
    id,
    type: 'projects.probe.recorded',
    occurredAt: '2026-11-23T10:00:00.123Z',
    actor: SYSTEM,
    data: { id, note: 'hello', recordedAt: '2026-11-23T10:00:00.123Z' },
  };
}

const outboxRow = async (id: string) =>
  (await sql.query('SELECT * FROM projects.outbox_events WHERE id = $1', [id])).rows[0];
const noteExists = async (id: string) =>
  (await sql.query('SELECT 1 FROM projects.notes WHERE id = $1', [id])).rowCount === 1;

class Rollback extends Error {}

describe('recordEvent', () => {
  it('stores the event with the change that caused it when the transaction commits', async () => {
    const event = probeRecorded();
    const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';

    await client.$transaction(async (tx) => {
      await tx.note.create({ data: { id: event.id, body: 'state change' } });
      await recordEvent(tx, 'projects', event, { traceparent });
    });

    expect(await noteExists(event.id)).toBe(true);
    expect(await outboxRow(event.id)).toEqual({
      id: event.id,
      type: 'projects.probe.recorded',
      payload: event,
      headers: { traceparent },
      occurred_at: new Date(event.occurredAt),
      published_at: null,
      attempts: 0,
      last_error: null,
    });
  });

  it('leaves neither the change nor the event when the transaction rolls back', async () => {
    const event = probeRecorded();

    const transaction = client.$transaction(async (tx) => {
      await tx.note.create({ data: { id: event.id, body: 'state change' } });
      await recordEvent(tx, 'projects', event);
      throw new Rollback();
    });

    await expect(transaction).rejects.toBeInstanceOf(Rollback);
    expect(await noteExists(event.id)).toBe(false);
    expect(await outboxRow(event.id)).toBeUndefined();
  });

  it('notifies the relay at commit, and never for a rolled back event', async () => {
    const listener = new pg.Client({ connectionString: database.url });
    await listener.connect();
    const notified: (string | undefined)[] = [];
    listener.on('notification', (notification) => notified.push(notification.payload));
    await listener.query(`LISTEN "${outboxChannel('projects')}"`);
    const [rolledBack, committed] = [probeRecorded(), probeRecorded()];
    try {
      await client
        .$transaction(async (tx) => {
          await recordEvent(tx, 'projects', rolledBack);
          throw new Rollback();
        })
        .catch(() => {});
      await client.$transaction(async (tx) => recordEvent(tx, 'projects', committed));

      await expect.poll(() => notified).toEqual([committed.id]);
    } finally {
      await listener.end();
    }
  });
});
