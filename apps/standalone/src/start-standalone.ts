import { randomBytes } from 'node:crypto';
import { constants, existsSync } from 'node:fs';
import { access, chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGatewayApp, introspectionEnabled, listenOps } from '@memoreel/gateway';
import {
  ChildProcessEditing,
  editingOptionsFromEnv,
  photoEditWorkerService,
} from '@memoreel/photo-edit-worker';
import {
  InProcessBus,
  LocalStorage,
  type Logger,
  localStorageRouter,
  type RunningService,
  type ServiceDefinition,
  startService,
} from '@memoreel/platform';
import { ChildProcessRendering, measuredRendering, renderWorkerService } from '@memoreel/render-worker';
import { type EmbeddedDatabase, startEmbeddedDatabase } from './embedded-database.js';
import { type MailCatcher, startMailCatcher } from './mail-catcher.js';
import { services } from './services.js';
import type { StandaloneConfig } from './standalone.config.js';

export interface Standalone {
  url: string;
  /** /health/ready and /metrics (the gateway's ops port, never the public one). */
  opsUrl: string;
  /** Where caught mail is listed, when no SMTP_URL was given. */
  devMailUrl: string | undefined;
  close(): Promise<void>;
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

const STORAGE_BUCKETS = ['photos', 'music', 'videos'];

/** The signing key for local storage URLs is made once and kept with the data. */
async function storageSigningSecret(dataDir: string): Promise<string> {
  const file = join(dataDir, 'storage-signing.key');
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const secret = randomBytes(32).toString('base64url');
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

function defaultWebDist(): string | undefined {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidate = resolve(here, '../../web/dist');
  return existsSync(join(candidate, 'index.html')) ? candidate : undefined;
}

/**
 * Everything in one process: embedded Postgres (or DATABASE_URL), local-folder storage,
 * every service over the in-process bus, and the gateway serving the SPA.
 */
export async function startStandalone(config: StandaloneConfig, logger: Logger): Promise<Standalone> {
  const dataDir = resolve(config.MEMOREEL_DATA_DIR);
  await mkdir(dataDir, { recursive: true });
  await access(dataDir, constants.W_OK);
  // As root, Postgres runs as the `postgres` user, which must be able to pass through our folder.
  if (process.getuid?.() === 0) await chmod(dataDir, 0o711);
  const started: (() => Promise<void>)[] = [];
  // Each step stops once, however often close is called (a second Ctrl+C, a test's clean-up).
  const close = async () => {
    for (const stop of started.splice(0).reverse())
      await stop().catch((err: unknown) => logger.error({ err }, 'shutdown step failed'));
  };

  try {
    let database: EmbeddedDatabase | undefined;
    if (!config.DATABASE_URL) {
      const since = performance.now();
      database = await startEmbeddedDatabase(join(dataDir, 'postgres'), logger);
      started.push(database.stop);
      logger.info(`database ready (${seconds(since)})`);
    }
    const databaseUrl = config.DATABASE_URL ?? (database as EmbeddedDatabase).url;

    const bus = new InProcessBus({ namespace: 'memoreel' });
    started.push(() => bus.close());

    const url = config.PUBLIC_URL?.replace(/\/$/, '') ?? `http://${config.HOST}:${config.PORT}`;
    const storageDir = join(dataDir, 'storage');
    const signingSecret = await storageSigningSecret(dataDir);
    const storage = new LocalStorage({ rootDir: storageDir, publicBaseUrl: url, signingSecret });
    await storage.ensureBuckets(STORAGE_BUCKETS);

    let mailCatcher: MailCatcher | undefined;
    if (!config.SMTP_URL) {
      mailCatcher = await startMailCatcher({ print: (text) => process.stdout.write(text) });
      started.push(mailCatcher.stop);
    }

    // Services read their settings from here; the composition root fills in what standalone provides.
    const serviceEnv: Record<string, string | undefined> = {
      ...process.env,
      PUBLIC_URL: url,
      SMTP_URL: config.SMTP_URL ?? mailCatcher?.smtpUrl,
      // Media writes to the folder the gateway's /storage route serves, with the same signing key.
      STORAGE_DRIVER: 'local',
      STORAGE_DIR: storageDir,
      STORAGE_SIGNING_SECRET: signingSecret,
      // A fresh install gets the music that ships with the product (render, decision 0013).
      MUSIC_SEED_ON_START: process.env.MUSIC_SEED_ON_START ?? 'true',
    };
    /** A service or worker in this process: on the one bus and database, logging under its name. */
    const startHere = async (definition: ServiceDefinition, options: { migrate?: boolean } = {}) => {
      const service = await startService(
        definition,
        {
          name: definition.name,
          bus,
          databaseUrl,
          logger: logger.child({ module: definition.name }),
          env: serviceEnv,
        },
        options,
      );
      started.push(() => service.close());
      return service;
    };
    const running: RunningService[] = [];
    const servicesSince = performance.now();
    for (const definition of services) running.push(await startHere(definition, { migrate: true }));

    // The render workers take their jobs here; Chromium and ffmpeg run in a child process each (architecture §2).
    for (let worker = 0; worker < config.RENDER_WORKERS; worker += 1) {
      await startHere(
        renderWorkerService({
          // Counted as the render worker's own process counts them (/metrics, the render dashboard).
          rendering: measuredRendering(
            new ChildProcessRendering({
              chromiumPath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
              licenseKey: process.env.REMOTION_LICENSE_KEY || null,
            }),
          ),
        }),
      );
    }

    // The photo-edit worker too: its models (~1 GB, seconds of CPU per photo) run in a child process (decision 0017).
    await startHere(
      photoEditWorkerService({ editing: new ChildProcessEditing(editingOptionsFromEnv(process.env)) }),
    );

    logger.info(`${services.length} services ready (${seconds(servicesSince)})`);

    const readiness = [
      // All services share one database here; one check covers it.
      ...(running[0]?.readiness ?? []),
      { name: 'storage', check: () => storage.isReady() },
    ];
    const gateway = await createGatewayApp({
      bus,
      logger: logger.child({ module: 'gateway' }),
      webDistDir: config.WEB_DIST_DIR ?? defaultWebDist(),
      publicUrl: url,
      introspection: introspectionEnabled(config),
      trustProxy: config.TRUST_PROXY,
      routes: [
        { path: '/storage', handler: localStorageRouter(storage) },
        ...(mailCatcher ? [{ path: '/dev/mail', handler: mailCatcher.routes }] : []),
      ],
      readiness,
    });
    await gateway.listen(config.PORT, config.HOST);
    started.push(() => gateway.close());
    const ops = await listenOps({ bus, readiness }, config.OPS_PORT, config.HOST);
    started.push(ops.close);
    return { url, opsUrl: ops.url, devMailUrl: mailCatcher && `${url}/dev/mail`, close };
  } catch (error) {
    await close();
    throw error;
  }
}
