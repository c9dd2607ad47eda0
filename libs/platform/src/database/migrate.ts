import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { quoteIdentifier } from './sql.js';

export interface MigrateOptions {
  databaseUrl: string;
  /** The service's Postgres schema; created if missing, and the search_path its migrations run with. */
  schema: string;
  /** A folder in Prisma's layout: `<timestamp>_<name>/migration.sql`. */
  migrationsDir: string;
}

/** An applied migration whose file no longer matches what ran: editing history is never safe. */
export class MigrationChecksumError extends Error {
  override name = 'MigrationChecksumError';
  constructor(
    readonly schema: string,
    readonly migration: string,
  ) {
    super(
      `Migration ${migration} was applied to schema "${schema}" but its migration.sql has changed since. ` +
        'Restore the file and put the change in a new migration.',
    );
  }
}

/** A migration `prisma migrate deploy` started and did not finish; it needs `prisma migrate resolve`. */
export class FailedMigrationError extends Error {
  override name = 'FailedMigrationError';
  constructor(
    readonly schema: string,
    readonly migration: string,
  ) {
    super(
      `Migration ${migration} in schema "${schema}" is marked as failed in _prisma_migrations. ` +
        'Fix the database, then mark it with `prisma migrate resolve --applied|--rolled-back`.',
    );
  }
}

interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

interface MigrationRecord {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
}

// The key Prisma's own migrate takes, so this runner and `prisma migrate deploy` also exclude each other.
const PRISMA_MIGRATE_LOCK = 72707369;

// Prisma's table, column for column, so its CLI reads our history and we read its.
const CREATE_HISTORY_TABLE = `
  CREATE TABLE IF NOT EXISTS _prisma_migrations (
    id                  VARCHAR(36) PRIMARY KEY NOT NULL,
    checksum            VARCHAR(64) NOT NULL,
    finished_at         TIMESTAMPTZ,
    migration_name      VARCHAR(255) NOT NULL,
    logs                TEXT,
    rolled_back_at      TIMESTAMPTZ,
    started_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    applied_steps_count INTEGER NOT NULL DEFAULT 0
  )`;

const checksumOf = (sql: string) => createHash('sha256').update(sql).digest('hex');

async function readMigrations(migrationsDir: string): Promise<MigrationFile[]> {
  const entries = await readdir(migrationsDir, { withFileTypes: true });
  const folders = entries
    .filter((entry) => entry.isDirectory() && existsSync(join(migrationsDir, entry.name, 'migration.sql')))
    .map((entry) => entry.name)
    .sort();
  return Promise.all(
    folders.map(async (name) => {
      const sql = await readFile(join(migrationsDir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: checksumOf(sql) };
    }),
  );
}

/** What is recorded, ignoring migrations Prisma marked as rolled back. */
async function readHistory(client: pg.Client): Promise<Map<string, MigrationRecord>> {
  const { rows } = await client.query<MigrationRecord>(
    'SELECT migration_name, checksum, finished_at FROM _prisma_migrations WHERE rolled_back_at IS NULL',
  );
  return new Map(rows.map((row) => [row.migration_name, row]));
}

function pendingMigrations(
  schema: string,
  migrations: MigrationFile[],
  history: Map<string, MigrationRecord>,
): MigrationFile[] {
  return migrations.filter((migration) => {
    const record = history.get(migration.name);
    if (!record) return true;
    if (!record.finished_at) throw new FailedMigrationError(schema, migration.name);
    if (record.checksum !== migration.checksum) throw new MigrationChecksumError(schema, migration.name);
    return false;
  });
}

async function applyMigration(client: pg.Client, migration: MigrationFile): Promise<void> {
  await client.query('BEGIN');
  try {
    await client.query(migration.sql);
    await client.query(
      `INSERT INTO _prisma_migrations (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
       VALUES ($1, $2, $3, now(), clock_timestamp(), 1)`,
      [randomUUID(), migration.checksum, migration.name],
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw new Error(`Migration ${migration.name} failed: ${error instanceof Error ? error.message : error}`, {
      cause: error,
    });
  }
}

/**
 * Brings one service's schema up to date: applies the pending migration folders in order, each in
 * its own transaction with search_path set to the schema, and records them in that schema's
 * `_prisma_migrations` as Prisma would (sha256 checksums). Replicas starting together queue on an
 * advisory lock, so each migration runs once. Returns the names it applied.
 */
export async function migrateSchema({
  databaseUrl,
  schema,
  migrationsDir,
}: MigrateOptions): Promise<string[]> {
  const migrations = await readMigrations(migrationsDir);
  const quotedSchema = quoteIdentifier(schema);
  const client = new pg.Client({ connectionString: databaseUrl });
  // A dropped connection also fails the query in flight, which is what reports it.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [PRISMA_MIGRATE_LOCK]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${quotedSchema}`);
    // Session-wide, so every migration and the history table resolve unqualified names in the schema.
    await client.query(`SET search_path TO ${quotedSchema}`);
    await client.query(CREATE_HISTORY_TABLE);
    const pending = pendingMigrations(schema, migrations, await readHistory(client));
    for (const migration of pending) await applyMigration(client, migration);
    return pending.map((migration) => migration.name);
  } finally {
    // Ending the session releases the advisory lock too.
    await client.end();
  }
}
