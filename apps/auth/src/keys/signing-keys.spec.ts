import { getJwks } from '@memoreel/contracts';
import {
  BusClient,
  createLogger,
  InProcessBus,
  migrateSchema,
  type RunningService,
  startService,
} from '@memoreel/platform';
import { createTestDatabase, type TestDatabase, uniqueNamespace } from '@memoreel/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { GUEST_ACTOR } from '../../test/auth-harness.js';
import { authService } from '../auth.service-definition.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ services: ['auth'], migrate: migrateSchema });
});
afterAll(() => database?.drop());

async function start(): Promise<{ service: RunningService; client: BusClient; bus: InProcessBus }> {
  const bus = new InProcessBus({ namespace: uniqueNamespace('keys') });
  const logger = createLogger({ service: 'test', level: 'silent' });
  const service = await startService(authService, {
    name: 'auth',
    bus,
    databaseUrl: database.url,
    logger,
    env: {},
  });
  return { service, client: new BusClient(bus), bus };
}

it('makes one signing key at first start, even with two replicas starting at once, and keeps it across restarts', async () => {
  const [a, b] = await Promise.all([start(), start()]);
  const fromA = await a.client.request(getJwks, GUEST_ACTOR, {});
  const fromB = await b.client.request(getJwks, GUEST_ACTOR, {});
  expect(fromA.keys).toHaveLength(1);
  expect(fromB).toEqual(fromA);
  for (const replica of [a, b]) {
    await replica.service.close();
    await replica.bus.close();
  }

  const restarted = await start();
  expect(await restarted.client.request(getJwks, GUEST_ACTOR, {})).toEqual(fromA);
  await restarted.service.close();
  await restarted.bus.close();
  // The default issuer is the default public URL's.
  expect(fromA.issuer).toBe('http://127.0.0.1:3000/auth/v1');
});
