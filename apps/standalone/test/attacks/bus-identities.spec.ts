import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type Actor,
  createProject,
  ErrorCodes,
  getProject,
  listProjects,
  SYSTEM,
  setProjectTier,
} from '@memoreel/contracts';
import { photoEditWorkerService } from '@memoreel/photo-edit-worker';
import {
  type Bus,
  BusClient,
  type ConsumerOptions,
  connectNatsBus,
  createLogger,
  type DeadLetterOptions,
  type DeliveryHandler,
  type Deployable,
  deployables,
  durablesOf,
  ensureBusStreams,
  type Identity,
  InProcessBus,
  migrateSchema,
  type NatsBus,
  natsServerConfig,
  type RunningService,
  STREAM_OWNER,
  startService,
} from '@memoreel/platform';
import { projectsService } from '@memoreel/projects';
import { renderWorkerService } from '@memoreel/render-worker';
import {
  createTestDatabase,
  type NatsServer,
  startNatsServer,
  type TestDatabase,
  uniqueNamespace,
} from '@memoreel/testing';
import { AckPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect as natsConnect } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { services } from '../../src/services.js';
import { startGatewayStack } from '../gateway-stack.js';

/**
 * Item 9 of issue 31: a deployable sends only the requests of its grant (`senders.ts`), as the actors
 * listed there; only bus-admin makes durable consumers; a deployable pulls only its own. On a real
 * nats-server configured by `natsServerConfig()`, with the projects service behind it.
 */

const owner: Actor = { userId: randomUUID(), role: 'user', isAnonymous: false };
const passwords = Object.fromEntries(
  [...deployables, STREAM_OWNER].map((name) => [name, randomBytes(12).toString('hex')]),
) as Record<Identity, string>;

describe('bus identities on the generated broker configuration', () => {
  const namespace = uniqueNamespace('idattack');
  const streamOf = (queue: string) => `${namespace.toUpperCase()}_${queue.toUpperCase()}`;
  let server: NatsServer;
  let database: TestDatabase;
  let projects: RunningService;
  const buses = new Map<Deployable, NatsBus>();
  const bus = (name: Deployable) => buses.get(name) as NatsBus;
  const wire = (name: Identity) =>
    natsConnect({ servers: server.url, user: name, pass: passwords[name], inboxPrefix: `_INBOX.${name}` });

  beforeAll(async () => {
    server = await startNatsServer({ config: natsServerConfig({ namespace, passwords }) });
    // As the chart's migration job does: streams and every deployable's durables, before anyone starts.
    await ensureBusStreams({
      servers: server.url,
      namespace,
      credentials: { user: STREAM_OWNER, password: passwords[STREAM_OWNER] },
    });
    for (const name of ['gateway', 'projects', 'render-worker', 'photo-edit-worker'] as const) {
      buses.set(
        name,
        await connectNatsBus({
          servers: server.url,
          namespace,
          name,
          credentials: { user: name, password: passwords[name] },
        }),
      );
    }
    database = await createTestDatabase({ services: ['projects'], migrate: migrateSchema });
    // Binds to the durables bus-admin made (it may not make its own): starting is the first proof.
    projects = await startService(projectsService, {
      name: 'projects',
      bus: bus('projects'),
      databaseUrl: database.url,
      logger: createLogger({ service: 'projects-test', level: 'silent' }),
      env: {},
    });
  }, 60_000);
  afterAll(async () => {
    await projects?.close();
    for (const connected of buses.values()) await connected.close();
    await database?.drop();
    await server?.dispose();
  });

  it("refuses the render worker raising a project's tier as the system: the tier stays", async () => {
    const gateway = new BusClient(bus('gateway'));
    const project = await gateway.request(createProject, owner, { name: 'Our trip' });
    const worker = new BusClient(bus('render-worker'), { sender: 'render-worker' });

    const raised = worker.request(setProjectTier, SYSTEM, { id: project.id, tier: 'cherish' });

    await expect(raised).rejects.toMatchObject({
      code: ErrorCodes.forbiddenSender,
      message: expect.stringContaining(
        `Permissions Violation for Publish to "${namespace}.rpc.render-worker.projects.project.set-tier"`,
      ),
    });
    // Straight on the wire, as the worker's credentials allow: the broker refuses the publish.
    const raw = await wire('render-worker');
    try {
      await expect(
        raw.request(
          `${namespace}.rpc.render-worker.${setProjectTier.subject}`,
          JSON.stringify({ actor: SYSTEM, data: { id: project.id, tier: 'cherish' } }),
          { timeout: 1_000 },
        ),
      ).rejects.toThrow('Permissions Violation for Publish');
    } finally {
      await raw.close();
    }
    expect(await gateway.request(getProject, owner, { id: project.id })).toMatchObject({ product: 'free' });
  });

  it('refuses a deployable that makes a durable consumer, however it asks', async () => {
    const raw = await wire('render-worker');
    try {
      const jsm = await jetstreamManager(raw);
      // A durable of its own choosing on the events stream would read every service's events.
      await expect(
        jsm.consumers.add(streamOf('events'), {
          durable_name: 'render-worker--everything',
          filter_subject: `${namespace}.events.>`,
          ack_policy: AckPolicy.Explicit,
        }),
      ).rejects.toThrow(
        `Permissions Violation for Publish to "$JS.API.CONSUMER.CREATE.${streamOf('events')}`,
      );
      // An ephemeral consumer too: the same API.
      await expect(jsm.consumers.add(streamOf('jobs'), { ack_policy: AckPolicy.Explicit })).rejects.toThrow(
        'Permissions Violation for Publish to "$JS.API.CONSUMER.CREATE.',
      );
    } finally {
      await raw.close();
    }
    // Through the binding: a handler bus-admin made no durable for cannot start.
    await expect(
      bus('render-worker').consumeEvents(
        { durable: 'render-worker--projects_project_created', subjects: ['projects.project.created'] },
        async () => {},
      ),
    ).rejects.toThrow(
      "Consumer render-worker--projects_project_created is missing, out of date or not this deployable's (senders.ts), and only bus-admin may make it",
    );
  });

  it("refuses a deployable that pulls another's durable: no events read, no jobs taken", async () => {
    const raw = await wire('photo-edit-worker');
    try {
      const js = jetstream(raw);
      // The projects service's durable of deleted accounts, and the render workers' chunk jobs.
      await expect(js.consumers.get(streamOf('events'), 'projects--auth_user_deleted')).rejects.toThrow(
        'Permissions Violation for Publish to "$JS.API.CONSUMER.INFO.',
      );
      await expect(js.consumers.get(streamOf('jobs'), 'render-worker--render_chunk_render')).rejects.toThrow(
        'Permissions Violation for Publish',
      );
      // A pull request on the wire, without asking for the consumer first.
      await expect(
        raw.request(`$JS.API.CONSUMER.MSG.NEXT.${streamOf('jobs')}.render-worker--render_chunk_render`, '1', {
          timeout: 1_000,
        }),
      ).rejects.toThrow('Permissions Violation for Publish');
    } finally {
      await raw.close();
    }
    // Its own durable it binds to and pulls.
    const own = await bus('photo-edit-worker').consumeJobs(
      {
        durable: 'photo-edit-worker--media_photo-edit_run',
        subjects: ['media.photo-edit.run'],
        maxDeliver: 3,
      },
      async () => {},
    );
    await own.stop();
  });

  it('still carries the real senders: the gateway for a user, projects answering and publishing', async () => {
    const gateway = new BusClient(bus('gateway'));
    const project = await gateway.request(createProject, owner, { name: 'Still answered' });

    const { projects: listed } = await gateway.request(listProjects, owner, {});

    expect(listed.map((each) => each.id)).toContain(project.id);
  });
});

describe('bus identities on the in-process bus (standalone)', () => {
  let storageDir: string;
  /** Local storage for every deployable that keeps objects (media, render and the workers). */
  const storageEnv = () => {
    const env = {
      STORAGE_DRIVER: 'local',
      STORAGE_DIR: storageDir,
      STORAGE_SIGNING_SECRET: 'a-test-signing-secret-of-32-characters!',
    };
    return Object.fromEntries(deployables.map((name) => [name, env]));
  };
  beforeAll(async () => {
    storageDir = await mkdtemp(join(tmpdir(), 'bus-identities-'));
  });
  afterAll(async () => {
    await rm(storageDir, { recursive: true, force: true });
  });

  it("applies the same grants: the render worker's set-tier is refused before projects runs it", async () => {
    const stack = await startGatewayStack({ name: 'idinproc', services: [...services], env: storageEnv() });
    try {
      const project = await new BusClient(stack.bus).request(createProject, owner, {
        name: 'In one process',
      });

      const raised = new BusClient(stack.bus, { sender: 'render-worker' }).request(setProjectTier, SYSTEM, {
        id: project.id,
        tier: 'cherish',
      });

      await expect(raised).rejects.toMatchObject({
        code: ErrorCodes.forbiddenSender,
        message: 'render-worker may not send projects.project.set-tier',
      });
      expect(await new BusClient(stack.bus).request(getProject, owner, { id: project.id })).toMatchObject({
        product: 'free',
      });
    } finally {
      await stack.close();
    }
  }, 60_000);

  it('makes a durable for every consumer the services and workers start, with their settings', async () => {
    const consumed: { queue: string; options: ConsumerOptions | DeadLetterOptions }[] = [];
    const recording = (bus: InProcessBus): Bus =>
      Object.assign(Object.create(bus) as InProcessBus, {
        consumeEvents: (options: ConsumerOptions, handler: DeliveryHandler) => {
          consumed.push({ queue: 'events', options });
          return bus.consumeEvents(options, handler);
        },
        consumeJobs: (options: ConsumerOptions, handler: DeliveryHandler) => {
          consumed.push({ queue: 'jobs', options });
          return bus.consumeJobs(options, handler);
        },
        consumeDeadLetters: (options: DeadLetterOptions, handler: DeliveryHandler) => {
          consumed.push({ queue: 'dead', options });
          return bus.consumeDeadLetters(options, handler);
        },
      });
    const stack = await startGatewayStack({
      name: 'iddurables',
      services: [...services, photoEditWorkerService(), renderWorkerService()],
      env: storageEnv(),
      bus: async () => recording(new InProcessBus({ namespace: uniqueNamespace('iddurables') })),
    });
    try {
      const made = deployables.flatMap((deployable) =>
        durablesOf(deployable).map(({ queue, durable, maxDeliver, ackWaitMs }) => ({
          queue,
          durable,
          maxDeliver,
          ackWaitMs,
        })),
      );
      const started = consumed.map(({ queue, options }) => ({
        queue,
        durable: options.durable,
        maxDeliver: 'maxDeliver' in options ? options.maxDeliver : undefined,
        ackWaitMs: 'ackWaitMs' in options ? options.ackWaitMs : undefined,
      }));
      const byDurable = (a: { durable: string }, b: { durable: string }) =>
        a.durable.localeCompare(b.durable);
      expect(started.sort(byDurable)).toEqual(made.sort(byDurable));
    } finally {
      await stack.close();
    }
  }, 90_000);
});
