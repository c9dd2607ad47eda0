import { randomUUID } from 'node:crypto';
import {
  type Actor,
  type EventEnvelopeOf,
  type Probe,
  probeRecorded,
  type RequestEnvelopeOf,
  recordProbe,
} from '@memoreel/contracts';
import { eventually, type SentryReceiver, startSentryReceiver, uniqueNamespace } from '@memoreel/testing';
import { Controller, Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Ctx, EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushErrorReports } from '../telemetry/error-reporting.js';
import { startTelemetry, type Telemetry } from '../telemetry/telemetry.js';
import { BusClient, buildEvent, RemoteError } from './bus-client.js';
import { BusTransport, EventDeliveryContext } from './bus-transport.js';
import { ConflictError } from './domain-error.js';
import { InProcessBus } from './in-process-bus.js';
import { ReportHandlerErrors } from './report-handler-errors.filter.js';

@Injectable()
class Deliveries {
  readonly counts = new Map<string, number>();
}

@Controller()
class FailingController {
  constructor(private readonly deliveries: Deliveries) {}

  @MessagePattern(recordProbe.subject)
  record(@Payload() request: RequestEnvelopeOf<typeof recordProbe>): Probe {
    if (request.data.note === 'taken') throw new ConflictError('That note is taken');
    throw new Error(`The probe store fell over (${request.data.note})`);
  }

  @EventPattern<string>(probeRecorded.subject)
  async recorded(
    @Payload() envelope: EventEnvelopeOf<typeof probeRecorded>,
    @Ctx() delivery: EventDeliveryContext,
  ) {
    this.deliveries.counts.set(envelope.data.note, delivery.deliveryCount);
    throw new Error(`The probe consumer fell over (${envelope.data.note})`);
  }
}

@Module({ controllers: [FailingController], providers: [Deliveries] })
class FailingModule {}

const actor: Actor = { userId: randomUUID(), role: 'user', isAnonymous: false };

/**
 * Bus handlers' unexpected failures reach Sentry (a local receiver of its envelope protocol) once:
 * once per request, once per event however often it is redelivered; refusals never. The filter is
 * installed as `startService` installs it. Sentry's client is process-wide, hence a file of its own.
 */
describe('ReportHandlerErrors', () => {
  let receiver: SentryReceiver;
  let telemetry: Telemetry;
  let bus: InProcessBus;
  let app: Awaited<ReturnType<typeof NestFactory.createMicroservice>>;
  let client: BusClient;

  beforeAll(async () => {
    receiver = await startSentryReceiver();
    telemetry = startTelemetry({ serviceName: 'report-test', sentryDsn: receiver.dsn });
    bus = new InProcessBus({ namespace: uniqueNamespace('report') });
    const transport = new BusTransport({
      bus,
      service: 'projects',
      consumer: { backoffMs: [10], maxDeliver: 3 },
    });
    app = await NestFactory.createMicroservice(FailingModule, { strategy: transport, logger: false });
    app.useGlobalFilters(new ReportHandlerErrors());
    await app.listen();
    client = new BusClient(bus);
  });

  afterAll(async () => {
    await app?.close();
    await bus?.close();
    await telemetry?.shutdown();
    await receiver?.close();
  });

  it('a request handler that throws: INTERNAL to the caller, one report with subject and trace id', async () => {
    const failed = client.request(recordProbe, actor, { id: randomUUID(), note: 'crash' });
    await expect(failed).rejects.toMatchObject({ code: 'INTERNAL', message: 'Internal error' });
    await flushErrorReports();
    const [event, ...more] = await eventually(async () => {
      const found = receiver.eventsWith('The probe store fell over (crash)');
      expect(found.length).toBeGreaterThan(0);
      return found;
    });
    expect(more).toEqual([]);
    expect(event?.extra?.subject).toContain(recordProbe.subject);
    expect(event?.tags?.trace_id).toMatch(/^[0-9a-f]{32}$/);
  });

  it('an event handler failing on all three deliveries: reported once', async () => {
    const note = 'always';
    const deliveries = (await app.get(Deliveries, { strict: false })).counts;
    await bus.publishEvent(
      probeRecorded.subject,
      buildEvent(probeRecorded, actor, { id: randomUUID(), note, recordedAt: new Date().toISOString() }),
      { msgId: randomUUID() },
    );
    await eventually(async () => expect(deliveries.get(note)).toBe(3));
    await flushErrorReports();
    expect(receiver.eventsWith('The probe consumer fell over (always)')).toHaveLength(1);
  });

  it('a refusal (a DomainError) is the caller’s answer, never a report', async () => {
    const before = receiver.events.length;
    const refused = client.request(recordProbe, actor, { id: randomUUID(), note: 'taken' });
    await expect(refused).rejects.toBeInstanceOf(RemoteError);
    await expect(refused).rejects.toMatchObject({ code: 'CONFLICT' });
    await flushErrorReports();
    expect(receiver.events.slice(before)).toEqual([]);
  });
});
