import { randomUUID } from 'node:crypto';
import { contractFor, defineJob, type EventEnvelope, probeRecorded, SYSTEM } from '@memoreel/contracts';
import { Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { waitFor } from '../../test/bus-conformance.js';
import { BusClient, buildEvent } from './bus-client.js';
import { BusTransport } from './bus-transport.js';
import { eventHandlers } from './event-handlers.js';
import { InProcessBus } from './in-process-bus.js';

/** A job contract of this test only. */
const rebuildProbe = defineJob('projects.probe.rebuild', {
  summary: 'Test only: rebuilds a probe.',
  data: z.object({ id: z.uuid() }),
});

@Injectable()
class Journal {
  readonly events: { note: string; deliveryCount: number }[] = [];
  readonly jobs: EventEnvelope[] = [];
}

const RecordProbeNotes = eventHandlers(Journal, (on) => [
  on(probeRecorded, (journal, event, delivery) => {
    if (event.data.note === 'flaky' && delivery.deliveryCount === 1) throw new Error('briefly away');
    journal.events.push({ note: event.data.note, deliveryCount: delivery.deliveryCount });
  }),
  on(
    rebuildProbe,
    async (journal, job) => {
      journal.jobs.push(job);
    },
    { queue: 'jobs' },
  ),
]);

@Module({ controllers: [RecordProbeNotes], providers: [Journal] })
class JournalModule {}

describe('eventHandlers', () => {
  const bus = new InProcessBus({ namespace: 'event-handlers' });
  let journal: Journal;
  let app: Awaited<ReturnType<typeof NestFactory.createMicroservice>>;

  beforeAll(async () => {
    const transport = new BusTransport({
      bus,
      service: 'projects',
      consumer: { backoffMs: [20], maxDeliver: 3 },
      contracts: (subject) => (subject === rebuildProbe.subject ? rebuildProbe : contractFor(subject)),
    });
    app = await NestFactory.createMicroservice(JournalModule, { strategy: transport, logger: false });
    await app.listen();
    journal = app.get(Journal);
  });
  afterAll(async () => {
    await app?.close();
    await bus.close();
  });

  const publish = async (note: string) => {
    const event = buildEvent(probeRecorded, SYSTEM, {
      id: randomUUID(),
      note,
      recordedAt: new Date().toISOString(),
    });
    await bus.publishEvent(event.type, event, { msgId: event.id });
  };

  it("runs an event's row with the injected provider, the validated envelope and its delivery", async () => {
    await publish('seen');

    await waitFor(() => journal.events.some((e) => e.note === 'seen'), 'the event');
    expect(journal.events.find((e) => e.note === 'seen')).toEqual({ note: 'seen', deliveryCount: 1 });
  });

  it('redelivers an event whose row threw', async () => {
    await publish('flaky');

    await waitFor(() => journal.events.some((e) => e.note === 'flaky'), 'the redelivered event');
    expect(journal.events.find((e) => e.note === 'flaky')?.deliveryCount).toBe(2);
  });

  it("takes jobs for a row whose extras say { queue: 'jobs' }", async () => {
    const id = randomUUID();

    await new BusClient(bus).enqueueJob(rebuildProbe, SYSTEM, { id }, { id: randomUUID() });

    await waitFor(() => journal.jobs.length === 1, 'the job');
    expect(journal.jobs[0]).toMatchObject({ type: rebuildProbe.subject, data: { id } });
  });
});
