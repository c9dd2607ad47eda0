import { deleteNamespaceStreams, NATS_URL, uniqueNamespace } from '@memoreel/testing';
import { describe, expect, it } from 'vitest';
import { describeBusConformance } from './bus.conformance.js';
import { connectNatsBus } from './nats-bus.js';

describeBusConformance('nats', {
  create: (namespace) => connectNatsBus({ servers: NATS_URL, namespace, name: 'conformance' }),
  dispose: async (bus, namespace) => {
    await bus.close();
    await deleteNamespaceStreams(namespace);
  },
});

describe('nats: across connections', () => {
  it('answers a request sent from another connection as soon as respond() has resolved', async () => {
    const namespace = uniqueNamespace('conn');
    const service = await connectNatsBus({ servers: NATS_URL, namespace, name: 'service' });
    const gateway = await connectNatsBus({ servers: NATS_URL, namespace, name: 'gateway' });
    try {
      // Each round subscribes anew after the connections sat idle for a while: without a flush the
      // subscription may still be on its way when the request reaches the server.
      for (const idleMs of [0, 100, 200, 300, 400, 500]) {
        await new Promise((resolve) => setTimeout(resolve, idleMs));
        const subject = `conn.echo.idle${idleMs}`;
        const subscription = await service.respond(subject, 'service', async (message) => ({
          echoed: message.payload,
        }));
        await expect(gateway.request(subject, { idleMs })).resolves.toEqual({ echoed: { idleMs } });
        await subscription.stop();
      }
    } finally {
      await gateway.close();
      await service.close();
      await deleteNamespaceStreams(namespace);
    }
  });
});
