import { randomUUID } from 'node:crypto';
import { pendingPhotosChanged } from '@memoreel/contracts';
import { BusClient, connectNatsBus, type NatsBus } from '@memoreel/platform';
import { type NatsServer, startNatsServer, uniqueNamespace } from '@memoreel/testing';
import type { INestApplication } from '@nestjs/common';
import { type Client, createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { publishStandInKeys, startLiveGateway } from '../../test/live-gateway.js';

let server: NatsServer;
let gatewayBus: NatsBus;
let servicesBus: NatsBus;
let app: INestApplication;
let client: Client;
let authorization: string;
let url: string;
const userId = randomUUID();

beforeAll(async () => {
  server = await startNatsServer();
  const namespace = uniqueNamespace('bellnats');
  const connect = (name: string) =>
    connectNatsBus({ servers: server.url, namespace, name, reconnectTimeWaitMs: 100 });
  gatewayBus = await connect('gateway-test');
  servicesBus = await connect('services-test');
  const keys = await publishStandInKeys(servicesBus);
  authorization = await keys.authorizationOf(userId, { isAnonymous: true });
  ({ app, url } = await startLiveGateway(gatewayBus));
}, 60_000);
afterAll(async () => {
  await client?.dispose();
  await app?.close();
  await gatewayBus?.close();
  await servicesBus?.close();
  await server?.dispose();
});

describe('pendingPhotosChanged over NATS', () => {
  it('reaches the bell again after the broker restarts (the socket stays open)', async () => {
    client = createClient({
      url,
      webSocketImpl: WebSocket,
      connectionParams: { authorization },
      retryAttempts: 0,
    });
    const totals: number[] = [];
    client.subscribe(
      { query: 'subscription { pendingPhotosChanged { projectId total } }' },
      {
        next: (result) => {
          const change = (result.data as { pendingPhotosChanged?: { total: number } })?.pendingPhotosChanged;
          if (change) totals.push(change.total);
        },
        error: () => {},
        complete: () => {},
      },
    );
    const media = new BusClient(servicesBus, { sender: 'media' });
    const push = (total: number) =>
      media.publishLive(pendingPhotosChanged, { userId, projectId: randomUUID(), total });

    await vi.waitFor(
      async () => {
        await push(1);
        expect(totals).toContain(1);
      },
      { timeout: 10_000, interval: 200 },
    );

    await server.stop();
    await server.restart();
    await vi.waitFor(
      async () => expect((await gatewayBus.isReady()) && (await servicesBus.isReady())).toBe(true),
      {
        timeout: 15_000,
        interval: 100,
      },
    );
    await vi.waitFor(
      async () => {
        await push(2).catch(() => {});
        expect(totals).toContain(2);
      },
      { timeout: 15_000, interval: 200 },
    );
  }, 60_000);
});
