import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@memoreel/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateSchema } from './migrate.js';
import {
  BackupNewerThanAppError,
  dumpSchemas,
  RestoreTargetNotEmptyError,
  restoreSchema,
} from './schema-backup.js';

// A schema with what the services' schemas have: a self-referencing key, a key between tables, a
// sequence, JSON, bytea, timestamps, a generated column and a seeded table.
const FIRST = {
  '001_tree': `CREATE TABLE nodes (id serial PRIMARY KEY, parent_id integer REFERENCES nodes(id),
      data jsonb NOT NULL, blob bytea, at timestamptz(3) NOT NULL,
      label_length integer GENERATED ALWAYS AS (length(data->>'label')) STORED);
    CREATE TABLE notes (id uuid PRIMARY KEY, node_id integer NOT NULL REFERENCES nodes(id), body text);
    CREATE TABLE plans (name text PRIMARY KEY, cents integer NOT NULL);
    INSERT INTO plans VALUES ('honor', 3900);`,
};
const SECOND = { '002_colour': "ALTER TABLE notes ADD COLUMN colour text NOT NULL DEFAULT 'grey';" };

let scratch: string;
const databases: TestDatabase[] = [];

async function folder(migrations: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(scratch, 'migrations-'));
  for (const [name, sql] of Object.entries(migrations)) {
    await mkdir(join(dir, name));
    await writeFile(join(dir, name, 'migration.sql'), sql);
  }
  return dir;
}

async function database(): Promise<TestDatabase> {
  const created = await createTestDatabase();
  databases.push(created);
  return created;
}

async function query(url: string, sql: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

/** A source at the first migration, with rows whose parents come after their children. */
async function filledSource() {
  const source = await database();
  await migrateSchema({ databaseUrl: source.url, schema: 'family', migrationsDir: await folder(FIRST) });
  await query(
    source.url,
    `INSERT INTO family.nodes (parent_id, data, blob, at) VALUES
       (NULL, '{"label": "root"}', NULL, '2026-01-02T03:04:05.678Z');
     INSERT INTO family.nodes (parent_id, data, blob, at) VALUES (NULL, '{"label": "later"}', '\\x00ff', now());
     UPDATE family.nodes SET parent_id = 2 WHERE id = 1;
     INSERT INTO family.notes VALUES (gen_random_uuid(), 2, E'line\\nbreak "quoted"');
     UPDATE family.plans SET cents = 4900;`,
  );
  const dir = await mkdtemp(join(scratch, 'dump-'));
  const [dump] = await dumpSchemas(source.url, ['family'], dir);
  if (!dump) throw new Error('no dump');
  return { source, dump, dir };
}

const table = (url: string, name: string) => query(url, `SELECT * FROM family.${name} ORDER BY 1`);

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'memoreel-schema-backup-'));
});

afterAll(async () => {
  for (const created of databases) await created.drop();
  await rm(scratch, { recursive: true, force: true });
});

describe('a schema backed up and restored', () => {
  it('comes back row for row, keys and sequence included, under the same version', async () => {
    const { source, dump, dir } = await filledSource();
    expect(dump.migrations).toEqual(['001_tree']);
    expect(dump.tables.find((t) => t.name === 'nodes')).toMatchObject({ rows: 2 });
    const target = await database();
    await restoreSchema({ databaseUrl: target.url, dump, dir, migrationsDir: await folder(FIRST) });
    for (const name of ['nodes', 'notes', 'plans', '_prisma_migrations'])
      expect(await table(target.url, name), name).toEqual(await table(source.url, name));
    // The sequence goes on where it was; the foreign keys are back.
    expect(await query(target.url, "SELECT nextval('family.nodes_id_seq')::int AS id")).toEqual([{ id: 3 }]);
    await expect(
      query(target.url, 'INSERT INTO family.notes VALUES (gen_random_uuid(), 99, null)'),
    ).rejects.toThrow(/foreign key/);
  });

  it('restores into a newer version: made by its own migrations, then brought up to date', async () => {
    const { dump, dir } = await filledSource();
    const target = await database();
    await restoreSchema({
      databaseUrl: target.url,
      dump,
      dir,
      migrationsDir: await folder({ ...FIRST, ...SECOND }),
    });
    expect(await query(target.url, 'SELECT colour FROM family.notes')).toEqual([{ colour: 'grey' }]);
    const history = await query(
      target.url,
      'SELECT migration_name FROM family._prisma_migrations ORDER BY 1',
    );
    expect(history.map((row) => row.migration_name)).toEqual(['001_tree', '002_colour']);
  });

  it('is refused by an older version, and never mixed into rows already there', async () => {
    const { dump, dir } = await filledSource();
    const target = await database();
    await expect(
      restoreSchema({
        databaseUrl: target.url,
        dump: { ...dump, migrations: [...dump.migrations, '003_future'] },
        dir,
        migrationsDir: await folder(FIRST),
      }),
    ).rejects.toThrow(BackupNewerThanAppError);
    // A manifest pointing out of the backup's folder is not followed, and leaves no rows.
    const outside = dump.tables.map((t) => (t.name === 'notes' ? { ...t, file: '../../etc/passwd' } : t));
    await expect(
      restoreSchema({
        databaseUrl: target.url,
        dump: { ...dump, tables: outside },
        dir,
        migrationsDir: await folder(FIRST),
      }),
    ).rejects.toThrow('Restoring family.notes: ../../etc/passwd is outside the backup.');
    expect(await query(target.url, 'SELECT count(*)::int AS n FROM family.nodes')).toEqual([{ n: 0 }]);

    // A database its migrations already made (seeded plans only) takes the restore; one with rows does not.
    const migrated = await database();
    await migrateSchema({ databaseUrl: migrated.url, schema: 'family', migrationsDir: await folder(FIRST) });
    await restoreSchema({ databaseUrl: migrated.url, dump, dir, migrationsDir: await folder(FIRST) });
    expect(await query(migrated.url, 'SELECT cents FROM family.plans')).toEqual([{ cents: 4900 }]);
    const again = restoreSchema({ databaseUrl: migrated.url, dump, dir, migrationsDir: await folder(FIRST) });
    await expect(again).rejects.toThrow(RestoreTargetNotEmptyError);
    await expect(again).rejects.toThrow('The database already holds data (schema "family", table nodes)');
    expect(await query(migrated.url, 'SELECT count(*)::int AS n FROM family.nodes')).toEqual([{ n: 2 }]);
  });
});
