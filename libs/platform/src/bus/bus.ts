/**
 * The bus port. Two bindings implement it with the same semantics:
 * - NATS (`nats-bus.ts`): core request/reply; JetStream streams with durable consumers.
 * - In-process (`in-process-bus.ts`): the same guarantees inside one process (standalone mode).
 *
 * It moves JSON values and string headers; typing and zod validation against
 * `@memoreel/contracts` happen one layer up (`BusClient`, `BusTransport`).
 *
 * Wire layout for namespace `ns` (unique per test run, `memoreel` in production):
 *   requests   `${ns}.rpc.<subject>`          core NATS, queue group = responding service
 *   events     `${ns}.events.<subject>`       stream `${NS}_EVENTS` (limits retention, dedup by Nats-Msg-Id)
 *   jobs       `${ns}.jobs.<subject>`         stream `${NS}_JOBS` (work-queue retention)
 *   dead       `${ns}.dead.<consumer>.<subject>`  stream `${NS}_DEAD`: messages that exhausted maxDeliver
 *   live       `${ns}.live.<subject>`         core NATS fan-out, best effort
 */

export type Headers = Record<string, string>;

export interface BusMessage {
  subject: string;
  payload: unknown;
  headers: Headers;
}

export interface DeliveredMessage extends BusMessage {
  /** 1 on first delivery, counts redeliveries after failures. */
  deliveryCount: number;
  /** Broker-side id used for dedup (the event id for events). */
  msgId: string | undefined;
}

export interface RequestOptions {
  /** Default 5,000 ms. A request with no answer in time rejects with `BusTimeoutError`. */
  timeoutMs?: number;
  headers?: Headers;
}

export interface PublishOptions {
  /** Dedup key: the broker drops a second publish with the same id (within its window). */
  msgId: string;
  headers?: Headers;
}

export interface ConsumerOptions {
  /** Durable consumer name, unique per (service, purpose): e.g. `sharing--projects.probe.recorded`. */
  durable: string;
  /** Subjects (without the namespace prefix) this consumer receives. */
  subjects: string[];
  /** Deliveries before a failing message goes to the dead-letter subject. Default 5. */
  maxDeliver?: number;
  /** Delay before each redelivery after a failure (ms), last value repeats. Default [200, 1000, 5000]. */
  backoffMs?: number[];
  /** Handler concurrency for this consumer. Default 1 (ordered per consumer). */
  concurrency?: number;
}

/** Thrown by a handler to skip retries: the message goes straight to dead-letter. */
export class PoisonMessageError extends Error {
  override name = 'PoisonMessageError';
}

export class BusTimeoutError extends Error {
  override name = 'BusTimeoutError';
  constructor(
    readonly subject: string,
    readonly timeoutMs: number,
  ) {
    super(`No reply on ${subject} within ${timeoutMs} ms`);
  }
}

export class NoResponderError extends Error {
  override name = 'NoResponderError';
  constructor(readonly subject: string) {
    super(`No service answers ${subject}`);
  }
}

export interface Subscription {
  /** Stops receiving; waits for in-flight handlers to finish. */
  stop(): Promise<void>;
}

export type RequestHandler = (message: BusMessage) => Promise<unknown>;
export type DeliveryHandler = (message: DeliveredMessage) => Promise<void>;
export type LiveHandler = (message: BusMessage) => void;

export interface Bus {
  readonly binding: 'nats' | 'in-process';
  readonly namespace: string;

  /** Sends a command or query; resolves with the responder's return value. */
  request(subject: string, payload: unknown, options?: RequestOptions): Promise<unknown>;
  /** Answers requests on a subject. One responder per queue group gets each request. */
  respond(subject: string, queueGroup: string, handler: RequestHandler): Promise<Subscription>;

  /** Durably publishes an event; resolves once the broker stored it (dedup by `msgId`). */
  publishEvent(subject: string, payload: unknown, options: PublishOptions): Promise<void>;
  /** Durable at-least-once consumer: ack after the handler resolves, redeliver with backoff on throw, dead-letter after maxDeliver. */
  consumeEvents(options: ConsumerOptions, handler: DeliveryHandler): Promise<Subscription>;

  /** Puts a job on the work queue; each job is taken by one consumer. */
  enqueueJob(subject: string, payload: unknown, options: PublishOptions): Promise<void>;
  consumeJobs(options: ConsumerOptions, handler: DeliveryHandler): Promise<Subscription>;

  /** Dead-lettered messages (both events and jobs), for operators and tests. */
  consumeDeadLetters(
    options: Pick<ConsumerOptions, 'durable'>,
    handler: DeliveryHandler,
  ): Promise<Subscription>;

  /** Best-effort fan-out to whoever listens now (browser pushes). */
  publishLive(subject: string, payload: unknown, headers?: Headers): Promise<void>;
  subscribeLive(subject: string, handler: LiveHandler): Subscription;

  /** True when the bus can carry messages now (used by /health/ready). */
  isReady(): Promise<boolean>;
  close(): Promise<void>;
}
