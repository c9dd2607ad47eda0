import { randomUUID } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { recordProbe } from '@memoreel/contracts';
import {
  BusClient,
  checkReadiness,
  connectNatsBus,
  createLogger,
  InProcessBus,
  migrateSchema,
  RemoteError,
  startService,
} from '@memoreel/platform';
import { projectsService } from '@memoreel/projects';
import { sharingService } from '@memoreel/sharing';
import { createTestDatabase, startNatsServer, uniqueNamespace } from '@memoreel/testing';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { freePort, startEmbeddedDatabase } from '../src/embedded-database.js';

const logger = createLogger({ service: 'fault-test', level: 'silent' });
const guest = { userId: null, role: 'guest', isAnonymous: false } as const;

async function waitFor<T>(
  what: string,
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs: number,
) {
  const deadline = Date.now() + timeoutMs;
  let last = await probe();
  while (!done(last)) {
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 100));
    last = await probe();
  }
  return last;
}

describe('platform faults', () => {
  it('(a) 500 events go outbox → JetStream → consumer exactly once while nats-server restarts', async () => {
    const nats = await startNatsServer();
    const database = await createTestDatabase({ services: ['projects', 'sharing'], migrate: migrateSchema });
    const bus = await connectNatsBus({
      servers: nats.url,
      namespace: uniqueNamespace('fault'),
      name: 'fault-test',
    });
    const services = [
      await startService(projectsService, {
        name: 'projects',
        bus,
        databaseUrl: database.url,
        logger,
        env: {},
      }),
      await startService(sharingService, {
        name: 'sharing',
        bus,
        databaseUrl: database.url,
        logger,
        env: {},
      }),
    ];
    const client = new BusClient(bus);
    const sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    try {
      const ids = Array.from({ length: 500 }, () => randomUUID());
      let retries = 0;
      // A caller that retries while the broker is away, as the gateway's clients do; recording is idempotent.
      const record = async (id: string) => {
        for (;;) {
          try {
            return await client.request(recordProbe, guest, { id, note: 'fault' }, { timeoutMs: 2_000 });
          } catch (error) {
            if (!(error instanceof RemoteError)) throw error;
            retries += 1;
            await new Promise((r) => setTimeout(r, 100));
          }
        }
      };
      let next = 0;
      const writers = Array.from({ length: 8 }, async () => {
        while (next < ids.length) await record(ids[next++] as string);
      });
      const outage = (async () => {
        await waitFor(
          '150 probes',
          async () => next,
          (n) => n >= 150,
          30_000,
        );
        await nats.stop();
        await new Promise((r) => setTimeout(r, 1_000));
        await nats.restart();
      })();
      await Promise.all([...writers, outage]);

      const count = async (query: string) => Number((await sql.query(query)).rows[0].n);
      await waitFor(
        '500 receipts',
        () => count('SELECT count(*) AS n FROM sharing.probe_receipts'),
        (n) => n >= 500,
        60_000,
      );
      expect(retries).toBeGreaterThan(0); // the outage really hit the flow
      expect(await count('SELECT count(*) AS n FROM projects.probes')).toBe(500);
      expect(await count('SELECT count(*) AS n FROM projects.outbox_events')).toBe(500);
      expect(await count('SELECT count(*) AS n FROM projects.outbox_events WHERE published_at IS NULL')).toBe(
        0,
      );
      expect(await count('SELECT count(*) AS n FROM sharing.probe_receipts')).toBe(500);
      expect(await count('SELECT count(*) AS n FROM sharing.processed_events')).toBe(500);
      const { rows } = await sql.query('SELECT probe_id FROM sharing.probe_receipts');
      expect(new Set(rows.map((r) => r.probe_id))).toEqual(new Set(ids));
    } finally {
      await sql.end();
      for (const service of services) await service.close();
      await bus.close();
      await nats.dispose();
      await database.drop();
    }
  }, 120_000);

  it('(d) a service started while Postgres is down reports not ready, then ready once it is up', async () => {
    const port = await freePort();
    const databaseUrl = `postgres://postgres:memoreel@127.0.0.1:${port}/memoreel`;
    const bus = new InProcessBus({ namespace: uniqueNamespace('ready') });
    const service = await startService(projectsService, {
      name: 'projects',
      bus,
      databaseUrl,
      logger,
      env: {},
    });
    const dataRoot = await mkdtemp(join(tmpdir(), 'memoreel-ready-'));
    await chmod(dataRoot, 0o711);
    let database: Awaited<ReturnType<typeof startEmbeddedDatabase>> | undefined;
    try {
      expect(await checkReadiness(service.readiness)).toEqual({
        status: 'error',
        checks: { database: { status: 'error' } },
      });

      database = await startEmbeddedDatabase(join(dataRoot, 'postgres'), logger, { port });
      const report = await waitFor(
        'ready',
        () => checkReadiness(service.readiness),
        (r) => r.status === 'ok',
        15_000,
      );
      expect(report.checks.database).toEqual({ status: 'ok' });
    } finally {
      await service.close();
      await bus.close();
      await database?.stop();
      await rm(dataRoot, { recursive: true, force: true });
    }
  }, 60_000);
});
