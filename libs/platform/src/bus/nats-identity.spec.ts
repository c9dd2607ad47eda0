import { randomBytes, randomUUID } from 'node:crypto';
import {
  type Actor,
  ErrorCodes,
  type EventEnvelope,
  getChunkPhotos,
  type Probe,
  probeRecorded,
  type RequestEnvelopeOf,
  recordProbe,
  SYSTEM,
  sessionsRevoked,
} from '@memoreel/contracts';
import { type NatsServer, startNatsServer, uniqueNamespace } from '@memoreel/testing';
import { AckPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect as natsConnect, errors as natsErrors } from '@nats-io/transport-node';
import { Controller, Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../test/bus-conformance.js';
import { BusPermissionError } from './bus.js';
import { BusClient, buildEvent } from './bus-client.js';
import { BusTransport, durableName } from './bus-transport.js';
import { connectNatsBus, ensureBusStreams, type NatsBus } from './nats-bus.js';
import { type Identity, natsServerConfig, passwordVariable } from './nats-server-config.js';
import { type Deployable, deployables, STREAM_OWNER } from './senders.js';

/** The broker as deployed: one user per deployable with the generated permissions, nobody else. */

@Injectable()
class Received {
  readonly requests: RequestEnvelopeOf<typeof recordProbe>[] = [];
}

@Controller()
class ProbeController {
  constructor(private readonly received: Received) {}

  @MessagePattern(recordProbe.subject)
  record(@Payload() request: RequestEnvelopeOf<typeof recordProbe>): Probe {
    this.received.requests.push(request);
    return { ...request.data, recordedAt: '2026-11-25T09:00:00.000Z' };
  }
}

@Module({ controllers: [ProbeController], providers: [Received] })
class ProbeModule {}

@Controller()
class ChunkPhotosController {
  @MessagePattern(getChunkPhotos.subject)
  photos(@Payload() request: RequestEnvelopeOf<typeof getChunkPhotos>) {
    return { urls: [`photo-of-${request.data.renderId}`] };
  }
}

@Module({ controllers: [ChunkPhotosController] })
class ChunkPhotosModule {}

const user: Actor = { userId: randomUUID(), role: 'user', isAnonymous: false };
const passwords = Object.fromEntries(
  [...deployables, STREAM_OWNER].map((name) => [name, randomBytes(12).toString('hex')]),
) as Record<Identity, string>;

describe('bus identities on a nats-server configured by natsServerConfig()', () => {
  const namespace = uniqueNamespace('ident');
  let server: NatsServer;
  const buses = new Map<Deployable, NatsBus>();
  let projects: Awaited<ReturnType<typeof NestFactory.createMicroservice>>;
  let render: Awaited<ReturnType<typeof NestFactory.createMicroservice>>;
  let received: Received;

  const bus = (name: Deployable) => buses.get(name) as NatsBus;
  const connectAs = (name: Deployable) =>
    connectNatsBus({
      servers: server.url,
      namespace,
      name,
      credentials: { user: name, password: passwords[name] },
      reconnectTimeWaitMs: 100,
    });

  beforeAll(async () => {
    server = await startNatsServer({ config: natsServerConfig({ namespace, passwords }) });
    await ensureBusStreams({
      servers: server.url,
      namespace,
      credentials: { user: STREAM_OWNER, password: passwords[STREAM_OWNER] },
    });
    for (const name of [
      'gateway',
      'projects',
      'sharing',
      'media',
      'auth',
      'render',
      'render-worker',
    ] as const) {
      buses.set(name, await connectAs(name));
    }
    projects = await NestFactory.createMicroservice(ProbeModule, {
      strategy: new BusTransport({ bus: bus('projects'), service: 'projects' }),
      logger: false,
    });
    await projects.listen();
    received = projects.get(Received);
    render = await NestFactory.createMicroservice(ChunkPhotosModule, {
      strategy: new BusTransport({ bus: bus('render'), service: 'render' }),
      logger: false,
    });
    await render.listen();
  });
  afterAll(async () => {
    await projects?.close();
    await render?.close();
    for (const connected of buses.values()) await connected.close();
    await server?.dispose();
  });

  it('refuses a stranger: no credentials, a wrong password, an unknown user', async () => {
    await expect(natsConnect({ servers: server.url })).rejects.toBeInstanceOf(natsErrors.AuthorizationError);
    await expect(
      connectNatsBus({
        servers: server.url,
        namespace,
        name: 'stranger',
        credentials: { user: 'gateway', password: 'guessed' },
      }),
    ).rejects.toBeInstanceOf(natsErrors.AuthorizationError);
    await expect(
      natsConnect({ servers: server.url, user: 'admin', pass: passwords.gateway }),
    ).rejects.toBeInstanceOf(natsErrors.AuthorizationError);
  });

  it('answers the gateway: a user request is handled with the user actor', async () => {
    const id = randomUUID();

    const probe = await new BusClient(bus('gateway')).request(recordProbe, user, { id, note: 'hello' });

    expect(probe).toEqual({ id, note: 'hello', recordedAt: '2026-11-25T09:00:00.000Z' });
    expect(received.requests.at(-1)).toEqual({ actor: user, data: { id, note: 'hello' } });
  });

  it("refuses a request outside the sender's grant at the broker, and an actor outside it FORBIDDEN_SENDER", async () => {
    const handled = received.requests.length;
    const media = new BusClient(bus('media'), { sender: 'media' });

    // Media sends no probes: the broker refuses the publish, as the system or as a user.
    for (const actor of [SYSTEM, user]) {
      await expect(
        media.request(recordProbe, actor, { id: randomUUID(), note: 'not granted' }),
      ).rejects.toMatchObject({
        code: ErrorCodes.forbiddenSender,
        message: expect.stringContaining(
          `Permissions Violation for Publish to "${namespace}.rpc.media.projects.probe.record"`,
        ),
      });
    }
    expect(received.requests).toHaveLength(handled);

    // The render worker asks for its chunk photos as the system; the broker lets a user claim through, BusTransport does not.
    const worker = new BusClient(bus('render-worker'), { sender: 'render-worker' });
    const renderId = randomUUID();
    await expect(worker.request(getChunkPhotos, user, { renderId })).rejects.toMatchObject({
      code: ErrorCodes.forbiddenSender,
      message: 'render-worker may not send render.chunk.photos on behalf of a user',
    });
    await expect(worker.request(getChunkPhotos, SYSTEM, { renderId })).resolves.toEqual({
      urls: [`photo-of-${renderId}`],
    });
  });

  it("lets no service publish on the gateway's request prefix: the broker refuses it before anyone hears it", async () => {
    const handled = received.requests.length;
    const envelope = { actor: user, data: { id: randomUUID(), note: 'forged' } };

    // Through the bus, naming the gateway as the sender.
    const forged = bus('sharing').request(recordProbe.subject, envelope, { sender: 'gateway' });
    await expect(forged).rejects.toBeInstanceOf(BusPermissionError);
    await expect(forged).rejects.toThrow(`${namespace}.rpc.gateway.projects.probe.record`);
    // Through BusClient, as the gateway's code would call it.
    await expect(
      new BusClient(bus('sharing'), { sender: 'gateway' }).request(recordProbe, user, envelope.data),
    ).rejects.toMatchObject({ code: ErrorCodes.forbiddenSender });
    // Straight on the wire with the service's credentials (and its own inbox, which it may read).
    const raw = await natsConnect({
      servers: server.url,
      user: 'sharing',
      pass: passwords.sharing,
      inboxPrefix: '_INBOX.sharing',
    });
    try {
      await expect(
        raw.request(`${namespace}.rpc.gateway.${recordProbe.subject}`, JSON.stringify(envelope), {
          timeout: 1_000,
        }),
      ).rejects.toThrow(
        `Permissions Violation for Publish to "${namespace}.rpc.gateway.projects.probe.record"`,
      );
    } finally {
      await raw.close();
    }
    expect(received.requests).toHaveLength(handled);
  });

  it("lets no service hear another's requests or read another's replies", async () => {
    await expect(
      bus('sharing').respond(recordProbe.subject, 'sharing', async () => 'stolen'),
    ).rejects.toBeInstanceOf(BusPermissionError);

    const raw = await natsConnect({ servers: server.url, user: 'sharing', pass: passwords.sharing });
    try {
      const refusals: unknown[] = [];
      for (const subject of ['_INBOX.gateway.>', `${namespace}.rpc.>`]) {
        raw.subscribe(subject, {
          callback: (error) => {
            refusals.push(error);
          },
        });
      }
      await raw.flush();
      await waitFor(() => refusals.length === 2, 'both subscriptions to be refused');
      expect(refusals.every((error) => error instanceof natsErrors.PermissionViolationError)).toBe(true);
    } finally {
      await raw.close();
    }
  });

  it("lets no service create or change a stream (a stream's RePublish could forge any subject)", async () => {
    const raw = await natsConnect({
      servers: server.url,
      user: 'sharing',
      pass: passwords.sharing,
      inboxPrefix: '_INBOX.sharing',
    });
    try {
      const jsm = await jetstreamManager(raw);
      const republishing = {
        subjects: [`${namespace}.rpc.sharing.relay.>`],
        republish: {
          src: `${namespace}.rpc.sharing.relay.>`,
          dest: `${namespace}.rpc.gateway.projects.probe.>`,
        },
      };
      await expect(jsm.streams.add({ name: 'RELAY', ...republishing })).rejects.toThrow(
        'Permissions Violation for Publish to "$JS.API.STREAM.CREATE.RELAY"',
      );
      await expect(
        jsm.streams.update(`${namespace.toUpperCase()}_EVENTS`, { republish: republishing.republish }),
      ).rejects.toThrow('Permissions Violation for Publish');
    } finally {
      await raw.close();
    }
  });

  it("drops what a service's push consumer delivers onto another's subjects, however it is shaped", async () => {
    const handled = received.requests.length;
    const heard: unknown[] = [];
    const listening = bus('gateway').subscribeLive(sessionsRevoked.subject, (message) =>
      heard.push(message.payload),
    );
    const raw = await natsConnect({
      servers: server.url,
      user: 'sharing',
      pass: passwords.sharing,
      inboxPrefix: '_INBOX.sharing',
    });
    // Only bus-admin makes consumers now; a push consumer of its making is checked all the same.
    const admin = await natsConnect({
      servers: server.url,
      user: STREAM_OWNER,
      pass: passwords[STREAM_OWNER],
      inboxPrefix: `_INBOX.${STREAM_OWNER}`,
    });
    // The broker does deliver such pushes: a plain subscriber of the gateway's sees them arrive.
    const arrived: string[] = [];
    const gatewayWire = await natsConnect({
      servers: server.url,
      user: 'gateway',
      pass: passwords.gateway,
      inboxPrefix: '_INBOX.gateway',
    });
    gatewayWire.subscribe(`${namespace}.live.>`, {
      callback: (_error, msg) => {
        arrived.push(msg.subject);
      },
    });
    try {
      await gatewayWire.flush();
      await bus('gateway').isReady(); // the bus's subscription has reached the server
      const jsm = await jetstreamManager(admin);
      const push = async (name: string, deliverSubject: string, payload: object) => {
        const filter_subject = `${namespace}.events.sharing.push.${name}`;
        await jetstream(raw).publish(filter_subject, JSON.stringify(payload));
        await jsm.consumers.add(`${namespace.toUpperCase()}_EVENTS`, {
          durable_name: `push-${name}`,
          deliver_subject: deliverSubject,
          deliver_group: deliverSubject.includes('.rpc.') ? 'projects' : undefined,
          filter_subject,
          ack_policy: AckPolicy.None,
        });
      };
      await push('revocation', `${namespace}.live.${sessionsRevoked.subject}`, {
        userId: randomUUID(),
        sessionIds: [randomUUID()],
        reason: 'sign-out',
      });
      await push('request', `${namespace}.rpc.gateway.${recordProbe.subject}`, {
        actor: user,
        data: { id: randomUUID(), note: 'pushed as the gateway' },
      });
      await waitFor(() => arrived.length > 0, 'the pushed revocation at the connection');

      const genuine = { userId: randomUUID(), sessionIds: [randomUUID()], reason: 'sign-out' };
      await bus('auth').publishLive(sessionsRevoked.subject, genuine);
      await waitFor(() => heard.length > 0, 'the genuine revocation');

      expect(arrived[0]).toBe(`${namespace}.events.sharing.push.revocation`);
      expect(heard).toEqual([genuine]);
      expect(received.requests).toHaveLength(handled);
    } finally {
      await gatewayWire.close();
      await admin.close();
      await raw.close();
      await listening.stop();
    }
  });

  it('carries events from their owner to consumers, and refuses a service the events of another', async () => {
    const consumed: EventEnvelope[] = [];
    const consumer = await bus('sharing').consumeEvents(
      { durable: durableName('sharing', probeRecorded.subject), subjects: [probeRecorded.subject] },
      async (message) => {
        consumed.push(message.payload as EventEnvelope);
      },
    );
    try {
      const genuine = buildEvent(probeRecorded, SYSTEM, {
        id: randomUUID(),
        note: 'genuine',
        recordedAt: '2026-11-25T09:00:00.000Z',
      });
      const forged = { ...genuine, id: randomUUID(), data: { ...genuine.data, note: 'forged' } };

      await expect(
        bus('media').publishEvent(forged.type, forged, { msgId: forged.id }),
      ).rejects.toBeInstanceOf(BusPermissionError);
      await bus('projects').publishEvent(genuine.type, genuine, { msgId: genuine.id });

      await waitFor(() => consumed.length === 1, 'the genuine event');
      expect(consumed).toEqual([genuine]);
    } finally {
      await consumer.stop();
    }
  });

  it('fans out live pushes only from their owner: a forged session revocation reaches nobody', async () => {
    const heard: unknown[] = [];
    const listening = bus('gateway').subscribeLive(sessionsRevoked.subject, (message) =>
      heard.push(message.payload),
    );
    try {
      await bus('gateway').isReady(); // the subscription has reached the server
      const revocation = (note: string) => ({
        userId: randomUUID(),
        sessionIds: [randomUUID()],
        reason: note,
      });

      await bus('sharing').publishLive(sessionsRevoked.subject, revocation('forged'));
      await bus('sharing').isReady(); // a round trip after the publish: the server has dealt with it
      const genuine = revocation('sign-out');
      await bus('auth').publishLive(sessionsRevoked.subject, genuine);

      await waitFor(() => heard.length > 0, 'the genuine revocation');
      expect(heard).toEqual([genuine]);
    } finally {
      await listening.stop();
    }
  });
});

describe('natsServerConfig() without passwords', () => {
  it('has the server read each password from its environment variable; only the stream owner makes the streams', async () => {
    const namespace = uniqueNamespace('envpw');
    // Leading digits: nats-server parses the variable as a config value, which the quotes keep a string.
    const password = `1${randomBytes(12).toString('hex')}`;
    const identities: Identity[] = [...deployables, STREAM_OWNER];
    const variables = identities.map(passwordVariable);
    for (const variable of variables) process.env[variable] = JSON.stringify(password);
    let server: NatsServer | undefined;
    try {
      server = await startNatsServer({ config: natsServerConfig({ namespace }) });
      const connect = () =>
        connectNatsBus({
          servers: server?.url ?? '',
          namespace,
          name: 'render-worker',
          credentials: { user: 'render-worker', password },
        });
      await expect(connect()).rejects.toThrow(
        `Stream ${namespace.toUpperCase()}_EVENTS is missing or out of date, and only bus-admin may change it`,
      );

      await ensureBusStreams({
        servers: server.url,
        namespace,
        credentials: { user: STREAM_OWNER, password },
      });
      const bus = await connect();
      expect(bus.identity).toBe('render-worker');
      await bus.close();
    } finally {
      for (const variable of variables) delete process.env[variable];
      await server?.dispose();
    }
  });
});
