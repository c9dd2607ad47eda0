import { type NatsServer, startNatsServer, uniqueNamespace } from '@memoreel/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../test/bus-conformance.js';
import { BusUnavailableError } from './bus.js';
import { connectNatsBus, type NatsBus } from './nats-bus.js';

describe('NATS bus across a broker restart', () => {
  let server: NatsServer;
  let bus: NatsBus;

  beforeAll(async () => {
    server = await startNatsServer();
    bus = await connectNatsBus({
      servers: server.url,
      namespace: uniqueNamespace('outage'),
      name: 'outage-test',
      reconnectTimeWaitMs: 100,
    });
  });
  afterAll(async () => {
    await bus?.close();
    await server?.dispose();
  });

  it('rejects sends while the broker is down and resumes consuming once it is back', async () => {
    const received: number[] = [];
    await bus.consumeEvents(
      { durable: 'outage-watcher', subjects: ['outage.probe.recorded'] },
      async (message) => {
        received.push((message.payload as { n: number }).n);
      },
    );
    await bus.publishEvent('outage.probe.recorded', { n: 1 }, { msgId: 'outage-1' });
    await waitFor(() => received.length === 1, 'the event before the outage');

    await server.stop();
    await expect.poll(() => bus.isReady(), { timeout: 5_000 }).toBe(false);
    await expect(
      bus.publishEvent('outage.probe.recorded', { n: 2 }, { msgId: 'outage-2' }),
    ).rejects.toBeInstanceOf(BusUnavailableError);
    await expect(bus.request('outage.probe.ask', {})).rejects.toBeInstanceOf(BusUnavailableError);

    await server.restart();
    await expect.poll(() => bus.isReady(), { timeout: 10_000 }).toBe(true);
    await bus.publishEvent('outage.probe.recorded', { n: 3 }, { msgId: 'outage-3' });

    await waitFor(() => received.length === 2, 'the event after the restart', 15_000);
    expect(received).toEqual([1, 3]);
  });
});
