import { randomUUID } from 'node:crypto';
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
import { runOnce } from './idempotency.js';

let database: TestDatabase;
let sql: pg.Client;
let client: TestPrismaClient;

beforeAll(async () => {
  const [created, PrismaClient] = await Promise.all([
    createTestDatabase({ services: ['sharing'], migrate: migrateSchema }),
    loadTestPrismaClient(),
  ]);
  database = created;
  client = createPrismaClient(PrismaClient, { databaseUrl: database.url, schema: 'sharing' });
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  await sql.query(createNotesTable('sharing'));
});

afterAll(async () => {
  await client?.$disconnect();
  await sql?.end();
  await database?.drop();
});

/** One delivery of `eventId` to `consumer`: its effect writes a note, all in one transaction. */
function deliver(consumer: string, eventId: string, effect = () => Promise.resolve()): Promise<boolean> {
  return client.$transaction((tx) =>
    runOnce(tx, 'sharing', consumer, eventId, async () => {
      await effect();
      await tx.note.create({ data: { id: randomUUID(), body: `${consumer} handled ${eventId}` } });
    }),
  );
}

const notesAbout = async (eventId: string) =>
  (await sql.query('SELECT body FROM sharing.notes WHERE body LIKE $1', [`%${eventId}`])).rows.map(
    (r) => r.body,
  );

describe('runOnce', () => {
  it('runs the effect for the first delivery only', async () => {
    const eventId = randomUUID();

    const ran = [
      await deliver('counter', eventId),
      await deliver('counter', eventId),
      await deliver('counter', eventId),
    ];

    expect(ran).toEqual([true, false, false]);
    expect(await notesAbout(eventId)).toEqual([`counter handled ${eventId}`]);
  });

  it('keeps consumers apart: each runs its own effect once', async () => {
    const eventId = randomUUID();

    expect([await deliver('mailer', eventId), await deliver('counter', eventId)]).toEqual([true, true]);
    expect(await notesAbout(eventId)).toHaveLength(2);
  });

  it('runs again after an effect that failed, since nothing of it was committed', async () => {
    const eventId = randomUUID();
    const failing = () => Promise.reject(new Error('storage down'));

    await expect(deliver('counter', eventId, failing)).rejects.toThrow('storage down');
    expect(await deliver('counter', eventId)).toBe(true);
    expect(await notesAbout(eventId)).toHaveLength(1);
  });

  it('runs the effect once when duplicates are delivered at the same time', async () => {
    const eventId = randomUUID();
    const slowly = () => new Promise<void>((resolve) => setTimeout(resolve, 50));

    const ran = await Promise.all([deliver('counter', eventId, slowly), deliver('counter', eventId, slowly)]);

    expect(ran.sort()).toEqual([false, true]);
    expect(await notesAbout(eventId)).toHaveLength(1);
  });
});
