/**
 * The standalone server as a child process of its own (as `npm start` runs it), on a temp data dir
 * and a fresh database on the test Postgres, so the bench can read the render's rows afterwards.
 * Runs apps/standalone/dist/main.js; without a build, its source through the bench's loader (the
 * other packages still from their dist).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { answers200, createTestDatabase, ManagedProcess, waitUntil } from '@memoreel/testing';
import pg from 'pg';

export const WEBHOOK_SECRET = 'whsec_memoreel_big_project';
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface Standalone {
  url: string;
  /** Whether it runs from dist (false: from source through the loader). */
  built: boolean;
  pid(): number | undefined;
  /** One query on its database. */
  query<T>(sql: string, values?: unknown[]): Promise<T[]>;
  output(): string;
  close(): Promise<void>;
}

export async function startStandalone(): Promise<Standalone> {
  const dist = join(repoRoot, 'apps/standalone/dist/main.js');
  const built = existsSync(dist);
  const args = built
    ? [dist]
    : ['--import', join(repoRoot, 'tools/bench/register.mjs'), join(repoRoot, 'apps/standalone/src/main.ts')];
  const dataDir = await mkdtemp(join(tmpdir(), 'memoreel-big-project-'));
  const database = await createTestDatabase();
  const [port, opsPort] = [await freePort(), await freePort()];
  const app = new ManagedProcess({
    name: 'standalone',
    cwd: repoRoot,
    args,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      OPS_PORT: String(opsPort),
      MEMOREEL_DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      LOG_LEVEL: 'warn',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      // A small proof of work: the bench measures the app, not its visitor's SHA-256.
      ALTCHA_MAX_NUMBER: '1000',
    },
  });
  app.start();
  const url = `http://127.0.0.1:${port}`;
  const close = async () => {
    await app.stop(30_000);
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntil('standalone /health/live', () => answers200(`${url}/health/live`), 300_000, app);
    await waitUntil(
      'standalone readiness',
      () => answers200(`http://127.0.0.1:${opsPort}/health/ready`),
      120_000,
      app,
    );
  } catch (error) {
    await close();
    throw error;
  }
  return {
    url,
    built,
    pid: () => app.pid,
    async query<T>(sql: string, values: unknown[] = []) {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        return (await client.query(sql, values)).rows as T[];
      } finally {
        await client.end();
      }
    },
    output: () => app.lastOutput,
    close,
  };
}
