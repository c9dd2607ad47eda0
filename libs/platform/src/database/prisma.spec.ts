import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@memoreel/testing';
import { Test } from '@nestjs/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createNotesTable,
  loadTestPrismaClient,
  type TestPrismaClient,
} from '../../test/prisma-test-client.js';
import type { PrismaClientClass } from './prisma.js';
import { createPrismaClient, databaseIsReady, withNestLifecycle } from './prisma.js';

let database: TestDatabase;
let sql: pg.Client;
let PrismaClient: PrismaClientClass<TestPrismaClient>;

beforeAll(async () => {
  [database, PrismaClient] = await Promise.all([createTestDatabase(), loadTestPrismaClient()]);
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  for (const schema of ['projects', 'sharing']) {
    await sql.query(`CREATE SCHEMA ${schema}`);
    await sql.query(createNotesTable(schema));
  }
});

afterAll(async () => {
  await sql?.end();
  await database?.drop();
});

describe('createPrismaClient', () => {
  it("sends model queries to the service's schema", async () => {
    const client = createPrismaClient(PrismaClient, { databaseUrl: database.url, schema: 'sharing' });
    try {
      await client.note.create({ data: { id: randomUUID(), body: 'in sharing' } });

      const counts = await sql.query(
        'SELECT (SELECT count(*) FROM sharing.notes)::int AS sharing, (SELECT count(*) FROM projects.notes)::int AS projects',
      );
      expect(counts.rows[0]).toEqual({ sharing: 1, projects: 0 });
    } finally {
      await client.$disconnect();
    }
  });
});

describe('withNestLifecycle', () => {
  it('connects when the Nest module starts and disconnects when it closes', async () => {
    const client = createPrismaClient(PrismaClient, { databaseUrl: database.url, schema: 'projects' });
    const connect = vi.spyOn(client, '$connect');
    const disconnect = vi.spyOn(client, '$disconnect');
    const module = await Test.createTestingModule({
      providers: [{ provide: 'DATABASE', useFactory: () => withNestLifecycle(client) }],
    }).compile();

    await module.init();
    expect(connect).toHaveBeenCalledOnce();
    expect(await databaseIsReady(module.get<TestPrismaClient>('DATABASE'))).toBe(true);
    await module.close();
    expect(disconnect).toHaveBeenCalledOnce();
  });
});

describe('databaseIsReady', () => {
  it('is true when the database answers', async () => {
    const client = createPrismaClient(PrismaClient, { databaseUrl: database.url, schema: 'projects' });
    try {
      expect(await databaseIsReady(client)).toBe(true);
    } finally {
      await client.$disconnect();
    }
  });

  it('is false when the database cannot be reached', async () => {
    const client = createPrismaClient(PrismaClient, {
      databaseUrl: 'postgres://postgres@127.0.0.1:1/none',
      schema: 'x',
    });

    expect(await databaseIsReady(client)).toBe(false);
  });

  it('is false when the database does not answer in time', async () => {
    const hanging = {
      $connect: async () => {},
      $disconnect: async () => {},
      $queryRawUnsafe: () => new Promise<never>(() => {}),
    };
    const started = Date.now();

    expect(await databaseIsReady(hanging, 50)).toBe(false);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
