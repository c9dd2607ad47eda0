import { Logger } from '@nestjs/common';
import { SpanKind } from '@opentelemetry/api';
import {
  assertDurableName,
  assertSenderName,
  type Bus,
  BusTimeoutError,
  BusUnavailableError,
  busDefaults,
  type ConsumerOptions,
  type ConsumerSettings,
  type ConsumerState,
  consumerSettings,
  DeadLetterHeaders,
  type DeadLetterOptions,
  type DeliveredMessage,
  type DeliveryHandler,
  type Headers,
  type LiveHandler,
  NoResponderError,
  PoisonMessageError,
  type PublishOptions,
  type RequestHandler,
  type RequestMessage,
  type RequestOptions,
  ResponderError,
  redeliveryDelayMs,
  type StreamKind,
  type StreamState,
  type Subscription,
} from './bus.js';
import { runInReceivedTrace, withTraceContext } from './trace-context.js';

export interface InProcessBusOptions {
  namespace?: string;
  /**
   * The sender of requests that name none. Default `gateway`: in standalone mode the gateway uses
   * the bus as it is and each service's `BusClient` names its service.
   */
  identity?: string;
  /** Like the broker's dedup window: a second publish with the same `msgId` within it is dropped. Default 2 min. */
  duplicateWindowMs?: number;
  /** Messages each stream keeps for durables that subscribe later; the oldest go first. Default 10,000. */
  maxStoredMessages?: number;
}

/** A message as the broker would hold it: the payload as JSON text, so every receiver parses its own copy. */
interface StoredMessage {
  subject: string;
  /** Who sent a request (requests only). */
  sender?: string;
  body: string;
  headers: Headers;
  msgId: string | undefined;
}

const SYSTEM = 'in-process';
const logger = new Logger('InProcessBus');

const encode = (payload: unknown): string => JSON.stringify(payload) ?? 'null';
const decode = (body: string): unknown => JSON.parse(body);
const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** NATS subject matching: `*` is exactly one token, `>` (last) is one or more. */
function subjectMatches(pattern: string, subject: string): boolean {
  const wanted = pattern.split('.');
  const actual = subject.split('.');
  for (const [i, token] of wanted.entries()) {
    if (token === '>') return actual.length > i;
    if (i >= actual.length || (token !== '*' && token !== actual[i])) return false;
  }
  return wanted.length === actual.length;
}

/** Whether some subject matches both patterns (NATS refuses such consumers on a work-queue stream). */
function subjectsOverlap(a: string, b: string): boolean {
  const left = a.split('.');
  const right = b.split('.');
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    if (left[i] === '>' || right[i] === '>') return true;
    if (left[i] !== '*' && right[i] !== '*' && left[i] !== right[i]) return false;
  }
  return left.length === right.length;
}

function withTimeout<T>(work: Promise<T>, timeoutMs: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), timeoutMs);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

interface Delivery {
  message: StoredMessage;
  deliveryCount: number;
}

interface Worker {
  handler: DeliveryHandler;
  concurrency: number;
  inFlight: Set<Promise<void>>;
}

type DeadLetterSink = (consumer: string, delivery: Delivery, error: unknown) => void;

/** A durable consumer: its own queue of messages, shared by every subscription (worker) using its name. */
class MemoryConsumer {
  private readonly ready: Delivery[] = [];
  private readonly workers: Worker[] = [];
  private readonly redeliveries = new Set<NodeJS.Timeout>();
  private nextWorker = 0;

  constructor(
    readonly durable: string,
    private filters: readonly string[],
    private settings: ConsumerSettings,
    private readonly deadLetter: DeadLetterSink,
  ) {}

  wants(subject: string): boolean {
    return this.filters.some((filter) => subjectMatches(filter, subject));
  }

  overlaps(filters: readonly string[]): boolean {
    return this.filters.some((mine) => filters.some((theirs) => subjectsOverlap(mine, theirs)));
  }

  update(filters: readonly string[], settings: ConsumerSettings): void {
    this.filters = filters;
    this.settings = settings;
  }

  enqueue(message: StoredMessage): void {
    this.ready.push({ message, deliveryCount: 0 });
    this.dispatch();
  }

  attach(handler: DeliveryHandler, concurrency: number): Subscription {
    const worker: Worker = { handler, concurrency, inFlight: new Set() };
    this.workers.push(worker);
    this.dispatch();
    return {
      stop: async () => {
        this.workers.splice(this.workers.indexOf(worker), 1);
        await Promise.all(worker.inFlight);
      },
    };
  }

  state(stream: StreamKind): ConsumerState {
    return {
      stream,
      durable: this.durable,
      pending: this.ready.length,
      ackPending: this.workers.reduce((sum, worker) => sum + worker.inFlight.size, 0),
      redelivered: this.redeliveries.size,
    };
  }

  close(): void {
    for (const timer of this.redeliveries) clearTimeout(timer);
    this.redeliveries.clear();
  }

  private dispatch(): void {
    while (this.ready.length > 0) {
      const worker = this.freeWorker();
      if (!worker) return;
      const delivery = this.ready.shift() as Delivery;
      const attempt: Promise<void> = this.attempt(worker, delivery).finally(() => {
        worker.inFlight.delete(attempt);
        this.dispatch();
      });
      worker.inFlight.add(attempt);
    }
  }

  /** Round-robin over workers with a free slot, so competing subscriptions share the load. */
  private freeWorker(): Worker | undefined {
    for (let i = 0; i < this.workers.length; i++) {
      const index = (this.nextWorker + i) % this.workers.length;
      const worker = this.workers[index] as Worker;
      if (worker.inFlight.size < worker.concurrency) {
        this.nextWorker = index + 1;
        return worker;
      }
    }
    return undefined;
  }

  private async attempt(worker: Worker, delivery: Delivery): Promise<void> {
    // Never run a handler inside the publisher's call stack.
    await Promise.resolve();
    delivery.deliveryCount += 1;
    const { message } = delivery;
    const ackWait = this.ackWait(delivery);
    const delivered: DeliveredMessage = {
      subject: message.subject,
      payload: decode(message.body),
      headers: { ...message.headers },
      deliveryCount: delivery.deliveryCount,
      msgId: message.msgId,
      working: ackWait.reset,
    };
    try {
      await runInReceivedTrace(
        delivered,
        { system: SYSTEM, operation: 'process', kind: SpanKind.CONSUMER },
        () => worker.handler(delivered),
      );
    } catch (error) {
      if (!ackWait.expired()) this.fail(delivery, error);
    } finally {
      ackWait.clear();
    }
  }

  /**
   * Like JetStream's ack wait: a delivery silent (no `working()`) for `ackWaitMs` is given to
   * another worker, or dead-lettered when it was the last; its own late outcome is then ignored.
   */
  private ackWait(delivery: Delivery): { reset: () => void; expired: () => boolean; clear: () => void } {
    const waitMs = this.settings.ackWaitMs;
    let timer: NodeJS.Timeout | undefined;
    let expired = false;
    const expire = () => {
      expired = true;
      if (delivery.deliveryCount >= this.settings.maxDeliver) {
        this.deadLetter(this.durable, delivery, new Error('Last delivery never finished'));
        return;
      }
      this.ready.push({ ...delivery });
      this.dispatch();
    };
    const reset = () => {
      if (waitMs === undefined || expired) return;
      clearTimeout(timer);
      timer = setTimeout(expire, waitMs);
    };
    reset();
    return { reset, expired: () => expired, clear: () => clearTimeout(timer) };
  }

  private fail(delivery: Delivery, error: unknown): void {
    if (error instanceof PoisonMessageError || delivery.deliveryCount >= this.settings.maxDeliver) {
      this.deadLetter(this.durable, delivery, error);
      return;
    }
    const timer = setTimeout(
      () => {
        this.redeliveries.delete(timer);
        this.ready.push(delivery);
        this.dispatch();
      },
      redeliveryDelayMs(this.settings.backoffMs, delivery.deliveryCount),
    );
    this.redeliveries.add(timer);
  }
}

/** What a JetStream stream does for us: retention, dedup by msgId, durable consumers. */
class MemoryStream {
  private retained: StoredMessage[] = [];
  private readonly recentIds = new Map<string, number>();
  private readonly consumers = new Map<string, MemoryConsumer>();

  constructor(
    private readonly retention: 'limits' | 'work-queue',
    private readonly limits: Required<Pick<InProcessBusOptions, 'duplicateWindowMs' | 'maxStoredMessages'>>,
  ) {}

  publish(message: StoredMessage, dedupKey = message.msgId): void {
    if (this.isDuplicate(dedupKey)) return;
    const matching = [...this.consumers.values()].filter((consumer) => consumer.wants(message.subject));
    if (this.retention === 'work-queue') {
      // A job belongs to the one consumer whose subjects cover it; it waits in the stream until one does.
      const [taker] = matching;
      if (taker) taker.enqueue(message);
      else this.retain(message);
      return;
    }
    this.retain(message);
    for (const consumer of matching) consumer.enqueue(message);
  }

  durable(name: string, filters: readonly string[], settings: ConsumerSettings, deadLetter: DeadLetterSink) {
    const existing = this.consumers.get(name);
    if (existing) {
      existing.update(filters, settings);
      return existing;
    }
    const consumer = new MemoryConsumer(name, filters, settings, deadLetter);
    if (this.retention === 'work-queue') {
      const rival = [...this.consumers.values()].find((other) => other.overlaps(filters));
      if (rival) {
        throw new Error(`Subjects of ${name} overlap those of ${rival.durable} on the work-queue stream`);
      }
    }
    this.consumers.set(name, consumer);
    const backlog = this.retained.filter((message) => consumer.wants(message.subject));
    if (this.retention === 'work-queue') {
      // Jobs waiting for a consumer now belong to this one.
      this.retained = this.retained.filter((message) => !consumer.wants(message.subject));
    }
    for (const message of backlog) consumer.enqueue(message);
    return consumer;
  }

  state(stream: StreamKind, durablePrefix: string): { stream: StreamState; consumers: ConsumerState[] } {
    return {
      stream: { stream, messages: this.retained.length, bytes: null },
      consumers: [...this.consumers.values()]
        .filter((consumer) => consumer.durable.startsWith(durablePrefix))
        .map((consumer) => consumer.state(stream)),
    };
  }

  close(): void {
    for (const consumer of this.consumers.values()) consumer.close();
  }

  private retain(message: StoredMessage): void {
    this.retained.push(message);
    if (this.retained.length > this.limits.maxStoredMessages) this.retained.shift();
  }

  private isDuplicate(dedupKey: string | undefined): boolean {
    const now = Date.now();
    for (const [id, storedAt] of this.recentIds) {
      if (now - storedAt < this.limits.duplicateWindowMs) break;
      this.recentIds.delete(id);
    }
    if (dedupKey === undefined) return false;
    if (this.recentIds.has(dedupKey)) return true;
    this.recentIds.set(dedupKey, now);
    return false;
  }
}

interface Responder {
  subject: string;
  queueGroup: string;
  handler: RequestHandler;
  inFlight: Set<Promise<unknown>>;
}

interface LiveListener {
  subject: string;
  handler: LiveHandler;
}

/**
 * The bus inside one process (standalone mode), with the NATS binding's semantics: queue groups,
 * timeouts, durable at-least-once consumers with backoff and dead-letter, dedup, work-queue jobs,
 * live fan-out. Payloads cross it as JSON text, so no handler shares objects with its sender.
 */
export class InProcessBus implements Bus {
  readonly binding = 'in-process' as const;
  readonly namespace: string;
  readonly identity: string;
  private readonly responders: Responder[] = [];
  private readonly liveListeners = new Set<LiveListener>();
  private readonly events: MemoryStream;
  private readonly jobs: MemoryStream;
  private readonly dead: MemoryStream;
  private readonly subscriptions = new Set<Subscription>();
  private closed = false;

  constructor(options: InProcessBusOptions = {}) {
    this.namespace = options.namespace ?? 'memoreel';
    this.identity = options.identity ?? 'gateway';
    assertSenderName(this.identity);
    const limits = {
      duplicateWindowMs: options.duplicateWindowMs ?? 120_000,
      maxStoredMessages: options.maxStoredMessages ?? 10_000,
    };
    this.events = new MemoryStream('limits', limits);
    this.jobs = new MemoryStream('work-queue', limits);
    this.dead = new MemoryStream('limits', limits);
  }

  async request(subject: string, payload: unknown, options: RequestOptions = {}): Promise<unknown> {
    this.assertOpen();
    const sender = options.sender ?? this.identity;
    assertSenderName(sender);
    const chosen = this.pickResponders(subject);
    if (chosen.length === 0) throw new NoResponderError(subject);
    const message: StoredMessage = {
      subject,
      sender,
      body: encode(payload),
      headers: withTraceContext(options.headers),
      msgId: undefined,
    };
    const timeoutMs = options.timeoutMs ?? busDefaults.requestTimeoutMs;
    // Like NATS: every queue group gets the request and the first answer wins.
    const answer = Promise.race(chosen.map((responder) => this.answer(responder, message)));
    return decode(await withTimeout(answer, timeoutMs, () => new BusTimeoutError(subject, timeoutMs)));
  }

  async respond(subject: string, queueGroup: string, handler: RequestHandler): Promise<Subscription> {
    this.assertOpen();
    const responder: Responder = { subject, queueGroup, handler, inFlight: new Set() };
    this.responders.push(responder);
    return this.track({
      stop: async () => {
        const index = this.responders.indexOf(responder);
        if (index >= 0) this.responders.splice(index, 1);
        await Promise.allSettled(responder.inFlight);
      },
    });
  }

  async publishEvent(subject: string, payload: unknown, options: PublishOptions): Promise<void> {
    this.assertOpen();
    this.events.publish(this.stored(subject, payload, options));
  }

  async consumeEvents(options: ConsumerOptions, handler: DeliveryHandler): Promise<Subscription> {
    return this.consume(this.events, options, handler);
  }

  async enqueueJob(subject: string, payload: unknown, options: PublishOptions): Promise<void> {
    this.assertOpen();
    this.jobs.publish(this.stored(subject, payload, options));
  }

  async consumeJobs(options: ConsumerOptions, handler: DeliveryHandler): Promise<Subscription> {
    return this.consume(this.jobs, options, handler);
  }

  async consumeDeadLetters(options: DeadLetterOptions, handler: DeliveryHandler): Promise<Subscription> {
    // Dead letters keep their original subject here.
    return this.consume(
      this.dead,
      { durable: options.durable, subjects: options.subjects ?? ['>'] },
      handler,
    );
  }

  async publishLive(subject: string, payload: unknown, headers?: Headers): Promise<void> {
    this.assertOpen();
    const body = encode(payload);
    const sent = withTraceContext(headers);
    for (const listener of this.liveListeners) {
      if (!subjectMatches(listener.subject, subject)) continue;
      const message = { subject, payload: decode(body), headers: { ...sent } };
      queueMicrotask(() => {
        runInReceivedTrace(message, { system: SYSTEM, operation: 'receive', kind: SpanKind.CONSUMER }, () =>
          listener.handler(message),
        ).catch((error: unknown) => logger.error(`Live handler for ${subject} failed: ${reasonOf(error)}`));
      });
    }
  }

  subscribeLive(subject: string, handler: LiveHandler): Subscription {
    this.assertOpen();
    const listener: LiveListener = { subject, handler };
    this.liveListeners.add(listener);
    return this.track({
      stop: async () => {
        this.liveListeners.delete(listener);
      },
    });
  }

  async describeStreams(
    durablePrefix: string,
  ): Promise<{ streams: StreamState[]; consumers: ConsumerState[] }> {
    const states = [
      this.events.state('events', durablePrefix),
      this.jobs.state('jobs', durablePrefix),
      this.dead.state('dead', durablePrefix),
    ];
    return { streams: states.map((s) => s.stream), consumers: states.flatMap((s) => s.consumers) };
  }

  async isReady(): Promise<boolean> {
    return !this.closed;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    for (const stream of [this.events, this.jobs, this.dead]) stream.close();
  }

  private consume(stream: MemoryStream, options: ConsumerOptions, handler: DeliveryHandler): Subscription {
    this.assertOpen();
    assertDurableName(options.durable);
    const settings = consumerSettings(options);
    // Dead letters that fail again are logged and dropped rather than dead-lettered in a loop.
    const sink: DeadLetterSink =
      stream === this.dead
        ? (durable, delivery, error) => this.dropDeadLetter(durable, delivery, error)
        : this.toDead;
    const consumer = stream.durable(options.durable, options.subjects, settings, sink);
    return this.track(consumer.attach(handler, settings.concurrency));
  }

  private readonly toDead: DeadLetterSink = (consumer, { message, deliveryCount }, error) => {
    const headers: Headers = {
      ...message.headers,
      [DeadLetterHeaders.subject]: message.subject,
      [DeadLetterHeaders.consumer]: consumer,
      [DeadLetterHeaders.deliveries]: String(deliveryCount),
      [DeadLetterHeaders.error]: reasonOf(error),
    };
    if (message.msgId !== undefined) headers[DeadLetterHeaders.msgId] = message.msgId;
    this.dead.publish({ ...message, headers }, undefined);
  };

  private dropDeadLetter(consumer: string, { message }: Delivery, error: unknown): void {
    logger.error(`Dead-letter consumer ${consumer} gave up on ${message.subject}: ${reasonOf(error)}`);
  }

  private async answer(responder: Responder, message: StoredMessage): Promise<string> {
    const received: RequestMessage = {
      subject: message.subject,
      sender: message.sender ?? this.identity,
      payload: decode(message.body),
      headers: { ...message.headers },
    };
    const work = runInReceivedTrace(
      received,
      { system: SYSTEM, operation: 'answer', kind: SpanKind.SERVER },
      () => responder.handler(received),
    );
    responder.inFlight.add(work);
    try {
      return encode(await work);
    } catch (error) {
      throw new ResponderError(message.subject, reasonOf(error));
    } finally {
      responder.inFlight.delete(work);
    }
  }

  /** One member of each queue group listening on the subject, picked at random as NATS does. */
  private pickResponders(subject: string): Responder[] {
    const groups = new Map<string, Responder[]>();
    for (const responder of this.responders) {
      if (!subjectMatches(responder.subject, subject)) continue;
      groups.set(responder.queueGroup, [...(groups.get(responder.queueGroup) ?? []), responder]);
    }
    return [...groups.values()].map(
      (members) => members[Math.floor(Math.random() * members.length)] as Responder,
    );
  }

  private stored(subject: string, payload: unknown, options: PublishOptions): StoredMessage {
    return {
      subject,
      body: encode(payload),
      headers: withTraceContext(options.headers),
      msgId: options.msgId,
    };
  }

  private track(subscription: Subscription): Subscription {
    this.subscriptions.add(subscription);
    return {
      stop: async () => {
        this.subscriptions.delete(subscription);
        await subscription.stop();
      },
    };
  }

  private assertOpen(): void {
    if (this.closed) throw new BusUnavailableError('The in-process bus is closed');
  }
}
