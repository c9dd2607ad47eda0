import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createTestDatabase, migrationsDirOf } from '@memoreel/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateSchema } from './migrate.js';

// tools/scripts/migrate-dev.mjs is exercised here, as a process, on a copy of a service's prisma folder.
const script = fileURLToPath(new URL('../../../../tools/scripts/migrate-dev.mjs', import.meta.url));

let app: string;
const schemaFile = () => join(app, 'prisma', 'schema.prisma');
const migrationsDir = () => join(app, 'prisma', 'migrations');

async function migrateDev(name: string): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [script, app, name]);
  return stdout.trim();
}

const migrationFolders = async () =>
  (await readdir(migrationsDir(), { withFileTypes: true }))
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();

beforeAll(async () => {
  app = await mkdtemp(join(tmpdir(), 'memoreel-migrate-dev-'));
  await cp(join(migrationsDirOf('sharing'), '..'), join(app, 'prisma'), { recursive: true });
});

afterAll(() => rm(app, { recursive: true, force: true }));

describe('migrate-dev', () => {
  it('finds nothing to do when the schema matches its last migration', async () => {
    const before = await migrationFolders();

    expect(await migrateDev('unchanged')).toBe('No schema changes');
    expect(await migrationFolders()).toEqual(before);
  });

  it('writes the next migration for an added column, which the runner applies on top of the earlier ones', async () => {
    const schema = await readFile(schemaFile(), 'utf8');
    const changed = schema.replace(
      'model OutboxEvent {\n',
      'model OutboxEvent {\n  source String @default("")\n',
    );
    await writeFile(schemaFile(), changed);

    const output = await migrateDev('Add outbox source');

    const newest = (await migrationFolders()).at(-1)!;
    expect(newest).toMatch(/^\d{14}_add_outbox_source$/);
    expect(output).toContain(join(newest, 'migration.sql'));
    const sql = await readFile(join(migrationsDir(), newest, 'migration.sql'), 'utf8');
    expect(sql).toBe(
      '-- AlterTable\nALTER TABLE "outbox_events" ADD COLUMN     "source" TEXT NOT NULL DEFAULT \'\';\n',
    );
    expect(await readFile(join(migrationsDir(), newest, 'schema.prisma.snapshot'), 'utf8')).toBe(changed);
    expect(await migrateDev('again')).toBe('No schema changes');
    expect(await columnsAfterMigrating('outbox_events')).toContain('source');
  });
});

/** Applies the temp app's migrations to a fresh database with the real runner; returns the table's columns. */
async function columnsAfterMigrating(table: string): Promise<string[]> {
  const database = await createTestDatabase();
  const sql = new pg.Client({ connectionString: database.url });
  try {
    await migrateSchema({ databaseUrl: database.url, schema: 'sharing', migrationsDir: migrationsDir() });
    await sql.connect();
    const { rows } = await sql.query<{ column_name: string }>(
      "SELECT column_name FROM information_schema.columns WHERE table_schema = 'sharing' AND table_name = $1",
      [table],
    );
    return rows.map((row) => row.column_name);
  } finally {
    await sql.end();
    await database.drop();
  }
}
