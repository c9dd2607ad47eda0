import { randomBytes, randomUUID } from 'node:crypto';
import {
  deleteNamespaceStreams,
  NATS_URL,
  type NatsServer,
  startNatsServer,
  uniqueNamespace,
} from '@memoreel/testing';
import { describe, expect, it } from 'vitest';
import { describeBusConformance } from '../../test/bus-conformance.js';
import type { ConsumerOptions, DeadLetterOptions, DeliveryHandler } from './bus.js';
import { connectNatsBus, type DurableConsumer, ensureBusStreams, type NatsBus } from './nats-bus.js';
import { natsServerConfig } from './nats-server-config.js';
import { STREAM_OWNER } from './senders.js';

describeBusConformance('nats', {
  create: (namespace) => connectNatsBus({ servers: NATS_URL, namespace, name: 'conformance' }),
  dispose: async (bus, namespace) => {
    await bus.close();
    await deleteNamespaceStreams(namespace);
  },
});

// The same behaviour as identity `conf` (every subject of the suite starts with `conf.`) on a broker
// holding it to a deployable's permissions: proves they allow everything the binding does. As for a
// deployable, bus-admin makes each durable before the suite's bus binds to it.
const securedServers = new Map<string, NatsServer>();
describeBusConformance('nats with credentials', {
  anySender: false,
  create: async (namespace) => {
    const password = randomBytes(12).toString('hex');
    const passwords = { conf: password, [STREAM_OWNER]: password };
    const server = await startNatsServer({
      config: natsServerConfig({
        namespace,
        passwords,
        identities: ['conf'],
        grants: { conf: { requests: 'any', durables: 'any' } },
      }),
    });
    securedServers.set(namespace, server);
    const admin = { servers: server.url, namespace, credentials: { user: STREAM_OWNER, password } };
    await ensureBusStreams(admin);
    const bus = await connectNatsBus({
      servers: server.url,
      namespace,
      name: 'conf',
      credentials: { user: 'conf', password },
    });
    const madeByAdmin = async (durable: DurableConsumer) =>
      ensureBusStreams({ ...admin, durables: [durable] });
    return Object.assign(Object.create(bus) as NatsBus, {
      consumeEvents: async (options: ConsumerOptions, handler: DeliveryHandler) => {
        await madeByAdmin({ queue: 'events', ...options });
        return bus.consumeEvents(options, handler);
      },
      consumeJobs: async (options: ConsumerOptions, handler: DeliveryHandler) => {
        await madeByAdmin({ queue: 'jobs', ...options });
        return bus.consumeJobs(options, handler);
      },
      consumeDeadLetters: async (options: DeadLetterOptions, handler: DeliveryHandler) => {
        await madeByAdmin({ queue: 'dead', durable: options.durable, subjects: options.subjects ?? [] });
        return bus.consumeDeadLetters(options, handler);
      },
    });
  },
  dispose: async (bus, namespace) => {
    await bus.close();
    await securedServers.get(namespace)?.dispose();
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

describe('nats: large replies', () => {
  it('answers a reply larger than the broker takes in one message (a 400-photo project with its URLs), gzipped', async () => {
    const namespace = uniqueNamespace('large');
    const service = await connectNatsBus({ servers: NATS_URL, namespace, name: 'service' });
    const gateway = await connectNatsBus({ servers: NATS_URL, namespace, name: 'gateway' });
    // Signed URLs: a shared prefix, a random signature each (incompressible), as many as 400 photos have.
    const photos = Array.from({ length: 400 }, () => {
      const [id, projectId, userId] = [randomUUID(), randomUUID(), randomUUID()];
      const hash = randomBytes(8).toString('hex');
      return {
        id,
        projectId,
        userId,
        storagePath: `${projectId}/${id}.jpg`,
        originalName: 'IMG_20260704_183012.jpg',
        status: 'accepted',
        filter: 'none',
        createdAt: new Date().toISOString(),
        subjects: { kind: 'faces', boxes: [{ x: 1021.5, y: 380.25, width: 240.75, height: 260.5 }] },
        transforms: { '0': { scale: 1, translateX: 0, translateY: 0, rotate: 0 }, '100': { scale: 1.15 } },
        urls: ['grid', 'strip', 'carousel', 'full', 'video'].map(
          (size) =>
            `https://media.memoreel.example/photos/${projectId}/thumbs/${id}/${hash}-${size}.webp?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=memoreel-access-key%2F20261129%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20261129T093000Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature=${randomBytes(32).toString('hex')}`,
        ),
      };
    });
    try {
      const subscription = await service.respond('large.photos', 'service', async () => ({ photos }));
      expect(JSON.stringify({ photos }).length).toBeGreaterThan(1024 * 1024);
      await expect(gateway.request('large.photos', {})).resolves.toEqual({ photos });
      await subscription.stop();
    } finally {
      await gateway.close();
      await service.close();
      await deleteNamespaceStreams(namespace);
    }
  });
});
