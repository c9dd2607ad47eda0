import {
  type Actor,
  type EventContract,
  type EventEnvelope,
  eventEnvelopeSchema,
  type RequestContract,
} from '@memoreel/contracts';
import type { z } from 'zod';
import { createTestDatabase, type MigrateSchema, type TestDatabase } from './database.js';
import { uniqueNamespace } from './nats.js';
import { registeredServices } from './service-registry.js';

/**
 * The parts of @memoreel/platform a service harness uses. They are passed in (`import * as platform
 * from '@memoreel/platform'`) rather than imported, for the same reason as `MigrateSchema`: the
 * platform's own tests use this package, and importing it here would make a dependency cycle.
 */
export interface HarnessPlatform<Bus extends Closable, Definition extends { name: string }, Logger> {
  InProcessBus: new (options: { namespace: string }) => Bus;
  BusClient: new (bus: Bus, options?: { sender?: string }) => HarnessBusClient;
  RemoteError: abstract new (...args: never[]) => Error & { code: string };
  migrateSchema: MigrateSchema;
  createLogger(options: { service: string; level: 'silent' }): Logger;
  startService(
    definition: Definition,
    context: {
      name: string;
      bus: Bus;
      databaseUrl: string;
      logger: Logger;
      env: Record<string, string | undefined>;
    },
  ): Promise<Closable>;
}

interface Closable {
  close(): Promise<void>;
}
interface HarnessBusClient {
  request<C extends RequestContract>(
    contract: C,
    actor: Actor,
    data: z.input<C['request']>,
  ): Promise<z.output<C['reply']>>;
}
/** What `events()` needs of the service's Prisma client: its outbox table. */
interface OutboxReader {
  outboxEvent: {
    findMany(args: {
      where: { type: string };
      orderBy: { occurredAt: 'asc' };
    }): Promise<{ payload: unknown }[]>;
  };
  $disconnect(): Promise<void>;
}

export interface ServiceHarnessOptions<Bus, Definition, Db> {
  /**
   * Services started before the one under test, on the same database and bus, by name from the
   * composition root's registry (`['projects']` for media): how an app's own specs get collaborators.
   */
  collaborators?: readonly string[];
  /** The same, as definitions in hand (a tool or the composition root, which may import apps). */
  services?: readonly Definition[];
  /** Each service's settings, by service name. */
  env?: Record<string, Record<string, string | undefined>>;
  /** A client of the tested service's own tables, for arranging and inspecting. */
  database(url: string): Db;
  /** The bus binding: the in-process one unless given (e.g. `connectNatsBus` for the JetStream paths). */
  createBus?(namespace: string): Promise<Bus>;
  /** Stand-ins for services not started (responders on their subjects), stopped at close. */
  standIns?(bus: Bus): Promise<{ stop(): Promise<void> }[]>;
}

/**
 * A service on a fresh database and an in-process bus, called through `BusClient` exactly as the
 * gateway calls it.
 */
export interface ServiceHarness<Bus, Db> {
  bus: Bus;
  /** The bus namespace, unique to this harness. */
  namespace: string;
  databaseUrl: string;
  request<C extends RequestContract>(
    contract: C,
    actor: Actor,
    data: z.input<C['request']>,
  ): Promise<z.output<C['reply']>>;
  /** A request as another deployable sends it (e.g. `media` acting as the system), not as the gateway. */
  requestAs<C extends RequestContract>(
    sender: string,
    contract: C,
    actor: Actor,
    data: z.input<C['request']>,
  ): Promise<z.output<C['reply']>>;
  /** The failure of a request that must fail (throws if it succeeds or fails otherwise than with a RemoteError). */
  failure<C extends RequestContract>(
    contract: C,
    actor: Actor,
    data: z.input<C['request']>,
  ): Promise<Error & { code: string; details?: unknown }>;
  /** Direct access to the service's tables. */
  db: Db;
  /** Events the tested service recorded in its outbox, oldest first, parsed with the contract as a consumer would. */
  events<C extends EventContract>(contract: C): Promise<EventEnvelope<z.output<C['data']>>[]>;
  close(): Promise<void>;
}

export async function startServiceHarness<
  Bus extends Closable,
  Definition extends { name: string },
  Logger,
  Db extends OutboxReader,
>(
  platform: HarnessPlatform<Bus, Definition, Logger>,
  definition: Definition,
  options: ServiceHarnessOptions<Bus, Definition, Db>,
): Promise<ServiceHarness<Bus, Db>> {
  const definitions = [
    ...(await registeredServices<Definition>(options.collaborators ?? [])),
    ...(options.services ?? []),
    definition,
  ];
  const database: TestDatabase = await createTestDatabase({
    services: definitions.map((d) => d.name),
    migrate: platform.migrateSchema,
  });
  const namespace = uniqueNamespace(definition.name.replaceAll('-', '_'));
  const bus = await (
    options.createBus?.(namespace) ?? Promise.resolve(new platform.InProcessBus({ namespace }))
  ).catch(async (error: unknown) => {
    await database.drop();
    throw error;
  });
  const level = (process.env.TEST_LOG_LEVEL ?? 'silent') as 'silent';
  const logger = platform.createLogger({ service: `${definition.name}-test`, level });
  const db = options.database(database.url);
  const running: Closable[] = [];
  const standIns: { stop(): Promise<void> }[] = [];
  const close = async () => {
    for (const service of running.splice(0).reverse()) await service.close();
    for (const standIn of standIns.splice(0)) await standIn.stop();
    await bus.close();
    await db.$disconnect();
    await database.drop();
  };
  try {
    standIns.push(...((await options.standIns?.(bus)) ?? []));
    for (const each of definitions) {
      running.push(
        await platform.startService(each, {
          name: each.name,
          bus,
          databaseUrl: database.url,
          logger,
          env: options.env?.[each.name] ?? {},
        }),
      );
    }
  } catch (error) {
    await close();
    throw error;
  }
  const client = new platform.BusClient(bus);

  return {
    bus,
    namespace,
    databaseUrl: database.url,
    db,
    request: (contract, actor, data) => client.request(contract, actor, data),
    requestAs: (sender, contract, actor, data) =>
      new platform.BusClient(bus, { sender }).request(contract, actor, data),
    async failure(contract, actor, data) {
      const outcome = await client.request(contract, actor, data).then(
        (reply) => new Error(`expected ${contract.subject} to fail, got ${JSON.stringify(reply)}`),
        (error: unknown) => error,
      );
      if (!(outcome instanceof platform.RemoteError)) throw outcome;
      return outcome;
    },
    async events<C extends EventContract>(contract: C) {
      const rows = await db.outboxEvent.findMany({
        where: { type: contract.subject },
        orderBy: { occurredAt: 'asc' },
      });
      const data: C['data'] = contract.data;
      const schema = eventEnvelopeSchema(contract.subject, data);
      return rows.map((row) => schema.parse(row.payload) as EventEnvelope<z.output<C['data']>>);
    },
    close,
  };
}

/**
 * Polls until `check` passes (events travel through the outbox relay asynchronously). It returns
 * as soon as the check passes; the default limit only bounds a failing wait, and leaves room for a
 * machine that runs both test suites side by side.
 */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
