/**
 * The standalone server as a child process of its own (as `npm start` runs it), on a temp data dir
 * and a fresh database on the test Postgres: what the soak and the big-project bench run against.
 * From apps/standalone/dist/main.js, or (`fromSource`) its sources through the bench's TypeScript
 * loader, the other packages from theirs.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { answers200, createTestDatabase, ManagedProcess, waitUntil } from '@memoreel/testing';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Passed on when set, so a run can compare them: allocator settings (e.g. MALLOC_ARENA_MAX=2), render
 * worker processes (RENDER_WORKERS=2), chunks a worker renders at once (RENDER_CHUNKS_AT_ONCE=2).
 */
const PASSED_ON = ['MALLOC_ARENA_MAX', 'LD_PRELOAD', 'RENDER_WORKERS', 'RENDER_CHUNKS_AT_ONCE'] as const;

export interface StandaloneServer {
  url: string;
  /** Its ops port: /health and /metrics. */
  opsUrl: string;
  databaseUrl: string;
  /** Whether it runs from dist (false: from source through the loader). */
  built: boolean;
  app: ManagedProcess;
  close(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts it and waits until it is live and ready. `fromSource`: always from the sources; otherwise
 * from dist, or the sources when there is no build and `sourceWithoutBuild` allows it.
 */
export async function startStandaloneServer(options: {
  /** Names its temp data dir. */
  name: string;
  webhookSecret: string;
  fromSource?: boolean;
  sourceWithoutBuild?: boolean;
}): Promise<StandaloneServer> {
  const dist = join(repoRoot, 'apps/standalone/dist/main.js');
  const built = !options.fromSource && existsSync(dist);
  if (!built && !options.fromSource && !options.sourceWithoutBuild)
    throw new Error(`${dist} is missing: run \`npx nx run-many -t build\` first`);
  const loader = ['--conditions=@memoreel/source', '--import', join(repoRoot, 'tools/bench/register.mjs')];
  const args = built ? [dist] : [...loader, join(repoRoot, 'apps/standalone/src/main.ts')];
  const dataDir = await mkdtemp(join(tmpdir(), `memoreel-${options.name}-`));
  const database = await createTestDatabase();
  const [port, opsPort] = [await freePort(), await freePort()];
  const passedOn = Object.fromEntries(
    PASSED_ON.flatMap((name) => (process.env[name] ? [[name, process.env[name] as string]] : [])),
  );
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
      // As `npm start` and the images run it (decision 0035); a run may pass another value on.
      MALLOC_ARENA_MAX: '2',
      STRIPE_WEBHOOK_SECRET: options.webhookSecret,
      // A small proof of work: the bench measures the app, not its visitors' SHA-256.
      ALTCHA_MAX_NUMBER: '1000',
      ...passedOn,
    },
  });
  app.start();
  const url = `http://127.0.0.1:${port}`;
  const opsUrl = `http://127.0.0.1:${opsPort}`;
  const close = async () => {
    await app.stop(30_000);
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntil('standalone /health/live', () => answers200(`${url}/health/live`), 300_000, app);
    await waitUntil('standalone readiness', () => answers200(`${opsUrl}/health/ready`), 120_000, app);
  } catch (error) {
    await close();
    throw error;
  }
  return { url, opsUrl, databaseUrl: database.url, built, app, close };
}
