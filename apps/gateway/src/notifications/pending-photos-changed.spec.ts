import { randomUUID } from 'node:crypto';
import { pendingPhotosChanged } from '@memoreel/contracts';
import { BusClient, InProcessBus } from '@memoreel/platform';
import { uniqueNamespace } from '@memoreel/testing';
import type { INestApplication } from '@nestjs/common';
import { type Client, createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { publishStandInKeys, startLiveGateway } from '../../test/live-gateway.js';

let bus: InProcessBus;
let app: INestApplication;
let url: string;
let authorizationOf: (userId: string) => Promise<string>;
const clients: Client[] = [];

beforeAll(async () => {
  bus = new InProcessBus({ namespace: uniqueNamespace('bell') });
  ({ authorizationOf } = await publishStandInKeys(bus));
  ({ app, url } = await startLiveGateway(bus));
});
afterAll(async () => {
  for (const client of clients) await client.dispose();
  await app?.close();
  await bus?.close();
});

/** One user's bell: a socket authenticated as them, following pendingPhotosChanged. */
async function bellOf(userId: string | null) {
  const connectionParams = userId ? { authorization: await authorizationOf(userId) } : {};
  const client = createClient({ url, webSocketImpl: WebSocket, connectionParams, retryAttempts: 0 });
  clients.push(client);
  const seen = { changes: [] as { projectId: string; total: number }[], errors: [] as unknown[] };
  client.subscribe(
    { query: 'subscription { pendingPhotosChanged { projectId total } }' },
    {
      next: (result) => {
        if (result.errors) seen.errors.push(...result.errors);
        const change = (result.data as { pendingPhotosChanged?: { projectId: string; total: number } })
          ?.pendingPhotosChanged;
        if (change) seen.changes.push(change);
      },
      error: (error) => seen.errors.push(error),
      complete: () => {},
    },
  );
  return seen;
}

describe('pendingPhotosChanged', () => {
  it("reaches only the subscriber's own user (two users, one gateway); a visitor without a session is refused", async () => {
    const ada = randomUUID();
    const bob = randomUUID();
    const adaBell = await bellOf(ada);
    const bobBell = await bellOf(bob);
    const visitor = await bellOf(null);
    const media = new BusClient(bus, { sender: 'media' });
    // The subscriptions are open once a first message reaches one of them.
    const adaProject = randomUUID();
    await vi.waitFor(
      async () => {
        await media.publishLive(pendingPhotosChanged, { userId: ada, projectId: adaProject, total: 1 });
        expect(adaBell.changes.length).toBeGreaterThan(0);
      },
      { timeout: 5_000, interval: 100 },
    );
    await media.publishLive(pendingPhotosChanged, { userId: bob, projectId: randomUUID(), total: 3 });
    await media.publishLive(pendingPhotosChanged, { userId: ada, projectId: adaProject, total: 0 });
    await vi.waitFor(() => expect(adaBell.changes.at(-1)).toEqual({ projectId: adaProject, total: 0 }));
    await vi.waitFor(() => expect(bobBell.changes).toHaveLength(1));
    expect(adaBell.changes.every((c) => c.projectId === adaProject)).toBe(true);
    expect(bobBell.changes[0]?.total).toBe(3);
    await vi.waitFor(() => expect(visitor.errors.length).toBeGreaterThan(0));
    expect(visitor.changes).toEqual([]);
  });
});
