import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../../src/embedded-database.js';

const run = promisify(execFile);
const BIN = process.env.FAULTS_POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';

/** Postgres refuses to run as root: as root the cluster is the `postgres` user's. */
async function osUser(): Promise<{ uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

export interface PrivatePostgres {
  /** `postgres://postgres@127.0.0.1:<port>/memoreel` (trust auth on loopback). */
  url: string;
  /** Stops the server: `fast` (SIGINT, sessions ended, a checkpoint) or `immediate` (SIGQUIT, as a crash: recovery on start). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Starts it again on the same port and data; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it and deletes its files. */
  dispose(): Promise<void>;
}

/**
 * A Postgres cluster of the test's own (initdb into a temp folder, its own loopback port), so a test
 * can stop and start it without touching the machine's shared server on 5432.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const user = await osUser();
  const dir = await mkdtemp(join(tmpdir(), 'memoreel-faults-pg-'));
  await chmod(dir, 0o755);
  if (user) await chown(dir, user.uid, user.gid);
  const data = join(dir, 'data');
  await run(join(BIN, 'initdb'), ['-D', data, '--auth=trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C'], {
    ...user,
    env: { ...process.env, LC_ALL: 'C' },
  });
  const port = await freePort();
  const url = `postgres://postgres@127.0.0.1:${port}/memoreel`;
  let server: ChildProcess | undefined;

  const start = async () => {
    const child = spawn(
      join(BIN, 'postgres'),
      [
        ...['-D', data, '-p', String(port), '-c', 'listen_addresses=127.0.0.1'],
        ...['-c', 'unix_socket_directories=', '-c', 'max_connections=200', '-c', 'fsync=off'],
      ],
      { ...user, stdio: ['ignore', 'ignore', 'pipe'], detached: true, env: { ...process.env, LC_ALL: 'C' } },
    );
    let output = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4_096);
    });
    server = child;
    for (const deadline = Date.now() + 60_000; ; ) {
      if (child.exitCode !== null) throw new Error(`postgres exited (${child.exitCode}): ${output}`);
      const client = new pg.Client({ connectionString: url.replace(/\/memoreel$/, '/postgres') });
      try {
        await client.connect();
        return;
      } catch (error) {
        if (Date.now() > deadline) throw new Error(`postgres did not start: ${error}\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      } finally {
        await client.end().catch(() => undefined);
      }
    }
  };
  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    const child = server;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill(mode === 'fast' ? 'SIGINT' : 'SIGQUIT');
    await exited;
  };

  await start();
  const admin = new pg.Client({ connectionString: url.replace(/\/memoreel$/, '/postgres') });
  await admin.connect();
  await admin.query('CREATE DATABASE memoreel');
  await admin.end();
  const leftBehind = () =>
    server?.pid !== undefined && server.exitCode === null && process.kill(server.pid, 'SIGQUIT');
  process.once('exit', leftBehind);
  return {
    url,
    stop,
    start,
    dispose: async () => {
      await stop('immediate');
      process.off('exit', leftBehind);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
