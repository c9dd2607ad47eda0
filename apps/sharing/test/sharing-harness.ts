import type { Actor, RequestContract } from '@memoreel/contracts';
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
import { projectsService } from '@memoreel/projects';
import { createTestDatabase, type TestDatabase, uniqueNamespace } from '@memoreel/testing';
import { expect } from 'vitest';
import type { z } from 'zod';
import { PrismaClient } from '../src/generated/prisma/client.js';
import { sharingService } from '../src/sharing.service-definition.js';

/**
 * The sharing service and the real projects service (ownership, projects.project.deleted) on one
 * fresh database and an in-process bus, called through `BusClient` as the gateway calls them.
 */
export interface SharingHarness {
  bus: Bus;
  request<C extends RequestContract>(
    contract: C,
    actor: Actor,
    data: z.input<C['request']>,
  ): Promise<z.output<C['reply']>>;
  failure<C extends RequestContract>(
    contract: C,
    actor: Actor,
    data: z.input<C['request']>,
  ): Promise<RemoteError>;
  /** Direct access to the `sharing` tables. */
  db: InstanceType<typeof PrismaClient>;
  close(): Promise<void>;
}

export async function startSharing(): Promise<SharingHarness> {
  const database: TestDatabase = await createTestDatabase({
    services: ['projects', 'sharing'],
    migrate: migrateSchema,
  });
  const bus = new InProcessBus({ namespace: uniqueNamespace('sharing') });
  const logger = createLogger({ service: 'sharing-test', level: 'silent' });
  const db = new PrismaClient({ adapter: postgresAdapter({ databaseUrl: database.url, schema: 'sharing' }) });
  const services: RunningService[] = [];
  try {
    for (const definition of [projectsService, sharingService]) {
      services.push(
        await startService(definition, {
          name: definition.name,
          bus,
          databaseUrl: database.url,
          logger,
          env: {},
        }),
      );
    }
  } catch (error) {
    for (const service of services) await service.close();
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
    async close() {
      for (const service of services.reverse()) await service.close();
      await bus.close();
      await db.$disconnect();
      await database.drop();
    },
  };
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
