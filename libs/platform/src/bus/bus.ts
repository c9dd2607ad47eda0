/**
 * The bus port. Two bindings implement it with the same semantics:
 * - NATS (`nats-bus.ts`): core request/reply; JetStream streams with durable consumers.
 * - In-process (`in-process-bus.ts`): the same guarantees inside one process (standalone mode).
 *
 * It moves JSON values and string headers; typing and zod validation against
 * `@memoreel/contracts` happen one layer up (`BusClient`, `BusTransport`).
 *
 * Wire layout for namespace `ns` (unique per test run, `memoreel` in production):
 *   requests   `${ns}.rpc.<sender>.<subject>` core NATS, queue group = responding service; the
 *              broker lets identity X publish only under `${ns}.rpc.X.` (`nats-server-config.ts`)
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

/** A request as its responder sees it: who sent it, as the binding vouches (the subject on NATS). */
export interface RequestMessage extends BusMessage {
  sender: string;
}

export interface DeliveredMessage extends BusMessage {
  /** 1 on first delivery, counts redeliveries after failures. */
  deliveryCount: number;
  /** Broker-side id used for dedup (the event id for events). */
  msgId: string | undefined;
  /**
   * Tells the broker the handler is still at it, so a long job (a render chunk) is not redelivered
   * to another consumer when its ack wait (`ConsumerOptions.ackWaitMs`) runs out: JetStream's
   * in-progress ack. Call it well within the ack wait (the job contract's `delivery.heartbeatMs`).
   */
  working?(): void;
}

export interface RequestOptions {
  /** Default 5,000 ms. A request with no answer in time rejects with `BusTimeoutError`. */
  timeoutMs?: number;
  headers?: Headers;
  /**
   * The deployable this request speaks for (`senders.ts`); default the bus's `identity`. On a
   * secured broker only that deployable's credentials may publish as it.
   */
  sender?: string;
}

export interface PublishOptions {
  /** Dedup key: the broker drops a second publish with the same id (within its window). */
  msgId: string;
  headers?: Headers;
}

export interface ConsumerOptions {
  /**
   * Durable consumer name, unique per (service, purpose): e.g. `sharing--projects_probe_recorded`
   * (letters, digits, `_`, `-`: NATS forbids `.`, `*`, `>` in names). Subscriptions sharing a
   * durable name compete for its messages; each durable gets every matching event once.
   * On the job stream the subjects of two different durables must not overlap.
   */
  durable: string;
  /** Subjects (without the namespace prefix) this consumer receives. */
  subjects: string[];
  /** Deliveries before a failing message goes to the dead-letter subject. Default 5. */
  maxDeliver?: number;
  /** Delay before each redelivery after a failure (ms), last value repeats. Default [200, 1000, 5000]. */
  backoffMs?: number[];
  /** Handler concurrency for this consumer. Default 1 (ordered per consumer). */
  concurrency?: number;
  /**
   * How long a delivery may go without an ack or a `working()` before it is given to another
   * consumer (a killed worker). Default 60 s on NATS; in-process only when set.
   */
  ackWaitMs?: number;
}

/** Which dead letters a consumer wants: those of these original subjects (default all). */
export interface DeadLetterOptions {
  durable: string;
  subjects?: string[];
}

export const busDefaults = {
  requestTimeoutMs: 5_000,
  maxDeliver: 5,
  backoffMs: [200, 1_000, 5_000],
  concurrency: 1,
  ackWaitMs: 60_000,
} as const;

export interface ConsumerSettings {
  maxDeliver: number;
  backoffMs: readonly number[];
  concurrency: number;
  /** Undefined: the binding's default (NATS 60 s; in-process never takes back a running delivery). */
  ackWaitMs: number | undefined;
}

export function consumerSettings(options: Partial<ConsumerOptions>): ConsumerSettings {
  const settings: ConsumerSettings = {
    maxDeliver: options.maxDeliver ?? busDefaults.maxDeliver,
    backoffMs: options.backoffMs?.length ? options.backoffMs : busDefaults.backoffMs,
    concurrency: options.concurrency ?? busDefaults.concurrency,
    ackWaitMs: options.ackWaitMs,
  };
  if (settings.maxDeliver < 1 || settings.concurrency < 1) {
    throw new Error('maxDeliver and concurrency must be at least 1');
  }
  if (settings.ackWaitMs !== undefined && settings.ackWaitMs < 100) {
    throw new Error('ackWaitMs must be at least 100 ms');
  }
  return settings;
}

/** Delay before redelivering a message that failed on delivery `deliveryCount` (the last backoff repeats). */
export function redeliveryDelayMs(backoffMs: readonly number[], deliveryCount: number): number {
  return backoffMs[Math.min(deliveryCount, backoffMs.length) - 1] ?? 0;
}

const DURABLE_NAME = /^[A-Za-z0-9_-]+$/;

export function assertDurableName(durable: string): void {
  if (!DURABLE_NAME.test(durable)) {
    throw new Error(`Durable name "${durable}" may only use letters, digits, _ and -`);
  }
}

/** Headers added to a dead-lettered message (its own headers and payload are kept). */
export const DeadLetterHeaders = {
  subject: 'Memoreel-Dead-Subject',
  consumer: 'Memoreel-Dead-Consumer',
  deliveries: 'Memoreel-Dead-Deliveries',
  error: 'Memoreel-Dead-Error',
  msgId: 'Memoreel-Dead-Msg-Id',
} as const;

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

/** The broker refused this connection a subject (publishing as another sender, a foreign prefix). */
export class BusPermissionError extends Error {
  override name = 'BusPermissionError';
  constructor(
    readonly subject: string,
    reason: string,
  ) {
    super(`Not permitted on ${subject}: ${reason}`);
  }
}

/** Sender names are one subject token, so a responder can read it back from the wire subject. */
const SENDER = /^[a-z][a-z0-9-]*$/;

export function assertSenderName(sender: string): void {
  if (!SENDER.test(sender)) {
    throw new Error(`Sender "${sender}" must be lower-case letters, digits or -`);
  }
}

/** The bus cannot carry messages now (broker unreachable, or the bus is closed): retry later. */
export class BusUnavailableError extends Error {
  override name = 'BusUnavailableError';
}

/** The responder threw instead of answering (`BusTransport` never does: it replies with an error envelope). */
export class ResponderError extends Error {
  override name = 'ResponderError';
  constructor(
    readonly subject: string,
    reason: string,
  ) {
    super(`Responder for ${subject} failed: ${reason}`);
  }
}

export interface Subscription {
  /** Stops receiving; waits for in-flight handlers to finish. */
  stop(): Promise<void>;
}

/** The bus's three streams, by what they carry. */
export type StreamKind = 'events' | 'jobs' | 'dead';

export interface StreamState {
  stream: StreamKind;
  /** Messages the stream holds now. */
  messages: number;
  /** Null where the binding does not count bytes (in-process). */
  bytes: number | null;
}

export interface ConsumerState {
  stream: StreamKind;
  durable: string;
  /** Not given to a handler yet. */
  pending: number;
  /** Given to a handler and not acknowledged yet. */
  ackPending: number;
  /** Waiting for, or in, another delivery after a failure. */
  redelivered: number;
}

export type RequestHandler = (message: RequestMessage) => Promise<unknown>;
export type DeliveryHandler = (message: DeliveredMessage) => Promise<void>;
export type LiveHandler = (message: BusMessage) => void;

export interface Bus {
  readonly binding: 'nats' | 'in-process';
  readonly namespace: string;
  /** The sender requests carry unless they name another (on NATS: the connection's user). */
  readonly identity: string;

  /**
   * Sends a command or query; resolves with the responder's return value. Rejects with
   * `BusTimeoutError`, `NoResponderError`, `ResponderError` or `BusUnavailableError`.
   */
  request(subject: string, payload: unknown, options?: RequestOptions): Promise<unknown>;
  /** Answers requests on a subject. One responder per queue group gets each request. */
  respond(subject: string, queueGroup: string, handler: RequestHandler): Promise<Subscription>;

  /** Durably publishes an event; resolves once the broker stored it (dedup by `msgId`). Rejects while disconnected. */
  publishEvent(subject: string, payload: unknown, options: PublishOptions): Promise<void>;
  /** Durable at-least-once consumer: ack after the handler resolves, redeliver with backoff on throw, dead-letter after maxDeliver. */
  consumeEvents(options: ConsumerOptions, handler: DeliveryHandler): Promise<Subscription>;

  /** Puts a job on the work queue; each job is taken by one consumer. */
  enqueueJob(subject: string, payload: unknown, options: PublishOptions): Promise<void>;
  consumeJobs(options: ConsumerOptions, handler: DeliveryHandler): Promise<Subscription>;

  /**
   * Dead-lettered messages (both events and jobs), for operators and tests. Each arrives with its
   * original subject and payload; `DeadLetterHeaders` say which consumer gave up, after how many
   * deliveries, and why.
   */
  consumeDeadLetters(options: DeadLetterOptions, handler: DeliveryHandler): Promise<Subscription>;

  /** Best-effort fan-out to whoever listens now (browser pushes). Rejects while disconnected. */
  publishLive(subject: string, payload: unknown, headers?: Headers): Promise<void>;
  subscribeLive(subject: string, handler: LiveHandler): Subscription;

  /**
   * For operators (the Database Admin screen): each stream's size, and the durables this process
   * consumes whose names start with `durablePrefix` (`<service>--`, see `durableName`).
   */
  describeStreams(durablePrefix: string): Promise<{ streams: StreamState[]; consumers: ConsumerState[] }>;

  /** True when the bus can carry messages now (used by /health/ready). */
  isReady(): Promise<boolean>;
  close(): Promise<void>;
}
