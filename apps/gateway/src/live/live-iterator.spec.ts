import { randomUUID } from 'node:crypto';
import { GUEST, pendingPhotosChanged, probeCompleted } from '@memoreel/contracts';
import { BusClient, InProcessBus } from '@memoreel/platform';
import { uniqueNamespace } from '@memoreel/testing';
import { GraphQLError } from 'graphql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIVE_LIMITS } from '../gateway.limits.js';
import { liveIterator, ownLiveIterator, SLOW_SUBSCRIBER } from './live-iterator.js';

const buses: InProcessBus[] = [];
afterEach(async () => {
  for (const bus of buses.splice(0)) await bus.close();
});

function busClient(): BusClient {
  const bus = new InProcessBus({ namespace: uniqueNamespace('live') });
  buses.push(bus);
  return new BusClient(bus);
}

const completion = (deliveries: number) => ({
  id: randomUUID(),
  note: 'check',
  recordedAt: new Date().toISOString(),
  consumedAt: new Date().toISOString(),
  deliveries,
});

/** A reader of a queue of 3 that has not read the first `published` events yet. */
async function readerBehind(published: number) {
  const client = busClient();
  const events = liveIterator(client, probeCompleted, {
    field: 'probeCompleted',
    accept: () => true,
    maxQueued: 3,
  });
  for (let i = 1; i <= published; i++) await client.publishLive(probeCompleted, completion(i));
  return { client, events };
}

describe('liveIterator', () => {
  it('keeps events for a reader a little behind, in order', async () => {
    const { events } = await readerBehind(3);

    for (let i = 1; i <= 3; i++) {
      expect((await events.next()).value?.probeCompleted.deliveries).toBe(i);
    }
    await events.return?.();
  });

  it('ends the subscription with SLOW_SUBSCRIBER when a reader falls more than the queue behind', async () => {
    const { client, events } = await readerBehind(4);

    const error = await events.next().then(
      () => new Error('expected the subscription to end'),
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(GraphQLError);
    expect(error).toMatchObject({
      message: SLOW_SUBSCRIBER.message,
      extensions: { code: SLOW_SUBSCRIBER.code },
    });
    // Ended for good: the bus subscription is gone and later events are not kept.
    await client.publishLive(probeCompleted, completion(5));
    expect(await events.next()).toEqual({ value: undefined, done: true });
  });

  it('bounds the queue by LIVE_LIMITS unless told otherwise', async () => {
    const client = busClient();
    const events = liveIterator(client, probeCompleted, { field: 'probeCompleted', accept: () => true });
    for (let i = 1; i <= LIVE_LIMITS.queuedEventsPerSubscription; i++) {
      await client.publishLive(probeCompleted, completion(i));
    }
    expect((await events.next()).value?.probeCompleted.deliveries).toBe(1);
    await client.publishLive(probeCompleted, completion(101));
    await client.publishLive(probeCompleted, completion(102));
    await vi.waitFor(() =>
      expect(events.next()).rejects.toMatchObject({ extensions: { code: SLOW_SUBSCRIBER.code } }),
    );
  });

  it('delivers what the catch-up finds when the push came before the subscription', async () => {
    const client = busClient();
    const missed = completion(1);
    // Published before anyone listened: the bus keeps no copy of a live push.
    await client.publishLive(probeCompleted, missed);
    const events = liveIterator(client, probeCompleted, {
      field: 'probeCompleted',
      accept: (data) => data.id === missed.id,
      catchUp: async () => missed,
    });
    expect((await events.next()).value?.probeCompleted).toEqual(missed);
    await events.return?.();
  });

  it('prefers a push over a catch-up that answers later, and lives through a failed catch-up', async () => {
    const client = busClient();
    const pushed = completion(2);
    let answerCatchUp: (data: typeof pushed) => void = () => {};
    const events = liveIterator(client, probeCompleted, {
      field: 'probeCompleted',
      accept: () => true,
      catchUp: () => new Promise((resolve) => (answerCatchUp = resolve)),
    });
    await client.publishLive(probeCompleted, pushed);
    answerCatchUp(completion(1));
    expect((await events.next()).value?.probeCompleted.deliveries).toBe(2);
    await events.return?.();

    const failures: unknown[] = [];
    const afterFailure = liveIterator(client, probeCompleted, {
      field: 'probeCompleted',
      accept: () => true,
      catchUp: () => Promise.reject(new Error('sharing is away')),
      onCatchUpError: (error) => failures.push(error),
    });
    await vi.waitFor(() => expect(failures).toHaveLength(1));
    await client.publishLive(probeCompleted, completion(3));
    expect((await afterFailure.next()).value?.probeCompleted.deliveries).toBe(3);
    await afterFailure.return?.();
  });
});

describe('ownLiveIterator', () => {
  it("passes on only the signed-in user's own events that its filter accepts, and refuses a guest", async () => {
    const client = busClient();
    const ada = { userId: randomUUID(), role: 'user', isAnonymous: false, sessionId: randomUUID() } as const;
    const projectId = randomUUID();
    const events = ownLiveIterator(client, ada, pendingPhotosChanged, {
      field: 'bell',
      accept: (change) => change.projectId === projectId,
    });
    await client.publishLive(pendingPhotosChanged, { userId: randomUUID(), projectId, total: 1 });
    await client.publishLive(pendingPhotosChanged, { userId: ada.userId, projectId: randomUUID(), total: 2 });
    await client.publishLive(pendingPhotosChanged, { userId: ada.userId, projectId, total: 3 });
    expect((await events.next()).value?.bell.total).toBe(3);
    await events.return?.();

    expect(() => ownLiveIterator(client, GUEST, pendingPhotosChanged, { field: 'bell' })).toThrow();
  });
});
