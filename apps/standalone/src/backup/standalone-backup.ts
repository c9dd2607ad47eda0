import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { dumpSchemas, type Logger, restoreSchema } from '@memoreel/platform';
import {
  type EmbeddedDatabase,
  runningEmbeddedDatabaseUrl,
  startEmbeddedDatabase,
} from '../embedded-database.js';
import { services } from '../services.js';
import {
  BACKUP_FORMAT,
  type BackupManifest,
  DATA_ENTRIES,
  folderSize,
  readArchive,
  writeArchive,
} from './backup-archive.js';
import { BackupError, backupMessages } from './backup-errors.js';

export interface BackupOptions {
  /** The data folder Memoreel runs with (MEMOREEL_DATA_DIR). */
  dataDir: string;
  archive: string;
  /** The standalone's DATABASE_URL when it runs on a Postgres of its own. */
  databaseUrl?: string;
  logger: Logger;
}

export interface RestoreOptions extends BackupOptions {
  /** Move existing data aside instead of refusing. */
  force?: boolean;
}

/** What start-standalone keeps in the data folder besides what a backup holds. */
const NOT_DATA = new Set(['logs']);

async function appVersion(): Promise<string> {
  const manifest = new URL('../../package.json', import.meta.url);
  return (JSON.parse(await readFile(manifest, 'utf8')) as { version: string }).version;
}

/** The schemas of this version's services, with where their migrations are. */
const schemaServices = () => services.filter((service) => service.migrationsDir);

/** As in start-standalone: as root, Postgres runs as `postgres`, which must pass through the folder. */
async function openDataDir(dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  if (process.getuid?.() === 0) await chmod(dataDir, 0o711);
}

/**
 * The database to read or fill: DATABASE_URL, the embedded one a running Memoreel holds (read in
 * one snapshot while it serves), or the embedded one started here for the while.
 */
async function openDatabase(options: BackupOptions): Promise<{ url: string; close(): Promise<void> }> {
  if (options.databaseUrl) return { url: options.databaseUrl, close: async () => {} };
  const dataHome = join(options.dataDir, 'postgres');
  const running = await runningEmbeddedDatabaseUrl(dataHome);
  if (running) return { url: running, close: async () => {} };
  const database: EmbeddedDatabase = await startEmbeddedDatabase(dataHome, options.logger);
  return { url: database.url, close: database.stop };
}

/** `npm run backup`: every service schema and the storage folder, into one .tar.gz. */
export async function backupStandalone(options: BackupOptions): Promise<BackupManifest> {
  const dataDir = resolve(options.dataDir);
  const hasDatabase = options.databaseUrl || existsSync(join(dataDir, 'postgres', 'PG_VERSION'));
  if (!hasDatabase) throw new BackupError(backupMessages.nothingToBackUp(dataDir));
  const staging = await mkdtemp(join(tmpdir(), 'memoreel-backup-'));
  try {
    await openDataDir(dataDir);
    const database = await openDatabase({ ...options, dataDir });
    let schemas: BackupManifest['schemas'];
    try {
      const names = schemaServices().map((service) => service.name);
      schemas = await dumpSchemas(database.url, names, join(staging, 'database'));
    } finally {
      await database.close();
    }
    // Copied after the snapshot: every object a dumped row names was there when the copy began.
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      appVersion: await appVersion(),
      schemas,
      storage: await folderSize(join(dataDir, 'storage')),
    };
    await writeArchive(resolve(options.archive), staging, dataDir, manifest);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function holdsData(dataDir: string): Promise<boolean> {
  const entries = await readdir(dataDir).catch(() => [] as string[]);
  return entries.some((entry) => !NOT_DATA.has(entry));
}

/** With --force: the current data moves aside whole (its database too), never deleted. */
async function moveAside(dataDir: string, force: boolean | undefined): Promise<void> {
  const aside = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  if (!force) throw new BackupError(backupMessages.dataDirInUse(dataDir, aside));
  if (await runningEmbeddedDatabaseUrl(join(dataDir, 'postgres')))
    throw new BackupError(backupMessages.running(dataDir));
  await rename(dataDir, aside);
}

/**
 * `npm run restore`: a fresh data folder from an archive. The storage folder is unpacked in
 * place; each schema is made by the backup's own migrations, filled, then brought up to this version.
 */
export async function restoreStandalone(options: RestoreOptions): Promise<BackupManifest> {
  const dataDir = resolve(options.dataDir);
  const archive = resolve(options.archive);
  if (!existsSync(archive)) throw new BackupError(backupMessages.noArchive(archive));
  if (await holdsData(dataDir)) await moveAside(dataDir, options.force);
  await openDataDir(dataDir);
  const unpacked = await mkdtemp(join(dataDir, '.restoring-'));
  const made: string[] = [];
  try {
    const manifest = await readArchive(archive, unpacked);
    const targets = manifest.schemas.map((dump) => {
      const service = schemaServices().find((candidate) => candidate.name === dump.schema);
      if (!service?.migrationsDir) throw new BackupError(backupMessages.unknownSchema(dump.schema));
      return { dump, migrationsDir: service.migrationsDir };
    });
    for (const entry of DATA_ENTRIES) {
      if (!existsSync(join(unpacked, entry))) continue;
      made.push(entry);
      await rename(join(unpacked, entry), join(dataDir, entry));
    }
    if (!options.databaseUrl) made.push('postgres');
    const database = await openDatabase({ ...options, dataDir });
    try {
      for (const { dump, migrationsDir } of targets)
        await restoreSchema({
          databaseUrl: database.url,
          dump,
          dir: join(unpacked, 'database'),
          migrationsDir,
        });
    } finally {
      await database.close();
    }
    return manifest;
  } catch (error) {
    // Nothing half-restored stays behind: a second try starts from the same empty folder.
    for (const entry of made) await rm(join(dataDir, entry), { recursive: true, force: true });
    throw error;
  } finally {
    await rm(unpacked, { recursive: true, force: true });
  }
}
