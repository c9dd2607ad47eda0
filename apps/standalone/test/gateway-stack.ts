import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGatewayApp, type GatewayContext, listenOps, type OpsServer } from '@memoreel/gateway';
import {
  type Bus,
  createLogger,
  InProcessBus,
  LocalStorage,
  localStorageRouter,
  migrateSchema,
  type RunningService,
  type ServiceDefinition,
  startService,
} from '@memoreel/platform';
import { createTestDatabase, uniqueNamespace } from '@memoreel/testing';
import { afterAll, beforeAll } from 'vitest';
import { freePort } from '../src/embedded-database.js';
import { type MailCatcher, startMailCatcher } from '../src/mail-catcher.js';

const SIGNING_SECRET = 'a-test-signing-secret-of-32-characters!';

export type GatewayStack = {
  /** The gateway's origin, e.g. `http://127.0.0.1:41234`. */
  baseUrl: string;
  /** Where /health/ready and /metrics answer: the gateway's ops port, not the public one. */
  opsUrl: string;
  bus: Bus;
  /** The test database every service has its schema in. */
  databaseUrl: string;
  /** Present when asked for (`mail: true`): what auth sends, caught by a local SMTP server. */
  mail: MailCatcher | undefined;
  close: () => Promise<void>;
};

export interface GatewayStackOptions {
  name: string;
  services: ServiceDefinition[];
  bus?: () => Promise<Bus>;
  /** Extra environment per service name; every service gets `PUBLIC_URL`, the gateway's origin. */
  env?: Record<string, Record<string, string>>;
  mail?: boolean;
  localStorage?: boolean;
  webDistDir?: string;
  /** Smaller request budgets or live-socket limits than the gateway's own (gateway.limits.ts). */
  requestBudgets?: GatewayContext['requestBudgets'];
  liveLimits?: GatewayContext['liveLimits'];
  /** Lets anyone ask for the GraphQL schema, as in development (GRAPHQL_INTROSPECTION). */
  introspection?: boolean;
  /** Readiness checks beside the bus's, as a host adds its database and storage. */
  readiness?: GatewayContext['readiness'];
  /** The gateway's logger (the services stay silent), for tests that read what it logs. */
  gatewayLogger?: GatewayContext['logger'];
}

/**
 * The gateway in front of real services on one bus (in-process unless `bus` makes another) and a fresh
 * test database (a schema per service, migrated), as standalone composes them. Auth, when among
 * `services`, gets a small bot check (and real sessions for the others). With `localStorage` the media (and render) service keeps objects in a temp folder whose
 * signed URLs the gateway serves at /storage; with `mail` auth sends through a local SMTP catcher.
 */
export async function startGatewayStack(options: GatewayStackOptions): Promise<GatewayStack> {
  const logger = createLogger({ service: 'test', level: 'silent' });
  const definitions = options.services;
  const database = await createTestDatabase({
    // Only services with a database (a worker has none).
    services: definitions
      .filter((definition) => definition.migrationsDir)
      .map((definition) => definition.name),
    migrate: migrateSchema,
  });
  const bus = options.bus
    ? await options.bus()
    : new InProcessBus({ namespace: uniqueNamespace(options.name) });
  const mail = options.mail ? await startMailCatcher({ print: () => {} }) : undefined;
  const storageDir = options.localStorage ? await mkdtemp(join(tmpdir(), 'memoreel-stack-')) : undefined;
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const services: RunningService[] = [];
  let gateway: Awaited<ReturnType<typeof createGatewayApp>> | undefined;
  let ops: OpsServer | undefined;
  const close = async () => {
    await gateway?.close();
    await ops?.close();
    for (const service of services.reverse()) await service.close();
    await bus.close();
    await mail?.stop();
    await database.drop();
    if (storageDir) await rm(storageDir, { recursive: true, force: true });
  };
  try {
    const routes = [];
    const storageEnv: Record<string, string> = {};
    if (storageDir) {
      const storage = new LocalStorage({
        rootDir: storageDir,
        publicBaseUrl: baseUrl,
        signingSecret: SIGNING_SECRET,
      });
      await storage.ensureBuckets(['photos']);
      routes.push({ path: '/storage', handler: localStorageRouter(storage) });
      Object.assign(storageEnv, {
        STORAGE_DRIVER: 'local',
        STORAGE_DIR: storageDir,
        STORAGE_SIGNING_SECRET: SIGNING_SECRET,
      });
    }
    const env: Record<string, Record<string, string>> = {
      // A small proof of work keeps the bot check quick to solve here.
      auth: { ALTCHA_MAX_NUMBER: '1000', ...(mail ? { SMTP_URL: mail.smtpUrl } : {}) },
      media: storageEnv,
      // The photo-edit worker reads sources and writes results beside them, in media's storage.
      'photo-edit-worker': storageEnv,
      render: storageEnv,
    };
    for (const definition of definitions) {
      services.push(
        await startService(definition, {
          name: definition.name,
          bus,
          databaseUrl: database.url,
          logger,
          env: { PUBLIC_URL: baseUrl, ...env[definition.name], ...options.env?.[definition.name] },
        }),
      );
    }
    gateway = await createGatewayApp({
      bus,
      logger: options.gatewayLogger ?? logger,
      publicUrl: baseUrl,
      webDistDir: options.webDistDir,
      routes,
      requestBudgets: options.requestBudgets,
      liveLimits: options.liveLimits,
      readiness: options.readiness,
      introspection: options.introspection,
    });
    await gateway.listen(port, '127.0.0.1');
    ops = await listenOps({ bus, readiness: options.readiness }, 0, '127.0.0.1');
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
  return { baseUrl, opsUrl: ops?.url ?? '', bus, databaseUrl: database.url, mail, close };
}

/**
 * The stack for the calling spec file's tests: started before them (beforeAll), closed after them.
 * Its fields are filled in once it has started.
 */
export function useGatewayStack(options: GatewayStackOptions): GatewayStack {
  const stack = {} as GatewayStack;
  beforeAll(async () => {
    Object.assign(stack, await startGatewayStack(options));
  });
  afterAll(async () => {
    await stack.close?.();
  });
  return stack;
}
