import { uniqueNamespace } from '@memoreel/testing';
import { type SpanContext, trace } from '@opentelemetry/api';
import { NodeSDK, type NodeSDKConfiguration } from '@opentelemetry/sdk-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Bus,
  BusTimeoutError,
  DeadLetterHeaders,
  type DeliveredMessage,
  NoResponderError,
  PoisonMessageError,
  ResponderError,
} from '../src/bus/bus.js';

/** How a binding under test is made and taken down (streams deleted, connections closed). */
export interface BusFactory {
  create(namespace: string): Promise<Bus>;
  dispose(bus: Bus, namespace: string): Promise<void>;
  /** A request may name any sender: no broker credentials hold it to its own. Default true. */
  anySender?: boolean;
}

/** Short backoffs so failure paths take milliseconds. */
const fast = { backoffMs: [20], maxDeliver: 3 };

export async function waitFor(check: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type EndedSpan = Parameters<NonNullable<NodeSDKConfiguration['spanProcessors']>[number]['onEnd']>[0];
const endedSpans = new Map<string, EndedSpan>();
let tracing: NodeSDK | undefined;

/** A real tracer provider, W3C propagator and context manager for this test worker, keeping ended spans. */
function startTestTracing(): void {
  if (tracing) return;
  tracing = new NodeSDK({
    autoDetectResources: false,
    instrumentations: [],
    metricReaders: [],
    logRecordProcessors: [],
    spanProcessors: [
      {
        onStart: () => {},
        onEnd: (span) => endedSpans.set(span.spanContext().spanId, span),
        forceFlush: async () => {},
        shutdown: async () => {},
      },
    ],
  });
  tracing.start();
}

/** The same behaviour, checked on every binding of the bus. */
export function describeBusConformance(label: string, factory: BusFactory): void {
  describe(`${label}: bus conformance`, () => {
    const namespace = uniqueNamespace('conf');
    let bus: Bus;

    beforeAll(async () => {
      startTestTracing();
      bus = await factory.create(namespace);
    });
    afterAll(async () => {
      if (bus) await factory.dispose(bus, namespace);
    });

    describe('request/reply', () => {
      it('answers with the responder value, each side holding its own copy', async () => {
        await bus.respond('conf.echo.ask', 'conf', async (message) => {
          const payload = message.payload as { items: number[] };
          payload.items.push(2);
          return { items: payload.items, subject: message.subject };
        });
        const sent = { items: [1] };

        await expect(bus.request('conf.echo.ask', sent)).resolves.toEqual({
          items: [1, 2],
          subject: 'conf.echo.ask',
        });
        expect(sent).toEqual({ items: [1] });
      });

      it("tells the responder who sent a request: the bus's identity unless the request names another", async () => {
        const senders: string[] = [];
        await bus.respond('conf.sender.ask', 'conf', async (message) => {
          senders.push(message.sender);
          return message.subject;
        });

        const others = factory.anySender === false ? [] : ['sharing'];
        await expect(bus.request('conf.sender.ask', {})).resolves.toBe('conf.sender.ask');
        for (const sender of others) {
          await expect(bus.request('conf.sender.ask', {}, { sender })).resolves.toBe('conf.sender.ask');
        }

        expect(senders).toEqual([bus.identity, ...others]);
        await expect(bus.request('conf.sender.ask', {}, { sender: 'not.one.token' })).rejects.toThrow(
          'Sender "not.one.token" must be lower-case letters, digits or -',
        );
      });

      it('rejects with BusTimeoutError when no answer comes in time', async () => {
        await bus.respond('conf.slow.ask', 'conf', () => sleep(300));
        const started = Date.now();

        await expect(bus.request('conf.slow.ask', {}, { timeoutMs: 100 })).rejects.toBeInstanceOf(
          BusTimeoutError,
        );
        expect(Date.now() - started).toBeLessThan(290);
      });

      it('rejects with NoResponderError at once when nobody listens', async () => {
        const started = Date.now();

        await expect(bus.request('conf.nobody.ask', {}, { timeoutMs: 2_000 })).rejects.toBeInstanceOf(
          NoResponderError,
        );
        expect(Date.now() - started).toBeLessThan(1_000);
      });

      it('rejects with ResponderError when the responder throws', async () => {
        await bus.respond('conf.broken.ask', 'conf', async () => {
          throw new Error('kaput');
        });

        await expect(bus.request('conf.broken.ask', {})).rejects.toThrow(ResponderError);
        await expect(bus.request('conf.broken.ask', {})).rejects.toThrow(/kaput/);
      });

      it('gives each request to one member of a queue group, and to every group', async () => {
        const handledBy = { a: 0, b: 0, audit: 0 };
        await bus.respond('conf.shared.ask', 'workers', async () => ++handledBy.a && 'a');
        await bus.respond('conf.shared.ask', 'workers', async () => ++handledBy.b && 'b');
        await bus.respond('conf.shared.ask', 'audit', async () => {
          handledBy.audit++;
          await sleep(50);
          return 'audit';
        });

        const replies = await Promise.all(
          Array.from({ length: 20 }, () => bus.request('conf.shared.ask', {})),
        );

        expect(replies.every((reply) => reply === 'a' || reply === 'b')).toBe(true);
        expect(handledBy.a + handledBy.b).toBe(20);
        await waitFor(() => handledBy.audit === 20, 'the audit group to see every request');
      });
    });

    describe('events', () => {
      it('delivers an event to every durable consumer whose subjects match, wildcards included', async () => {
        const seen: Record<string, DeliveredMessage[]> = {
          first: [],
          second: [],
          wildcard: [],
          tail: [],
          other: [],
        };
        const record = (name: string) => async (message: DeliveredMessage) => {
          seen[name]?.push(message);
        };
        await bus.consumeEvents(
          { durable: 'conf-first', subjects: ['conf.probe.happened'] },
          record('first'),
        );
        await bus.consumeEvents(
          { durable: 'conf-second', subjects: ['conf.probe.happened'] },
          record('second'),
        );
        await bus.consumeEvents(
          { durable: 'conf-wildcard', subjects: ['conf.*.happened'] },
          record('wildcard'),
        );
        await bus.consumeEvents({ durable: 'conf-tail', subjects: ['conf.>'] }, record('tail'));
        await bus.consumeEvents(
          { durable: 'conf-other', subjects: ['conf.probe.vanished'] },
          record('other'),
        );

        await bus.publishEvent(
          'conf.probe.happened',
          { n: 1 },
          { msgId: 'evt-fanout-1', headers: { 'x-test': 'yes' } },
        );

        await waitFor(
          () => ['first', 'second', 'wildcard', 'tail'].every((name) => seen[name]?.length === 1),
          'fan-out',
        );
        expect(seen.first?.[0]).toMatchObject({
          subject: 'conf.probe.happened',
          payload: { n: 1 },
          deliveryCount: 1,
          msgId: 'evt-fanout-1',
          headers: { 'x-test': 'yes' },
        });
        await sleep(50);
        expect(seen.other).toEqual([]);
        expect(seen.first).toHaveLength(1);
      });

      it('keeps events for a durable consumer that subscribes later', async () => {
        await bus.publishEvent('conf.early.happened', { n: 1 }, { msgId: 'evt-early-1' });
        await bus.publishEvent('conf.early.happened', { n: 2 }, { msgId: 'evt-early-2' });
        const payloads: unknown[] = [];

        await bus.consumeEvents(
          { durable: 'conf-late', subjects: ['conf.early.happened'] },
          async (message) => {
            payloads.push(message.payload);
          },
        );

        await waitFor(() => payloads.length === 2, 'the stored events');
        expect(payloads).toEqual([{ n: 1 }, { n: 2 }]);
      });

      it('redelivers after a handler failure until the event is processed', async () => {
        const deliveries: number[] = [];
        let processed = 0;
        await bus.consumeEvents(
          { durable: 'conf-retry', subjects: ['conf.flaky.happened'], ...fast },
          async (m) => {
            deliveries.push(m.deliveryCount);
            if (m.deliveryCount === 1) throw new Error('database briefly away');
            processed++;
          },
        );

        await bus.publishEvent('conf.flaky.happened', { n: 1 }, { msgId: 'evt-flaky-1' });

        await waitFor(() => processed === 1, 'the redelivered event to be processed');
        await sleep(100);
        expect(deliveries).toEqual([1, 2]);
        expect(processed).toBe(1);
      });

      it('dead-letters a message that fails maxDeliver times, with why and where', async () => {
        let attempts = 0;
        const dead: DeliveredMessage[] = [];
        await bus.consumeEvents(
          { durable: 'conf-poisoned', subjects: ['conf.bad.happened'], ...fast },
          async () => {
            attempts++;
            throw new Error('cannot handle\nthis');
          },
        );
        await bus.consumeDeadLetters({ durable: 'conf-dead-max' }, async (message) => {
          if (message.subject === 'conf.bad.happened') dead.push(message);
        });

        await bus.publishEvent(
          'conf.bad.happened',
          { n: 13 },
          { msgId: 'evt-bad-1', headers: { 'x-test': 'kept' } },
        );

        await waitFor(() => dead.length === 1, 'the dead letter');
        expect(attempts).toBe(3);
        expect(dead[0]?.payload).toEqual({ n: 13 });
        expect(dead[0]?.msgId).toBe('evt-bad-1');
        expect(dead[0]?.headers).toMatchObject({
          'x-test': 'kept',
          [DeadLetterHeaders.subject]: 'conf.bad.happened',
          [DeadLetterHeaders.consumer]: 'conf-poisoned',
          [DeadLetterHeaders.deliveries]: '3',
        });
        expect(dead[0]?.headers[DeadLetterHeaders.error]).toMatch(/^cannot handle\s+this$/);
        await sleep(100);
        expect(attempts).toBe(3);
      });

      it('dead-letters at once when the handler throws PoisonMessageError', async () => {
        let attempts = 0;
        const dead: DeliveredMessage[] = [];
        await bus.consumeEvents(
          { durable: 'conf-poison', subjects: ['conf.poison.happened'], ...fast },
          async () => {
            attempts++;
            throw new PoisonMessageError('not a valid envelope');
          },
        );
        await bus.consumeDeadLetters({ durable: 'conf-dead-poison' }, async (message) => {
          if (message.subject === 'conf.poison.happened') dead.push(message);
        });

        await bus.publishEvent('conf.poison.happened', { n: 1 }, { msgId: 'evt-poison-1' });

        await waitFor(() => dead.length === 1, 'the dead letter');
        expect(attempts).toBe(1);
        expect(dead[0]?.headers).toMatchObject({
          [DeadLetterHeaders.deliveries]: '1',
          [DeadLetterHeaders.error]: 'not a valid envelope',
        });
      });

      it("hands a dead-letter consumer only its subjects' dead letters, under their own subject", async () => {
        const dead: string[] = [];
        const poison = async () => {
          throw new PoisonMessageError('never works');
        };
        await bus.consumeJobs({ durable: 'conf-dead-a', subjects: ['conf.deadsub.wanted'] }, poison);
        await bus.consumeJobs({ durable: 'conf-dead-b', subjects: ['conf.deadsub.other'] }, poison);
        await bus.consumeDeadLetters(
          { durable: 'conf-dead-wanted', subjects: ['conf.deadsub.wanted'] },
          async (message) => {
            dead.push(`${message.subject}:${(message.payload as { n: number }).n}`);
          },
        );
        await bus.enqueueJob('conf.deadsub.other', { n: 1 }, { msgId: 'dead-other-1' });
        await bus.enqueueJob('conf.deadsub.wanted', { n: 2 }, { msgId: 'dead-wanted-2' });

        await waitFor(() => dead.length === 1, 'the wanted dead letter');
        await sleep(200);
        expect(dead).toEqual(['conf.deadsub.wanted:2']);
      });

      it('drops a second publish with the same msgId', async () => {
        const payloads: unknown[] = [];
        await bus.consumeEvents(
          { durable: 'conf-dedup', subjects: ['conf.dedup.happened'] },
          async (message) => {
            payloads.push(message.payload);
          },
        );

        await bus.publishEvent('conf.dedup.happened', { copy: 1 }, { msgId: 'evt-dedup-1' });
        await bus.publishEvent('conf.dedup.happened', { copy: 2 }, { msgId: 'evt-dedup-1' });
        await bus.publishEvent('conf.dedup.happened', { sentinel: true }, { msgId: 'evt-dedup-2' });

        // Delivery is ordered, so once the sentinel arrived a stored duplicate would have too.
        await waitFor(() => payloads.length >= 2, 'the sentinel');
        expect(payloads).toEqual([{ copy: 1 }, { sentinel: true }]);
      });

      it('runs up to `concurrency` handlers of one consumer at a time', async () => {
        let running = 0;
        let mostAtOnce = 0;
        let done = 0;
        await bus.consumeEvents(
          { durable: 'conf-parallel', subjects: ['conf.parallel.happened'], concurrency: 3 },
          async () => {
            running++;
            mostAtOnce = Math.max(mostAtOnce, running);
            await sleep(40);
            running--;
            done++;
          },
        );

        for (let n = 0; n < 9; n++)
          await bus.publishEvent('conf.parallel.happened', { n }, { msgId: `evt-par-${n}` });

        await waitFor(() => done === 9, 'every event');
        expect(mostAtOnce).toBe(3);
      });
    });

    describe('stream states', () => {
      it("reports each stream's size and the state of the durables under a prefix", async () => {
        let release: () => void = () => {};
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        let started = 0;
        await bus.consumeEvents({ durable: 'conf-stats-a', subjects: ['conf.stats.happened'] }, async () => {
          started++;
          await held;
        });
        await bus.consumeEvents({ durable: 'conf-other', subjects: ['conf.other.happened'] }, async () => {});
        await bus.publishEvent('conf.stats.happened', { n: 1 }, { msgId: 'evt-stats-1' });
        await bus.publishEvent('conf.stats.happened', { n: 2 }, { msgId: 'evt-stats-2' });
        await waitFor(() => started === 1, 'the first event in its handler');

        const { streams, consumers } = await bus.describeStreams('conf-stats-');
        expect(streams.map((s) => s.stream)).toEqual(['events', 'jobs', 'dead']);
        expect(streams[0]?.messages).toBeGreaterThanOrEqual(2);
        expect(consumers.map((c) => [c.stream, c.durable])).toEqual([['events', 'conf-stats-a']]);
        // Prefetched messages count as given out on NATS, as waiting in-process: two either way.
        const [state] = consumers;
        expect(state && state.pending + state.ackPending).toBe(2);
        expect(state?.ackPending).toBeGreaterThanOrEqual(1);
        release();
      });
    });

    describe('jobs', () => {
      it('gives each job to one of the workers sharing a durable consumer', async () => {
        const handled: string[] = [];
        const worker = async (message: DeliveredMessage) => {
          await sleep(5);
          handled.push((message.payload as { id: string }).id);
        };
        await bus.enqueueJob('conf.render.chunk', { id: 'job-0' }, { msgId: 'job-0' });
        await bus.consumeJobs({ durable: 'conf-renderers', subjects: ['conf.render.chunk'] }, worker);
        await bus.consumeJobs({ durable: 'conf-renderers', subjects: ['conf.render.chunk'] }, worker);

        for (let n = 1; n < 10; n++)
          await bus.enqueueJob('conf.render.chunk', { id: `job-${n}` }, { msgId: `job-${n}` });

        await waitFor(() => handled.length === 10, 'every job');
        await sleep(100);
        expect(handled.toSorted()).toEqual(Array.from({ length: 10 }, (_, n) => `job-${n}`).toSorted());
      });

      it('lets a long job say it is still working, and takes it once', async () => {
        let deliveries = 0;
        await bus.consumeJobs(
          { durable: 'conf-long-renderers', subjects: ['conf.render.long'] },
          async (message) => {
            deliveries++;
            for (let beat = 0; beat < 3; beat++) {
              message.working?.();
              await sleep(20);
            }
          },
        );
        await bus.enqueueJob('conf.render.long', { id: 'long-0' }, { msgId: 'long-0' });

        await waitFor(() => deliveries === 1, 'the long job');
        await sleep(300);
        expect(deliveries).toBe(1);
      });

      it('gives a job whose worker went silent to another after its ack wait, never one whose worker beats', async () => {
        const ackWaitMs = 1_000;
        const deliveries: { id: string; at: number }[] = [];
        let release = () => {};
        const silent = new Promise<void>((resolve) => {
          release = resolve;
        });
        await bus.consumeJobs(
          { durable: 'conf-ack-wait', subjects: ['conf.ack.wait'], concurrency: 3, ackWaitMs },
          async (message) => {
            const { id } = message.payload as { id: string };
            deliveries.push({ id, at: Date.now() });
            if (id === 'beating') {
              // Three ack waits long, a heartbeat every quarter of one.
              for (let beat = 0; beat < 12; beat++) {
                message.working?.();
                await sleep(ackWaitMs / 4);
              }
            } else if (message.deliveryCount === 1) {
              await silent; // A killed worker: no ack, no heartbeat.
            }
          },
        );
        await bus.enqueueJob('conf.ack.wait', { id: 'beating' }, { msgId: 'ack-beating' });
        await bus.enqueueJob('conf.ack.wait', { id: 'lost' }, { msgId: 'ack-lost' });

        const lost = () => deliveries.filter((d) => d.id === 'lost');
        await waitFor(() => lost().length === 2, 'the silent job taken again', 10_000);
        const [first, second] = lost().map((d) => d.at) as [number, number];
        expect(second - first).toBeGreaterThanOrEqual(ackWaitMs * 0.9);
        expect(second - first).toBeLessThan(ackWaitMs * 3);
        await sleep(ackWaitMs * 3);
        expect(deliveries.filter((d) => d.id === 'beating')).toHaveLength(1);
        expect(lost()).toHaveLength(2);
        release();
      });

      it('refuses a second durable whose subjects overlap on the work queue', async () => {
        await bus.consumeJobs({ durable: 'conf-stitchers', subjects: ['conf.stitch.video'] }, async () => {});

        await expect(
          bus.consumeJobs({ durable: 'conf-stitchers-too', subjects: ['conf.stitch.*'] }, async () => {}),
        ).rejects.toThrow(/overlap|not unique/);
      });
    });

    describe('live', () => {
      it('fans a live message out to everyone listening now', async () => {
        const received: string[] = [];
        const one = bus.subscribeLive('conf.probe.completed', (m) =>
          received.push(`one:${JSON.stringify(m.payload)}`),
        );
        const two = bus.subscribeLive('conf.probe.*', (m) =>
          received.push(`two:${JSON.stringify(m.payload)}`),
        );
        const other = bus.subscribeLive('conf.other.completed', () => received.push('other'));

        await bus.publishLive('conf.probe.completed', { n: 1 });

        await waitFor(() => received.length === 2, 'both listeners');
        await Promise.all([one.stop(), two.stop(), other.stop()]);
        expect(received.toSorted()).toEqual(['one:{"n":1}', 'two:{"n":1}']);
      });
    });

    describe('trace context', () => {
      it('runs every handler in a child span of the sender span', async () => {
        const seen = new Map<string, SpanContext | undefined>();
        const note = (kind: string) => () => {
          seen.set(kind, trace.getActiveSpan()?.spanContext());
        };
        await bus.respond('conf.traced.ask', 'conf', async () => note('request')());
        await bus.consumeEvents({ durable: 'conf-traced', subjects: ['conf.traced.happened'] }, async () =>
          note('event')(),
        );
        await bus.consumeJobs({ durable: 'conf-traced-jobs', subjects: ['conf.traced.job'] }, async () =>
          note('job')(),
        );
        bus.subscribeLive('conf.traced.completed', note('live'));

        const sender = await trace.getTracer('test').startActiveSpan('sender', async (span) => {
          await bus.request('conf.traced.ask', {});
          await bus.publishEvent('conf.traced.happened', {}, { msgId: 'evt-traced-1' });
          await bus.enqueueJob('conf.traced.job', {}, { msgId: 'job-traced-1' });
          await bus.publishLive('conf.traced.completed', {});
          span.end();
          return span.spanContext();
        });

        await waitFor(() => seen.size === 4, 'every handler');
        for (const [kind, handlerSpan] of seen) {
          expect(handlerSpan?.traceId, kind).toBe(sender.traceId);
          expect(handlerSpan?.spanId, kind).not.toBe(sender.spanId);
          await waitFor(() => endedSpans.has(handlerSpan?.spanId ?? ''), `the ${kind} span to end`);
          expect(endedSpans.get(handlerSpan?.spanId ?? '')?.parentSpanContext?.spanId, kind).toBe(
            sender.spanId,
          );
        }
      });
    });
  });
}
