import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type MigrateSchema, type TestDatabase } from './database.js';

let scratch: string;
const created: TestDatabase[] = [];
const templates = new Set<string>();

/** Stands in for migrateSchema (this package cannot import it): runs each service's one SQL file, counting calls. */
function countingMigrate(): { migrate: MigrateSchema; calls: string[] } {
  const calls: string[] = [];
  const migrate: MigrateSchema = async ({ databaseUrl, schema, migrationsDir }) => {
    calls.push(schema);
    const sql = new pg.Client({ connectionString: databaseUrl });
    await sql.connect();
    try {
      await sql.query(`CREATE SCHEMA "${schema}"; SET search_path TO "${schema}"`);
      await sql.query(await readFile(join(migrationsDir, '0001_init', 'migration.sql'), 'utf8'));
    } finally {
      await sql.end();
    }
  };
  return { migrate, calls };
}

/** Services whose migrations exist only in this test run, so their template is built here. */
async function freshServices(): Promise<{
  services: string[];
  migrationsDirOf: (service: string) => string;
}> {
  const root = await mkdtemp(join(scratch, 'apps-'));
  const services = ['alpha', 'beta'];
  for (const service of services) {
    await mkdir(join(root, service, '0001_init'), { recursive: true });
    await writeFile(
      join(root, service, '0001_init', 'migration.sql'),
      `CREATE TABLE items (id int PRIMARY KEY); -- ${randomUUID()}`,
    );
  }
  return { services, migrationsDirOf: (service) => join(root, service) };
}

async function track(database: Promise<TestDatabase>): Promise<TestDatabase> {
  const db = await database;
  created.push(db);
  if (db.template) templates.add(db.template);
  return db;
}

async function query<Row extends pg.QueryResultRow>(url: string, text: string): Promise<Row[]> {
  const sql = new pg.Client({ connectionString: url });
  await sql.connect();
  try {
    return (await sql.query<Row>(text)).rows;
  } finally {
    await sql.end();
  }
}

const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseExists = async (name: string) =>
  (await query(serverUrl, `SELECT 1 FROM pg_database WHERE datname = '${name}'`)).length === 1;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'memoreel-test-database-'));
});

afterAll(async () => {
  await Promise.all(created.map((db) => db.drop()));
  for (const template of templates) await query(serverUrl, `DROP DATABASE IF EXISTS "${template}"`);
  await rm(scratch, { recursive: true, force: true });
});

describe('createTestDatabase', () => {
  it('gives each caller its own copy of a template holding the migrated schemas', async () => {
    const { migrate, calls } = countingMigrate();
    const options = { ...(await freshServices()), migrate };

    const first = await track(createTestDatabase(options));
    const second = await track(createTestDatabase(options));
    await query(first.url, 'INSERT INTO alpha.items VALUES (1)');

    expect(calls.sort()).toEqual(['alpha', 'beta']);
    expect(first.name).not.toBe(second.name);
    expect(first.template).toBe(second.template);
    expect(await query(first.url, 'SELECT id FROM alpha.items')).toEqual([{ id: 1 }]);
    expect(await query(second.url, 'SELECT id FROM alpha.items')).toEqual([]);
    expect(await query(second.url, 'SELECT count(*)::int AS n FROM beta.items')).toEqual([{ n: 0 }]);
  });

  it('builds a template once when parallel test files ask for it together', async () => {
    const { migrate, calls } = countingMigrate();
    const options = { ...(await freshServices()), migrate };

    const databases = await Promise.all([1, 2, 3, 4].map(() => track(createTestDatabase(options))));

    expect(calls.sort()).toEqual(['alpha', 'beta']);
    expect(new Set(databases.map((db) => db.name)).size).toBe(4);
  });

  it('builds a new template when a migration changes', async () => {
    const { migrate } = countingMigrate();
    const options = { ...(await freshServices()), migrate };
    const before = await track(createTestDatabase(options));

    await writeFile(
      join(options.migrationsDirOf('beta'), '0001_init', 'migration.sql'),
      'CREATE TABLE others ();',
    );
    const after = await track(createTestDatabase(options));

    expect(after.template).not.toBe(before.template);
    expect(await query(after.url, "SELECT to_regclass('beta.others') IS NOT NULL AS present")).toEqual([
      { present: true },
    ]);
  });

  it('is an empty database when no services are asked for', async () => {
    const db = await track(createTestDatabase());

    expect(db.template).toBeUndefined();
    expect(
      await query(db.url, "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'"),
    ).toEqual([{ n: 0 }]);
  });

  it('drops the database even while a connection is still open', async () => {
    const db = await createTestDatabase();
    const forgotten = new pg.Client({ connectionString: db.url });
    forgotten.on('error', () => {});
    await forgotten.connect();

    await db.drop();

    expect(await databaseExists(db.name)).toBe(false);
    await forgotten.end().catch(() => {});
  });

  it('refuses to migrate services without the runner', async () => {
    await expect(createTestDatabase({ services: ['projects'] })).rejects.toThrow(/needs `migrate`/);
  });
});
