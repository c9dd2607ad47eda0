import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, migrationsDirOf, type TestDatabase } from '@memoreel/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FailedMigrationError, MigrationChecksumError, migrateSchema } from './migrate.js';

const CREATE_ITEMS = 'CREATE TABLE items (id integer PRIMARY KEY);\n';
const ADD_NAME = 'ALTER TABLE items ADD COLUMN name text;\n';

let database: TestDatabase;
let sql: pg.Client;
let scratch: string;

beforeAll(async () => {
  database = await createTestDatabase();
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  scratch = await mkdtemp(join(tmpdir(), 'memoreel-migrations-'));
});

afterAll(async () => {
  await sql?.end();
  await database?.drop();
  await rm(scratch, { recursive: true, force: true });
});

/** A migrations folder in Prisma's layout holding the given `name → SQL` migrations. */
async function migrationsDir(migrations: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(scratch, 'dir-'));
  await addMigrations(dir, migrations);
  return dir;
}

async function addMigrations(dir: string, migrations: Record<string, string>): Promise<void> {
  for (const [name, script] of Object.entries(migrations)) {
    await mkdir(join(dir, name), { recursive: true });
    await writeFile(join(dir, name, 'migration.sql'), script);
  }
}

async function tablesIn(schema: string): Promise<string[]> {
  const { rows } = await sql.query<{ table_name: string }>(
    'SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name',
    [schema],
  );
  return rows.map((row) => row.table_name);
}

async function history(schema: string) {
  const { rows } = await sql.query(
    `SELECT id, checksum, migration_name, finished_at, rolled_back_at, logs, applied_steps_count
     FROM "${schema}"._prisma_migrations ORDER BY migration_name`,
  );
  return rows;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('migrateSchema', () => {
  it('applies the migrations in order inside the schema and records them as Prisma does', async () => {
    const dir = await migrationsDir({
      '20260102000000_add_name': ADD_NAME,
      '20260101000000_create_items': CREATE_ITEMS,
    });

    const applied = await migrateSchema({ databaseUrl: database.url, schema: 'first', migrationsDir: dir });

    expect(applied).toEqual(['20260101000000_create_items', '20260102000000_add_name']);
    expect(await tablesIn('first')).toEqual(['_prisma_migrations', 'items']);
    expect(await tablesIn('public')).toEqual([]);
    expect(await history('first')).toEqual([
      expect.objectContaining({
        migration_name: '20260101000000_create_items',
        checksum: sha256(CREATE_ITEMS),
        finished_at: expect.any(Date),
        rolled_back_at: null,
        logs: null,
        applied_steps_count: 1,
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      }),
      expect.objectContaining({ migration_name: '20260102000000_add_name', checksum: sha256(ADD_NAME) }),
    ]);
  });

  it('does nothing when run again, then applies only what was added', async () => {
    const dir = await migrationsDir({ '20260101000000_create_items': CREATE_ITEMS });
    const options = { databaseUrl: database.url, schema: 'second', migrationsDir: dir };
    await migrateSchema(options);

    expect(await migrateSchema(options)).toEqual([]);
    await addMigrations(dir, { '20260102000000_add_name': ADD_NAME });
    expect(await migrateSchema(options)).toEqual(['20260102000000_add_name']);
    expect(await history('second')).toHaveLength(2);
  });

  it('lets replicas that start together apply each migration once', async () => {
    const dir = await migrationsDir({
      '20260101000000_create_items': CREATE_ITEMS,
      '20260102000000_add_name': ADD_NAME,
    });
    const options = { databaseUrl: database.url, schema: 'racing', migrationsDir: dir };

    const results = await Promise.all([1, 2, 3, 4].map(() => migrateSchema(options)));

    expect(results.flat().sort()).toEqual(['20260101000000_create_items', '20260102000000_add_name']);
    expect(await history('racing')).toHaveLength(2);
  });

  it('refuses to go on when an applied migration was edited', async () => {
    const dir = await migrationsDir({ '20260101000000_create_items': CREATE_ITEMS });
    const options = { databaseUrl: database.url, schema: 'edited', migrationsDir: dir };
    await migrateSchema(options);
    await addMigrations(dir, {
      '20260101000000_create_items': 'CREATE TABLE items (id bigint PRIMARY KEY);\n',
      '20260102000000_add_name': ADD_NAME,
    });

    const run = migrateSchema(options);

    await expect(run).rejects.toBeInstanceOf(MigrationChecksumError);
    await expect(run).rejects.toThrow(/20260101000000_create_items was applied .* has changed/);
    expect(await history('edited')).toHaveLength(1);
  });

  it('refuses to go on past a migration Prisma recorded as failed', async () => {
    const dir = await migrationsDir({ '20260101000000_create_items': CREATE_ITEMS });
    const options = { databaseUrl: database.url, schema: 'failed', migrationsDir: dir };
    await migrateSchema(options);
    await sql.query('UPDATE failed._prisma_migrations SET finished_at = NULL, logs = $1', [
      'deadlock detected',
    ]);

    await expect(migrateSchema(options)).rejects.toBeInstanceOf(FailedMigrationError);
  });

  it('rolls back a failing migration and records nothing of it', async () => {
    const dir = await migrationsDir({
      '20260101000000_create_items': CREATE_ITEMS,
      '20260102000000_broken': 'CREATE TABLE half (id integer);\nSELECT 1 / 0;\n',
    });

    await expect(
      migrateSchema({ databaseUrl: database.url, schema: 'broken', migrationsDir: dir }),
    ).rejects.toThrow('Migration 20260102000000_broken failed: division by zero');
    expect(await tablesIn('broken')).toEqual(['_prisma_migrations', 'items']);
    expect((await history('broken')).map((row) => row.migration_name)).toEqual([
      '20260101000000_create_items',
    ]);
  });

  it("applies every service's real migrations into that service's schema only", async () => {
    const services = ['auth', 'projects', 'media', 'sharing', 'billing', 'render'];
    for (const service of services) {
      await migrateSchema({
        databaseUrl: database.url,
        schema: service,
        migrationsDir: migrationsDirOf(service),
      });
      expect(await tablesIn(service)).toEqual(expect.arrayContaining(['outbox_events', 'processed_events']));
    }
    expect(await tablesIn('public')).toEqual([]);
  });
});
