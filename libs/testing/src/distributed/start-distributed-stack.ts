import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createTestDatabase } from '../database.js';
import { type NatsServer, startNatsServer } from '../nats.js';
import { answers200, killOnExit, lastAnswers, ManagedProcess, waitUntil } from './managed-process.js';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** The deployables of helm/memoreel, each run as `node apps/<name>/dist/main.js`. */
export const DISTRIBUTED_DEPLOYABLES = [
  'gateway',
  'auth',
  'projects',
  'media',
  'sharing',
  'billing',
  'render',
  'render-worker',
  'photo-edit-worker',
] as const;
export type DistributedDeployable = (typeof DISTRIBUTED_DEPLOYABLES)[number];

/** What each needs, as `deployables` in helm/memoreel/values.yaml says: a schema, the S3 keys. */
const NEEDS: Record<DistributedDeployable, { schema: boolean; storage: boolean }> = {
  gateway: { schema: false, storage: false },
  auth: { schema: true, storage: false },
  projects: { schema: true, storage: false },
  media: { schema: true, storage: true },
  sharing: { schema: true, storage: false },
  billing: { schema: true, storage: false },
  render: { schema: true, storage: true },
  'render-worker': { schema: false, storage: true },
  'photo-edit-worker': { schema: false, storage: true },
};

const NAMESPACE = 'memoreel';
const READY_TIMEOUT_MS = Number(process.env.DISTRIBUTED_READY_TIMEOUT_MS ?? 180_000);

export interface DistributedStackOptions {
  /** Names the temp folder, for a reader of `ps` or /tmp. */
  name: string;
  /** Which to run; default every one but the photo-edit worker (its models take a GB and minutes). */
  deployables?: readonly DistributedDeployable[];
  /** How many render-worker processes (`render-worker`, `render-worker-2`, …); default 1. */
  renderWorkers?: number;
  /** Extra environment per deployable, over the launcher's. */
  env?: Partial<Record<DistributedDeployable, Record<string, string>>>;
  /** The deployables' LOG_LEVEL (default `warn`). */
  logLevel?: string;
  /**
   * A database of the caller's (e.g. a private Postgres cluster a test restarts) instead of a fresh one
   * on the test server; the services migrate their schemas into it, and `close` leaves it.
   */
  databaseUrl?: string;
  /** Adds the shipped music (`node apps/render/dist/main.js seed`, as the chart's migration job): renders need it. */
  seedMusic?: boolean;
}

export interface DistributedStack {
  /** The gateway's public origin, e.g. `http://127.0.0.1:41234`. */
  gatewayUrl: string;
  /** The test database every service has its schema in. */
  databaseUrl: string;
  /** The S3 server's origin (photos are PUT there straight from the client). */
  s3Url: string;
  nats: NatsServer;
  /** Names of the processes: the deployables, the extra render workers, `s3` and `nats`. */
  names(): string[];
  pid(name: string): number | undefined;
  /** Sends `signal` to a process (and its children) and waits for its exit; `nats` is always killed. */
  kill(name: string, signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again (killing it first if it runs) on the same port, and waits until it is ready. */
  restart(name: string): Promise<void>;
  /** What a process wrote since it last started (its JSON log lines with LOG_FORMAT json), up to 4 MB. */
  output(name: string): string;
  /** Each running process's resident memory (VmRSS) in bytes. */
  rss(): Record<string, number>;
  /** Stops every process (SIGTERM, then SIGKILL), drops the database (unless given) and deletes the temp folder. */
  close(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

const mainOf = (deployable: string) => join(repoRoot, 'apps', deployable, 'dist', 'main.js');

function assertBuilt(deployables: readonly DistributedDeployable[]): void {
  const needed = [...deployables.map(mainOf), join(repoRoot, 'libs', 'platform', 'dist', 'index.js')];
  const missing = needed.filter((file) => !existsSync(file));
  if (missing.length > 0)
    throw new Error(
      `The distributed stack runs the build, and ${missing.join(', ')} is missing: run \`npx nx run-many -t build\` first`,
    );
}

/** A clean environment (no test runner's variables leak into a deployable) with what every one reads. */
function baseEnv(): Record<string, string> {
  const kept = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ'].filter((name) => process.env[name] !== undefined);
  return Object.fromEntries(kept.map((name) => [name, process.env[name] as string]));
}

/** nats-server's users and permissions from the built platform (natsServerConfig), each with a fresh password. */
async function generatedNatsAuthorization(): Promise<{ config: string; passwords: Record<string, string> }> {
  const script = `
    const platform = await import('@memoreel/platform');
    const { randomBytes } = await import('node:crypto');
    const identities = [...platform.deployables, platform.STREAM_OWNER];
    const passwords = Object.fromEntries(identities.map((id) => [id, randomBytes(18).toString('base64url')]));
    const config = platform.natsServerConfig({ namespace: ${JSON.stringify(NAMESPACE)}, passwords });
    process.stdout.write(JSON.stringify({ config, passwords }));
    process.exit(0);`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
    cwd: repoRoot,
    env: baseEnv(),
    maxBuffer: 4 * 1024 * 1024,
  });
  return JSON.parse(stdout) as { config: string; passwords: Record<string, string> };
}

/**
 * Memoreel as a cluster runs it, on this machine: each deployable its own OS process from its build,
 * a fresh database (a schema per service, migrated by each service's `migrate` command), a private
 * nats-server with the generated users and permissions, the streams and durables made as `bus-admin`
 * (deploy/bin/bus-streams.mjs), and an S3 server in a process of its own. Needs `npx nx run-many -t build`.
 */
export async function startDistributedStack(options: DistributedStackOptions): Promise<DistributedStack> {
  const deployables = options.deployables ?? DISTRIBUTED_DEPLOYABLES.filter((d) => d !== 'photo-edit-worker');
  assertBuilt(deployables);
  const dir = await mkdtemp(join(tmpdir(), `memoreel-${options.name.replace(/[^a-z0-9-]/gi, '-')}-`));
  const processes = new Map<string, ManagedProcess>();
  const readiness = new Map<string, () => Promise<void>>();
  let nats: NatsServer | undefined;
  let database: { url: string; drop(): Promise<void> } | undefined;
  let forgetNats = () => {};

  const close = async () => {
    // The gateway first (no new requests), then the services and workers, then what they lean on.
    await processes.get('gateway')?.stop();
    const rest = [...processes].filter(([name]) => name !== 'gateway' && name !== 's3');
    await Promise.all(rest.map(([, managed]) => managed.stop()));
    await processes.get('s3')?.stop();
    await nats?.dispose();
    forgetNats();
    await database?.drop();
    await rm(dir, { recursive: true, force: true });
  };

  try {
    const authorization = await generatedNatsAuthorization();
    const [db, natsServer] = await Promise.all([
      options.databaseUrl
        ? { url: options.databaseUrl, drop: () => Promise.resolve() }
        : createTestDatabase(),
      startNatsServer({ config: authorization.config, storeDir: join(dir, 'nats') }),
    ]);
    database = db;
    nats = natsServer;
    forgetNats = killOnExit(() => {
      const pid = natsServer.pid();
      if (pid !== undefined) process.kill(pid, 'SIGKILL');
    });
    const common = { ...baseEnv(), NATS_URL: nats.url, BUS_NAMESPACE: NAMESPACE };

    // The schemas (as the chart's migration job), the S3 server and the streams, side by side.
    const s3 = new ManagedProcess({
      name: 's3',
      cwd: repoRoot,
      args: [
        ...['--conditions=@memoreel/source', '--import', join(repoRoot, 'tools/bench/register.mjs')],
        fileURLToPath(new URL('./s3-server-process.ts', import.meta.url)),
      ],
      env: { ...baseEnv(), S3_PORT: String(await freePort()), S3_DIR: join(dir, 's3') },
    });
    processes.set('s3', s3);
    s3.start();
    const migrations = deployables
      .filter((d) => NEEDS[d].schema)
      .map((service) =>
        run(process.execPath, [mainOf(service), 'migrate'], {
          cwd: repoRoot,
          env: { ...common, DATABASE_URL: db.url, LOG_LEVEL: 'warn' },
        }).catch((error: { stderr?: string; stdout?: string }) => {
          throw new Error(`${service} migrate failed: ${error.stderr || error.stdout || error}`);
        }),
      );
    const streams = run(process.execPath, [join(repoRoot, 'deploy/bin/bus-streams.mjs')], {
      cwd: repoRoot,
      env: { ...common, NATS_PASSWORD_BUS_ADMIN: authorization.passwords['bus-admin'] ?? '' },
    });
    const [{ port: s3Port }] = await Promise.all([
      s3.firstJsonLine<{ port: number }>(),
      ...migrations,
      streams,
    ]);
    const s3Url = `http://127.0.0.1:${s3Port}`;
    if (options.seedMusic)
      await run(process.execPath, [mainOf('render'), 'seed'], {
        cwd: repoRoot,
        env: {
          ...common,
          DATABASE_URL: db.url,
          LOG_LEVEL: 'warn',
          STORAGE_DRIVER: 's3',
          S3_ENDPOINT: s3Url,
          S3_ACCESS_KEY: 'S3RVER',
          S3_SECRET_KEY: 'S3RVER',
        },
      });
    readiness.set('s3', () =>
      waitUntil('the S3 server', async () => (await fetch(s3Url)).status < 500, 30_000, s3),
    );

    const gatewayPort = await freePort();
    const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    const webDist = join(repoRoot, 'apps', 'web', 'dist');
    const shared = {
      ...common,
      LOG_LEVEL: options.logLevel ?? 'warn',
      LOG_FORMAT: 'json',
      PUBLIC_URL: gatewayUrl,
      TRUST_PROXY: 'loopback',
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: s3Url,
      S3_REGION: 'us-east-1',
      S3_CORS_ORIGINS: gatewayUrl,
    };
    const own: Partial<Record<DistributedDeployable, Record<string, string>>> = {
      gateway: {
        HOST: '127.0.0.1',
        CONNECT_SOURCES: s3Url,
        ...(existsSync(join(webDist, 'index.html')) ? { WEB_DIST_DIR: webDist } : {}),
      },
      // A small proof of work keeps a test's guest sign-ins quick (guests always solve one).
      auth: { ALTCHA_MAX_NUMBER: '1000', BOT_CHECK_REQUIRED: 'false' },
      billing: { PURCHASES_ENABLED: 'false' },
    };

    const instances = deployables.flatMap(
      (deployable): { deployable: DistributedDeployable; name: string }[] =>
        deployable === 'render-worker'
          ? Array.from({ length: options.renderWorkers ?? 1 }, (_, i) => ({
              deployable,
              name: i === 0 ? deployable : `${deployable}-${i + 1}`,
            }))
          : [{ deployable, name: deployable as string }],
    );
    for (const { deployable, name } of instances) {
      const port = deployable === 'gateway' ? gatewayPort : await freePort();
      const opsPort = deployable === 'gateway' ? await freePort() : undefined;
      const env: Record<string, string> = {
        ...shared,
        ...own[deployable],
        PORT: String(port),
        ...(opsPort ? { OPS_PORT: String(opsPort) } : {}),
        NATS_USER: deployable,
        NATS_PASSWORD: authorization.passwords[deployable] ?? '',
        ...(NEEDS[deployable].schema ? { DATABASE_URL: db.url } : {}),
        ...(NEEDS[deployable].storage ? { S3_ACCESS_KEY: 'S3RVER', S3_SECRET_KEY: 'S3RVER' } : {}),
        ...options.env?.[deployable],
      };
      const managed = new ManagedProcess({ name, cwd: repoRoot, args: [mainOf(deployable)], env });
      processes.set(name, managed);
      const local = `http://127.0.0.1:${port}`;
      readiness.set(name, async () => {
        await waitUntil(
          `${name}'s /health/live`,
          () => answers200(`${local}/health/live`),
          READY_TIMEOUT_MS,
          managed,
        );
        // Readiness is on the ops port where there is one (the gateway's OPS_PORT), else on PORT.
        const ops = opsPort ? `http://127.0.0.1:${opsPort}` : local;
        const said = () =>
          [`${ops}/health/ready`, `${local}/health/ready`].map((url) => lastAnswers.get(url));
        await waitUntil(
          `${name}'s /health/ready`,
          async () =>
            (await answers200(`${ops}/health/ready`)) || (await answers200(`${local}/health/ready`)),
          READY_TIMEOUT_MS,
          managed,
        ).catch((error: Error) => {
          throw new Error(`${error.message}\nits readiness said: ${JSON.stringify(said())}`);
        });
      });
      managed.start();
    }
    await Promise.all(instances.map(({ name }) => readiness.get(name)?.()));

    const find = (name: string): ManagedProcess => {
      const managed = processes.get(name);
      if (!managed) throw new Error(`No process ${name} (${[...processes.keys(), 'nats'].join(', ')})`);
      return managed;
    };
    const broker = nats;
    return {
      gatewayUrl,
      databaseUrl: db.url,
      s3Url,
      nats: broker,
      names: () => [...processes.keys(), 'nats'],
      pid: (name) => find(name).pid,
      output: (name) => find(name).fullOutput,
      kill: async (name, signal = 'SIGKILL') => {
        if (name === 'nats') return broker.stop();
        await find(name).kill(signal);
      },
      restart: async (name) => {
        if (name === 'nats') return broker.restart();
        const managed = find(name);
        await managed.kill('SIGKILL');
        managed.start();
        if (name === 's3') await managed.firstJsonLine();
        await readiness.get(name)?.();
      },
      rss: () => {
        const sizes: Record<string, number> = {};
        for (const [name, managed] of processes) {
          const bytes = managed.rssBytes();
          if (bytes !== undefined) sizes[name] = bytes;
        }
        return sizes;
      },
      close,
    };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}
