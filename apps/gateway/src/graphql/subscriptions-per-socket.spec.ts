import { randomUUID } from 'node:crypto';
import { InProcessBus } from '@memoreel/platform';
import { uniqueNamespace } from '@memoreel/testing';
import type { INestApplication } from '@nestjs/common';
import { type Client, createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { publishStandInKeys, startLiveGateway } from '../../test/live-gateway.js';
import { LIVE_LIMITS } from '../gateway.limits.js';
import { TOO_MANY_SUBSCRIPTIONS } from './graphql-context.js';

let bus: InProcessBus;
let app: INestApplication;
let url: string;
let authorization: string;
const clients: Client[] = [];

beforeAll(async () => {
  bus = new InProcessBus({ namespace: uniqueNamespace('sockets') });
  authorization = await (await publishStandInKeys(bus)).authorizationOf(randomUUID());
  ({ app, url } = await startLiveGateway(bus));
});
afterAll(async () => {
  for (const client of clients) await client.dispose();
  await app?.close();
  await bus?.close();
});

/** One graphql-ws socket, as the SPA opens it for a signed-in user (probeCompleted is theirs only). */
function socket(): Client {
  const client = createClient({
    url,
    webSocketImpl: WebSocket,
    lazy: false,
    retryAttempts: 0,
    connectionParams: { authorization },
  });
  clients.push(client);
  return client;
}

/** Follows a probe's completion; collects what the server answers on this operation. */
function followProbe(client: Client) {
  const outcome = { errors: [] as { message: string; extensions?: { code?: string } }[], completed: false };
  const stop = client.subscribe(
    { query: `subscription { probeCompleted(id: "${randomUUID()}") { id } }` },
    {
      next: () => {},
      error: (error) => outcome.errors.push(...(error as typeof outcome.errors)),
      complete: () => {
        outcome.completed = true;
      },
    },
  );
  return { outcome, stop };
}

describe('subscriptions per graphql-ws socket', () => {
  it(`holds ${LIVE_LIMITS.subscriptionsPerSocket} at once; one more is refused until one ends`, async () => {
    const client = socket();
    const open = Array.from({ length: LIVE_LIMITS.subscriptionsPerSocket }, () => followProbe(client));
    const extra = followProbe(client);

    await vi.waitFor(() => expect(extra.outcome.errors).toHaveLength(1));
    expect(extra.outcome.errors[0]).toMatchObject({
      message: TOO_MANY_SUBSCRIPTIONS.message,
      extensions: { code: TOO_MANY_SUBSCRIPTIONS.code },
    });
    expect(open.every(({ outcome }) => outcome.errors.length === 0)).toBe(true);

    // Another socket has its own allowance.
    const elsewhere = followProbe(socket());
    open[0]?.stop();
    const next = followProbe(client);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(next.outcome.errors).toEqual([]);
    expect(elsewhere.outcome.errors).toEqual([]);
  });
});
