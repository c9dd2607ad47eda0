import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { migrateSchema } from './migrate.js';
import { quoteIdentifier } from './sql.js';

/** One service schema as backed up: its data, and the migrations its tables were made by. */
export interface SchemaDump {
  schema: string;
  /** Applied migrations, in order: the restore recreates the tables with exactly these. */
  migrations: string[];
  tables: { name: string; columns: string[]; rows: number; file: string }[];
  /** Each sequence's last value (null: never used), set again after the rows are loaded. */
  sequences: { name: string; lastValue: string | null }[];
}

/** An archive made by a newer version: its tables have a layout this version cannot make. */
export class BackupNewerThanAppError extends Error {
  override name = 'BackupNewerThanAppError';
  constructor(schema: string, migration: string) {
    super(
      `The backup was made by a newer version of Memoreel (schema "${schema}" has migration ${migration}, ` +
        'which this version does not know). Restore it with that version or a later one.',
    );
  }
}

/** A restore never mixes its rows with rows already there. */
export class RestoreTargetNotEmptyError extends Error {
  override name = 'RestoreTargetNotEmptyError';
  constructor(schema: string, table: string) {
    super(`The database already holds data (schema "${schema}", table ${table}): restore into an empty one.`);
  }
}

const HISTORY = '_prisma_migrations';
const FETCH_ROWS = 1000;
const INSERT_ROWS = 500;

const qualified = (schema: string, table: string) => `${quoteIdentifier(schema)}.${quoteIdentifier(table)}`;

async function connect(databaseUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => {}); // a dropped connection also fails the query in flight, which reports it
  await client.connect();
  return client;
}

async function tablesOf(client: pg.Client, schema: string) {
  const { rows } = await client.query<{ name: string; oid: number }>(
    `SELECT c.relname AS name, c.oid FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = $1 AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY c.relname`,
    [schema],
  );
  return rows;
}

async function appliedMigrations(client: pg.Client, schema: string, tables: { name: string }[]) {
  if (!tables.some((table) => table.name === HISTORY)) return [];
  const { rows } = await client.query<{ migration_name: string }>(
    `SELECT migration_name FROM ${qualified(schema, HISTORY)}
     WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`,
  );
  return rows.map((row) => row.migration_name);
}

/** Writes one line per row (a JSON object of its stored columns); returns the row count. */
async function dumpTable(
  client: pg.Client,
  source: string,
  columns: string[],
  file: string,
): Promise<number> {
  const out = createWriteStream(file);
  const list = columns.map(quoteIdentifier).join(', ');
  await client.query(`DECLARE backup_rows NO SCROLL CURSOR FOR SELECT row_to_json(r)::text AS line
    FROM (SELECT ${list} FROM ${source}) r`);
  let count = 0;
  try {
    for (;;) {
      const { rows } = await client.query<{ line: string }>(`FETCH ${FETCH_ROWS} FROM backup_rows`);
      if (rows.length === 0) break;
      count += rows.length;
      const text = `${rows.map((row) => row.line).join('\n')}\n`;
      if (!out.write(text)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    }
  } finally {
    await client.query('CLOSE backup_rows');
    await new Promise<void>((resolve, reject) =>
      out.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
  }
  return count;
}

/**
 * Dumps the rows of each schema into `outDir/<schema>/<table>.ndjson`, all from one snapshot, so
 * the schemas agree with each other as they did at one instant. Plain SQL over the ordinary
 * protocol: it works against any Postgres version, unlike a pg_dump older than the server.
 */
export async function dumpSchemas(
  databaseUrl: string,
  schemas: string[],
  outDir: string,
): Promise<SchemaDump[]> {
  const client = await connect(databaseUrl);
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const dumps: SchemaDump[] = [];
    for (const schema of schemas) {
      await mkdir(join(outDir, schema), { recursive: true });
      const tables = await tablesOf(client, schema);
      const dump: SchemaDump = {
        schema,
        migrations: await appliedMigrations(client, schema, tables),
        tables: [],
        sequences: [],
      };
      for (const table of tables) {
        // Generated columns are computed again on insert; dropped ones are gone.
        const { rows } = await client.query<{ attname: string }>(
          `SELECT attname FROM pg_attribute WHERE attrelid = $1 AND attnum > 0 AND NOT attisdropped
           AND attgenerated = '' ORDER BY attnum`,
          [table.oid],
        );
        const columns = rows.map((row) => row.attname);
        const file = `${schema}/${table.name}.ndjson`;
        const count = await dumpTable(client, qualified(schema, table.name), columns, join(outDir, file));
        dump.tables.push({ name: table.name, columns, rows: count, file });
      }
      const sequences = await client.query<{ name: string; last_value: string | null }>(
        'SELECT sequencename AS name, last_value::text FROM pg_sequences WHERE schemaname = $1 ORDER BY 1',
        [schema],
      );
      dump.sequences = sequences.rows.map((row) => ({ name: row.name, lastValue: row.last_value }));
      dumps.push(dump);
    }
    await client.query('COMMIT');
    return dumps;
  } finally {
    await client.end();
  }
}

async function knownMigrations(migrationsDir: string): Promise<Set<string>> {
  const entries = await readdir(migrationsDir, { withFileTypes: true });
  return new Set(
    entries
      .filter((entry) => entry.isDirectory() && existsSync(join(migrationsDir, entry.name, 'migration.sql')))
      .map((entry) => entry.name),
  );
}

/** Tables the migrations themselves fill (a price list): rows there do not mean the schema is in use. */
async function seededTables(migrationsDir: string, names: Set<string>): Promise<Set<string>> {
  const seeded = new Set<string>([HISTORY]);
  for (const name of names) {
    const sql = await readFile(join(migrationsDir, name, 'migration.sql'), 'utf8');
    for (const match of sql.matchAll(/INSERT\s+INTO\s+"?([A-Za-z0-9_]+)"?/gi)) seeded.add(match[1] as string);
  }
  return seeded;
}

/** Refuses a schema with rows of its own; drops an unused one made by other migrations than the backup's. */
async function prepareTarget(client: pg.Client, dump: SchemaDump, seeded: Set<string>): Promise<void> {
  const tables = await tablesOf(client, dump.schema);
  for (const table of tables.filter((candidate) => !seeded.has(candidate.name))) {
    const { rows } = await client.query(`SELECT 1 FROM ${qualified(dump.schema, table.name)} LIMIT 1`);
    if (rows.length > 0) throw new RestoreTargetNotEmptyError(dump.schema, table.name);
  }
  const applied = await appliedMigrations(client, dump.schema, tables);
  if (applied.some((name) => !dump.migrations.includes(name)))
    await client.query(`DROP SCHEMA ${quoteIdentifier(dump.schema)} CASCADE`);
}

/** Migrates the schema to exactly the backup's migrations, through a folder holding only those. */
async function migrateToDump(databaseUrl: string, dump: SchemaDump, migrationsDir: string): Promise<void> {
  const subset = await mkdtemp(join(tmpdir(), `memoreel-restore-${dump.schema}-`));
  try {
    // Copies, not links: the migration runner reads real folders only.
    for (const name of dump.migrations)
      await cp(join(migrationsDir, name), join(subset, name), { recursive: true });
    await migrateSchema({ databaseUrl, schema: dump.schema, migrationsDir: subset });
  } finally {
    await rm(subset, { recursive: true, force: true });
  }
}

async function loadTable(
  client: pg.Client,
  schema: string,
  table: SchemaDump['tables'][number],
  dir: string,
) {
  const target = qualified(schema, table.name);
  const list = table.columns.map(quoteIdentifier).join(', ');
  const insert = `INSERT INTO ${target} (${list}) OVERRIDING SYSTEM VALUE
    SELECT ${list} FROM json_populate_recordset(NULL::${target}, $1::json)`;
  let batch: string[] = [];
  let loaded = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    loaded += (await client.query(insert, [`[${batch.join(',')}]`])).rowCount ?? 0;
    batch = [];
  };
  // The manifest names the file: one outside the backup's folder is never read.
  const file = resolve(dir, table.file);
  if (!file.startsWith(`${resolve(dir)}${sep}`))
    throw new Error(`Restoring ${schema}.${table.name}: ${table.file} is outside the backup.`);
  const lines = createInterface({
    input: createReadStream(file),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  for await (const line of lines) {
    if (line.length === 0) continue;
    batch.push(line);
    if (batch.length >= INSERT_ROWS) await flush();
  }
  await flush();
  if (loaded !== table.rows)
    throw new Error(`Restoring ${schema}.${table.name}: loaded ${loaded} rows of ${table.rows}.`);
}

/**
 * Restores one schema from `dumpSchemas` output into an empty database: makes its tables with the
 * backup's own migrations, loads every row in one transaction (foreign keys are dropped and made
 * again around the load, so neither table order nor superuser rights matter), sets the sequences,
 * then applies this version's newer migrations.
 */
export async function restoreSchema(options: {
  databaseUrl: string;
  dump: SchemaDump;
  /** The folder `dumpSchemas` wrote (holding `<schema>/<table>.ndjson`). */
  dir: string;
  /** This version's migrations of the schema. */
  migrationsDir: string;
}): Promise<void> {
  const { databaseUrl, dump, dir, migrationsDir } = options;
  const known = await knownMigrations(migrationsDir);
  const unknown = dump.migrations.find((name) => !known.has(name));
  if (unknown) throw new BackupNewerThanAppError(dump.schema, unknown);

  const client = await connect(databaseUrl);
  try {
    await prepareTarget(client, dump, await seededTables(migrationsDir, known));
    await migrateToDump(databaseUrl, dump, migrationsDir);
    await client.query('BEGIN');
    try {
      const { rows: keys } = await client.query<{ owner: string; name: string; definition: string }>(
        `SELECT conrelid::regclass::text AS owner, conname AS name, pg_get_constraintdef(oid) AS definition
         FROM pg_constraint WHERE contype = 'f' AND connamespace = $1::regnamespace`,
        [quoteIdentifier(dump.schema)],
      );
      for (const key of keys)
        await client.query(`ALTER TABLE ${key.owner} DROP CONSTRAINT ${quoteIdentifier(key.name)}`);
      // Seeded rows and the history made by migrateToDump give way to the backup's own.
      const filled = dump.tables.map((table) => qualified(dump.schema, table.name));
      if (filled.length > 0) await client.query(`TRUNCATE ${filled.join(', ')}`);
      for (const table of dump.tables) await loadTable(client, dump.schema, table, dir);
      for (const key of keys)
        await client.query(
          `ALTER TABLE ${key.owner} ADD CONSTRAINT ${quoteIdentifier(key.name)} ${key.definition}`,
        );
      for (const sequence of dump.sequences.filter((candidate) => candidate.lastValue !== null))
        await client.query('SELECT setval($1::regclass, $2::bigint, true)', [
          qualified(dump.schema, sequence.name),
          sequence.lastValue,
        ]);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    }
  } finally {
    await client.end();
  }
  await migrateSchema({ databaseUrl, schema: dump.schema, migrationsDir });
}
