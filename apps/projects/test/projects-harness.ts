import {
  type Actor,
  type EventContract,
  type EventEnvelope,
  eventEnvelopeSchema,
  type RequestContract,
} from '@memoreel/contracts';
import {
  type Bus,
  BusClient,
  createLogger,
  InProcessBus,
  migrateSchema,
  postgresAdapter,
  RemoteError,
  type RunningService,
  startService,
} from '@memoreel/platform';
import { createTestDatabase, type TestDatabase, uniqueNamespace } from '@memoreel/testing';
import { expect } from 'vitest';
import type { z } from 'zod';
import { PrismaClient } from '../src/generated/prisma/client.js';
import { projectsService } from '../src/projects.service-definition.js';

/**
 * The projects service on a fresh database and an in-process bus, called through `BusClient`
 * exactly as the gateway calls it.
 */
export interface ProjectsHarness {
  bus: Bus;
  request<C extends RequestContract>(
    contract: C,
    actor: Actor,
    data: z.input<C['request']>,
  ): Promise<z.output<C['reply']>>;
  /** The failure of a request that must fail. */
  failure<C extends RequestContract>(
    contract: C,
    actor: Actor,
    data: z.input<C['request']>,
  ): Promise<RemoteError>;
  /** Direct access to the `projects` tables, for arranging and inspecting. */
  db: InstanceType<typeof PrismaClient>;
  /** Events recorded in the outbox, oldest first. */
  events<C extends EventContract>(contract: C): Promise<EventEnvelope<z.output<C['data']>>[]>;
  close(): Promise<void>;
}

export async function startProjects(): Promise<ProjectsHarness> {
  const database: TestDatabase = await createTestDatabase({ services: ['projects'], migrate: migrateSchema });
  const bus = new InProcessBus({ namespace: uniqueNamespace('projects') });
  const logger = createLogger({ service: 'projects-test', level: 'silent' });
  const db = new PrismaClient({
    adapter: postgresAdapter({ databaseUrl: database.url, schema: 'projects' }),
  });
  let service: RunningService;
  try {
    service = await startService(projectsService, {
      name: 'projects',
      bus,
      databaseUrl: database.url,
      logger,
      env: {},
    });
  } catch (error) {
    await db.$disconnect();
    await database.drop();
    throw error;
  }
  const client = new BusClient(bus);

  return {
    bus,
    request: (contract, actor, data) => client.request(contract, actor, data),
    async failure(contract, actor, data) {
      const error = await client.request(contract, actor, data).then(
        (reply) => new Error(`expected ${contract.subject} to fail, got ${JSON.stringify(reply)}`),
        (error: unknown) => error,
      );
      expect(error).toBeInstanceOf(RemoteError);
      return error as RemoteError;
    },
    db,
    events: (contract) => outboxEvents(db, contract),
    async close() {
      await service.close();
      await bus.close();
      await db.$disconnect();
      await database.drop();
    },
  };
}

/** Parsed with the contract, as a consumer would: proves the outbox holds valid events. */
async function outboxEvents<C extends EventContract>(
  db: InstanceType<typeof PrismaClient>,
  contract: C,
): Promise<EventEnvelope<z.output<C['data']>>[]> {
  const rows = await db.outboxEvent.findMany({
    where: { type: contract.subject },
    orderBy: { occurredAt: 'asc' },
  });
  const data: C['data'] = contract.data;
  const schema = eventEnvelopeSchema(contract.subject, data);
  return rows.map((row) => schema.parse(row.payload) as EventEnvelope<z.output<C['data']>>);
}

/** Polls until `check` passes (events travel through the outbox relay asynchronously). */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 5_000): Promise<T> {
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
