import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * The production migration runner (`migrateSchema` from @memoreel/platform). It is passed in
 * rather than imported because @memoreel/platform's own tests use this package: importing it
 * here would make a dependency cycle, and a second runner here would test something else.
 */
export type MigrateSchema = (options: {
  databaseUrl: string;
  schema: string;
  migrationsDir: string;
}) => Promise<unknown>;

export interface TestDatabaseOptions {
  /** Services whose schemas the database starts with, fully migrated. None: an empty database. */
  services?: readonly string[];
  migrate?: MigrateSchema;
  /** Where a service's migrations are. Default: `apps/<service>/prisma/migrations`. */
  migrationsDirOf?: (service: string) => string;
}

export interface TestDatabase {
  name: string;
  url: string;
  /** The template it was copied from, if any services were asked for. */
  template: string | undefined;
  /** Drops the database, closing whatever connections a test left open. */
  drop(): Promise<void>;
}

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** Where a service's migrations live: `apps/<service>/prisma/migrations`. */
export const migrationsDirOf = (service: string): string =>
  join(repoRoot, 'apps', service, 'prisma', 'migrations');

const serverUrl = (): string =>
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function urlOf(database: string): string {
  const url = new URL(serverUrl());
  url.pathname = `/${database}`;
  return url.toString();
}

async function withServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A hash of the services and every byte of their migrations: a template is reused only while both are unchanged. */
async function fingerprint(services: readonly string[], dirOf: (service: string) => string): Promise<string> {
  const hash = createHash('sha256');
  for (const service of [...services].sort()) {
    hash.update(`service:${service}\n`);
    const dir = dirOf(service);
    const folders = (await readdir(dir, { withFileTypes: true })).filter((entry) => entry.isDirectory());
    for (const folder of folders.map((entry) => entry.name).sort()) {
      hash.update(`${folder}\n`).update(await readFile(join(dir, folder, 'migration.sql')));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Builds the template once per migration state. Parallel workers queue on an advisory lock and
 * find it done; a template is built under a temporary name and renamed when complete, so a run
 * killed half-way never leaves a half-migrated template behind.
 */
async function ensureTemplate(
  services: readonly string[],
  migrate: MigrateSchema,
  dirOf: (service: string) => string,
): Promise<string> {
  const template = `memoreel_template_${await fingerprint(services, dirOf)}`;
  const building = `${template}_building`;
  await withServer(async (server) => {
    await server.query('SELECT pg_advisory_lock(hashtext($1))', [template]);
    const { rowCount } = await server.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (rowCount) return;
    await server.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
    await server.query(`CREATE DATABASE "${building}"`);
    for (const service of services) {
      await migrate({ databaseUrl: urlOf(building), schema: service, migrationsDir: dirOf(service) });
    }
    await server.query(`ALTER DATABASE "${building}" RENAME TO "${template}"`);
  });
  return template;
}

/**
 * A fresh database for one test file: a copy of a template holding the requested services'
 * schemas, migrated by the real runner. Call `drop()` in `afterAll`.
 *
 * The server comes from `TEST_DATABASE_URL` (default: local Postgres, user postgres).
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const services = options.services ?? [];
  if (services.length > 0 && !options.migrate) {
    throw new Error(
      'createTestDatabase needs `migrate` (migrateSchema from @memoreel/platform) to migrate services',
    );
  }
  const template =
    options.migrate && services.length > 0
      ? await ensureTemplate(services, options.migrate, options.migrationsDirOf ?? migrationsDirOf)
      : undefined;
  const name = `test_${randomBytes(6).toString('hex')}`;
  await withServer((server) =>
    server.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`),
  );
  return {
    name,
    url: urlOf(name),
    template,
    drop: () =>
      withServer((server) => server.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => {}),
  };
}
