import { randomUUID } from 'node:crypto';
import {
  type Actor,
  contractFor,
  defineJob,
  ErrorCodes,
  type EventEnvelope,
  type EventEnvelopeOf,
  getProject,
  type Probe,
  probeRecorded,
  type RequestEnvelopeOf,
  recordProbe,
  SYSTEM,
  transportMessages,
} from '@memoreel/contracts';
import { deleteNamespaceStreams, eventually, NATS_URL, uniqueNamespace } from '@memoreel/testing';
import { Controller, Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Ctx, EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import { type Observable, of } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { waitFor } from '../../test/bus-conformance.js';
import { metricsRegistry } from '../telemetry/metrics.js';
import { type Bus, DeadLetterHeaders, type DeliveredMessage, NoResponderError } from './bus.js';
import { BusClient, buildEvent, RemoteError } from './bus-client.js';
import { BusTransport, durableName, EventDeliveryContext } from './bus-transport.js';
import { ConflictError } from './domain-error.js';
import { InProcessBus } from './in-process-bus.js';
import { connectNatsBus } from './nats-bus.js';

/** A job contract of this test only, to exercise `@EventPattern(subject, { queue: 'jobs' })`. */
const rebuildProbe = defineJob('projects.probe.rebuild', {
  summary: 'Test only: rebuilds a probe.',
  data: z.object({ id: z.uuid() }),
});

@Injectable()
class ProbeLog {
  readonly requests: RequestEnvelopeOf<typeof recordProbe>[] = [];
  readonly events: { envelope: EventEnvelope; deliveryCount: number }[] = [];
  readonly jobs: EventEnvelope[] = [];
}

@Controller()
class ProbeController {
  constructor(private readonly log: ProbeLog) {}

  @MessagePattern(recordProbe.subject)
  record(
    @Payload() request: RequestEnvelopeOf<typeof recordProbe>,
  ): Probe | Observable<unknown> | Promise<Probe> {
    this.log.requests.push(request);
    const { id, note } = request.data;
    if (note === 'slow')
      return new Promise((resolve) =>
        setTimeout(() => resolve({ id, note, recordedAt: '2026-11-23T07:00:00.000Z' }), 500),
      );
    if (note === 'taken') throw new ConflictError('That note is taken', { note });
    if (note === 'crash') throw new Error('connection string with a password');
    if (note === 'bad reply') return of({ id: 'not-a-uuid', note });
    return { id, note, recordedAt: '2026-11-23T07:00:00.000Z' };
  }

  @EventPattern<string>(probeRecorded.subject)
  async recorded(
    @Payload() envelope: EventEnvelopeOf<typeof probeRecorded>,
    @Ctx() delivery: EventDeliveryContext,
  ) {
    if (envelope.data.note === 'flaky' && delivery.deliveryCount === 1) {
      throw new Error('database briefly away');
    }
    this.log.events.push({ envelope, deliveryCount: delivery.deliveryCount });
  }

  @EventPattern<string>(rebuildProbe.subject, { queue: 'jobs' })
  async rebuild(@Payload() job: EventEnvelope) {
    this.log.jobs.push(job);
  }
}

@Module({ controllers: [ProbeController], providers: [ProbeLog] })
class ProbeModule {}

const actor: Actor = { userId: randomUUID(), role: 'user', isAnonymous: false };

/** A series' value as /metrics shows it (0 when absent), e.g. `name{subject="…",outcome="ok"}`. */
async function seriesValue(name: string, labels: Record<string, string>): Promise<number> {
  for (const line of (await metricsRegistry.metrics()).split('\n')) {
    const match = /^([a-z_]+)\{([^}]*)\} (\S+)$/.exec(line);
    if (match?.[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] as string).matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return 0;
}

const bindings: [string, (namespace: string) => Promise<Bus>][] = [
  ['in-process', async (namespace) => new InProcessBus({ namespace })],
  ['nats', (namespace) => connectNatsBus({ servers: NATS_URL, namespace, name: 'transport-test' })],
];

describe.each(bindings)('BusTransport over the %s bus', (binding, connectBus) => {
  const namespace = uniqueNamespace('nest');
  let bus: Bus;
  let client: BusClient;
  let log: ProbeLog;
  let app: Awaited<ReturnType<typeof NestFactory.createMicroservice>>;

  beforeAll(async () => {
    bus = await connectBus(namespace);
    client = new BusClient(bus);
    const transport = new BusTransport({
      bus,
      service: 'projects',
      consumer: { backoffMs: [20], maxDeliver: 3 },
      contracts: (subject) => (subject === rebuildProbe.subject ? rebuildProbe : contractFor(subject)),
    });
    app = await NestFactory.createMicroservice(ProbeModule, { strategy: transport, logger: false });
    await app.listen();
    log = app.get(ProbeLog);
  });
  afterAll(async () => {
    await app?.close();
    await bus?.close();
    if (binding === 'nats') await deleteNamespaceStreams(namespace);
  });

  it('answers a valid request with the validated reply', async () => {
    const id = randomUUID();

    const probe = await client.request(recordProbe, actor, { id, note: '  hello  ' });

    expect(probe).toEqual({ id, note: 'hello', recordedAt: '2026-11-23T07:00:00.000Z' });
    expect(log.requests.at(-1)).toEqual({ actor, data: { id, note: 'hello' } });
  });

  it('replies VALIDATION_FAILED to an invalid request without running the handler', async () => {
    const handled = log.requests.length;

    const reply = await bus.request(recordProbe.subject, { actor, data: { id: randomUUID(), note: '   ' } });

    expect(reply).toMatchObject({
      ok: false,
      error: {
        code: ErrorCodes.validationFailed,
        message: 'Note is required',
        details: [{ path: ['data', 'note'] }],
      },
    });
    expect(log.requests).toHaveLength(handled);
  });

  it('tells the caller of a request unanswered in time, or that no service takes, in words a browser may show', async () => {
    const late = client.request(recordProbe, actor, { id: randomUUID(), note: 'slow' }, { timeoutMs: 50 });
    await expect(late).rejects.toMatchObject({
      code: ErrorCodes.timeout,
      message: transportMessages.timeout,
    });
    // The subject and the wait stay in the cause, for the logs.
    await expect(late.catch((error: Error) => String(error.cause))).resolves.toMatch(
      /No reply on projects\.probe\.record within 50 ms/,
    );
    await expect(client.request(getProject, actor, { id: randomUUID() })).rejects.toMatchObject({
      code: ErrorCodes.unavailable,
      message: transportMessages.unavailable,
    });
  });

  it("refuses FORBIDDEN_SENDER a request outside its sender's grant, without running the handler", async () => {
    const handled = log.requests.length;

    const failure = new BusClient(bus, { sender: 'media' }).request(recordProbe, actor, {
      id: randomUUID(),
      note: 'from media',
    });

    await expect(failure).rejects.toMatchObject({
      code: ErrorCodes.forbiddenSender,
      message: 'media may not send projects.probe.record',
    });
    expect(log.requests).toHaveLength(handled);
  });

  it('refuses the system actor from the gateway, a stranger, and a service whose grant lacks the subject', async () => {
    const handled = log.requests.length;
    const data = { id: randomUUID(), note: 'as the system' };

    await expect(client.request(recordProbe, SYSTEM, data)).rejects.toMatchObject({
      code: ErrorCodes.forbiddenSender,
    });
    await expect(
      new BusClient(bus, { sender: 'intruder' }).request(recordProbe, SYSTEM, data),
    ).rejects.toMatchObject({ code: ErrorCodes.forbiddenSender });
    // A service speaks as the system only for the requests of its grant (senders.spec.ts, nats-identity.spec.ts).
    await expect(
      new BusClient(bus, { sender: 'sharing' }).request(recordProbe, SYSTEM, data),
    ).rejects.toMatchObject({
      code: ErrorCodes.forbiddenSender,
      message: 'sharing may not send projects.probe.record',
    });
    expect(log.requests).toHaveLength(handled);
  });

  it('replies a DomainError with its code, message and details', async () => {
    const failure = client.request(recordProbe, actor, { id: randomUUID(), note: 'taken' });

    await expect(failure).rejects.toBeInstanceOf(RemoteError);
    await expect(failure).rejects.toMatchObject({
      code: ErrorCodes.conflict,
      message: 'That note is taken',
      details: { note: 'taken' },
    });
  });

  it('hides any other failure behind INTERNAL', async () => {
    const failure = client.request(recordProbe, actor, { id: randomUUID(), note: 'crash' });

    await expect(failure).rejects.toMatchObject({ code: ErrorCodes.internal, message: 'Internal error' });
  });

  it('turns a reply that breaks its contract into INTERNAL (Observable returns included)', async () => {
    const failure = client.request(recordProbe, actor, { id: randomUUID(), note: 'bad reply' });

    await expect(failure).rejects.toMatchObject({ code: ErrorCodes.internal });
  });

  it('hands an event handler the validated envelope and its delivery count', async () => {
    const event = buildEvent(probeRecorded, SYSTEM, {
      id: randomUUID(),
      note: 'seen',
      recordedAt: new Date().toISOString(),
    });

    await bus.publishEvent(event.type, event, { msgId: event.id });

    await waitFor(() => log.events.some((e) => e.envelope.id === event.id), 'the event');
    expect(log.events.find((e) => e.envelope.id === event.id)).toEqual({ envelope: event, deliveryCount: 1 });
  });

  it('redelivers an event whose handler threw', async () => {
    const event = buildEvent(probeRecorded, SYSTEM, {
      id: randomUUID(),
      note: 'flaky',
      recordedAt: new Date().toISOString(),
    });

    await bus.publishEvent(event.type, event, { msgId: event.id });

    await waitFor(() => log.events.some((e) => e.envelope.id === event.id), 'the redelivered event');
    expect(log.events.find((e) => e.envelope.id === event.id)?.deliveryCount).toBe(2);
  });

  it('dead-letters an invalid envelope without running the handler', async () => {
    const dead: DeliveredMessage[] = [];
    await bus.consumeDeadLetters({ durable: 'nest-dead' }, async (message) => {
      dead.push(message);
    });
    const handled = log.events.length;

    await bus.publishEvent(probeRecorded.subject, { id: 'not-an-event' }, { msgId: randomUUID() });

    await waitFor(() => dead.length === 1, 'the dead letter');
    expect(dead[0]?.headers).toMatchObject({
      [DeadLetterHeaders.consumer]: durableName('projects', probeRecorded.subject),
      [DeadLetterHeaders.deliveries]: '1',
    });
    expect(log.events).toHaveLength(handled);
  });

  it('consumes jobs for an @EventPattern with { queue: "jobs" }', async () => {
    const id = randomUUID();

    await client.enqueueJob(rebuildProbe, SYSTEM, { id }, { id: randomUUID() });

    await waitFor(() => log.jobs.length === 1, 'the job');
    expect(log.jobs[0]).toMatchObject({ type: rebuildProbe.subject, actor: SYSTEM, data: { id } });
  });

  it('counts requests by subject and outcome, and event deliveries by consumer and outcome, in /metrics', async () => {
    const requests = (outcome: string) =>
      seriesValue('memoreel_bus_request_duration_seconds_count', { subject: recordProbe.subject, outcome });
    const deliveries = (outcome: string) =>
      seriesValue('memoreel_bus_events_handled_total', {
        consumer: durableName('projects', probeRecorded.subject),
        outcome,
      });
    const before = {
      ok: await requests('ok'),
      refused: await requests('refused'),
      error: await requests('error'),
      handled: await deliveries('ok'),
      retried: await deliveries('retry'),
    };
    const event = buildEvent(probeRecorded, SYSTEM, {
      id: randomUUID(),
      note: 'flaky',
      recordedAt: new Date().toISOString(),
    });

    await client.request(recordProbe, actor, { id: randomUUID(), note: 'counted' });
    await expect(client.request(recordProbe, actor, { id: randomUUID(), note: 'taken' })).rejects.toThrow();
    await expect(client.request(recordProbe, actor, { id: randomUUID(), note: 'crash' })).rejects.toThrow();
    await bus.publishEvent(event.type, event, { msgId: event.id });
    await waitFor(() => log.events.some((e) => e.envelope.id === event.id), 'the redelivered event');

    expect(await requests('ok')).toBe(before.ok + 1);
    expect(await requests('refused')).toBe(before.refused + 1);
    expect(await requests('error')).toBe(before.error + 1);
    await eventually(async () => expect(await deliveries('ok')).toBe(before.handled + 1));
    expect(await deliveries('retry')).toBe(before.retried + 1);
  });

  it('stops answering once closed, leaving the shared bus open', async () => {
    await app.close();

    await expect(bus.request(recordProbe.subject, {})).rejects.toBeInstanceOf(NoResponderError);
    await expect(bus.isReady()).resolves.toBe(true);
  });
});
