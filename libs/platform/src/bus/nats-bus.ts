import {
  AckPolicy,
  type ConsumerConfig,
  type ConsumerMessages,
  DeliverPolicy,
  JetStreamApiError,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  jetstream,
  jetstreamManager,
  RetentionPolicy,
  StorageType,
  type StreamConfig,
} from '@nats-io/jetstream';
import {
  connect,
  Empty,
  errors,
  type Msg,
  type MsgHdrs,
  type NatsConnection,
  type Subscription as NatsSubscription,
  nanos,
  headers as natsHeaders,
} from '@nats-io/transport-node';
import { Logger } from '@nestjs/common';
import { SpanKind } from '@opentelemetry/api';
import {
  assertDurableName,
  assertSenderName,
  type Bus,
  BusPermissionError,
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
import { inboxPrefixOf, type WireLayout, wireLayout } from './nats-wire.js';
import { acceptsCompressedReplies, encodeReply, replyText } from './reply-encoding.js';
import { deployables, durablesOf, GATEWAY, STREAM_OWNER } from './senders.js';
import { runInReceivedTrace, withTraceContext } from './trace-context.js';

export interface NatsBusOptions {
  servers: string | string[];
  /** Prefix of every subject and stream: `memoreel` in production, unique per test run. */
  namespace: string;
  /** Connection name the server shows (the service name). */
  name: string;
  /** Pause between reconnect attempts; the bus retries forever. Default 1,000 ms. */
  reconnectTimeWaitMs?: number;
  /**
   * The deployable's NATS identity (`senders.ts`); the broker then lets it publish only as itself.
   * Without it the broker must admit anonymous clients (development, the shared test broker) and
   * requests go as the gateway unless they name another sender.
   */
  credentials?: NatsCredentials;
}

export interface NatsCredentials {
  user: string;
  password: string;
}

const SYSTEM = 'nats';
const NAMESPACE = /^[a-z][a-z0-9_-]*$/;
const DUPLICATE_WINDOW_MS = 2 * 60_000;
const EVENT_RETENTION_MS = 7 * 24 * 3_600_000;
const DEAD_LETTER_RETENTION_MS = 30 * 24 * 3_600_000;
/** Unacked time before the broker redelivers to another worker (a crashed process, a stuck handler), unless the consumer sets its own. */
const ACK_WAIT_MS = busDefaults.ackWaitMs;
/** Events pulled ahead of the handler: enough for throughput, few enough to be handled well within ACK_WAIT_MS. */
const EVENT_PREFETCH = 32;
const READY_TIMEOUT_MS = 1_000;
/** Reply header carrying the reason a responder threw. */
const RESPONDER_ERROR_HEADER = 'Memoreel-Responder-Error';
const STREAM_NAME_IN_USE = 10058;
const CONSUMER_NOT_FOUND = 10014;
const STREAM_NOT_FOUND = 10059;

const encode = (payload: unknown): string => JSON.stringify(payload) ?? 'null';
const decode = (data: string): unknown => JSON.parse(data);
const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
/** Header values are one line. */
const headerValue = (text: string): string => text.replace(/[\r\n]+/g, ' ').slice(0, 1_000);

function toNatsHeaders(headers: Headers): MsgHdrs {
  const result = natsHeaders();
  for (const [key, value] of Object.entries(headers)) result.set(key, headerValue(value));
  return result;
}

/** Our headers only: the broker's own (`Nats-*`) stay out, as they would in the in-process bus. */
function fromNatsHeaders(headers: MsgHdrs | undefined): Headers {
  const result: Headers = {};
  for (const key of headers?.keys() ?? []) {
    if (!key.startsWith('Nats-')) result[key] = headers?.get(key) ?? '';
  }
  return result;
}

interface StreamLayout {
  stream: string;
  /** Subject prefix of the stream's messages, e.g. `memoreel.events.`. */
  prefix: string;
}

function streamConfigs(wire: WireLayout): (Partial<StreamConfig> & { name: string })[] {
  const common = { storage: StorageType.File, duplicate_window: nanos(DUPLICATE_WINDOW_MS) };
  return [
    {
      ...common,
      name: wire.events.stream,
      subjects: [`${wire.events.prefix}>`],
      retention: RetentionPolicy.Limits,
      max_age: nanos(EVENT_RETENTION_MS),
    },
    {
      ...common,
      name: wire.jobs.stream,
      subjects: [`${wire.jobs.prefix}>`],
      retention: RetentionPolicy.Workqueue,
    },
    {
      ...common,
      name: wire.dead.stream,
      subjects: [`${wire.dead.prefix}>`],
      retention: RetentionPolicy.Limits,
      max_age: nanos(DEAD_LETTER_RETENTION_MS),
    },
  ];
}

/**
 * Leaves a stream that is already as expected alone: on a secured broker only the stream owner
 * (`STREAM_OWNER`, through `ensureBusStreams`) may create or change streams; deployables only look.
 */
async function ensureStream(jsm: JetStreamManager, config: Partial<StreamConfig> & { name: string }) {
  const existing = await streamConfig(jsm, config.name);
  if (existing && isAsExpected(existing, config)) return;
  try {
    if (existing) await updateStream(jsm, config);
    else await jsm.streams.add(config);
  } catch (error) {
    // Another process created it between our look and our add.
    if (!(error instanceof JetStreamApiError) || error.code !== STREAM_NAME_IN_USE) {
      throw streamFailure(config.name, error);
    }
    await updateStream(jsm, config).catch((failure: unknown) => {
      throw streamFailure(config.name, failure);
    });
  }
}

async function updateStream(jsm: JetStreamManager, config: Partial<StreamConfig> & { name: string }) {
  const { name, retention: _fixedAtCreation, ...changes } = config;
  await jsm.streams.update(name, changes);
}

async function streamConfig(jsm: JetStreamManager, name: string): Promise<StreamConfig | undefined> {
  try {
    return (await jsm.streams.info(name)).config;
  } catch (error) {
    if (error instanceof JetStreamApiError && error.code === STREAM_NOT_FOUND) return undefined;
    throw error;
  }
}

function isAsExpected(existing: StreamConfig, expected: Partial<StreamConfig>): boolean {
  return Object.entries(expected).every(
    ([key, value]) => JSON.stringify(existing[key as keyof StreamConfig]) === JSON.stringify(value),
  );
}

function streamFailure(stream: string, error: unknown): unknown {
  if (!permissionFailure(error)) return error;
  return new Error(
    `Stream ${stream} is missing or out of date, and only ${STREAM_OWNER} may change it: run ensureBusStreams() (npm run bus-streams)`,
  );
}

/** A durable consumer as `bus-admin` makes it and its deployable's `BusTransport` binds to it. */
export interface DurableConsumer {
  queue: StreamKind;
  durable: string;
  /** Subjects as the handler names them (for `dead`: the original subjects of its dead letters, none for all). */
  subjects: string[];
  maxDeliver?: number;
  ackWaitMs?: number;
}

/** Every deployable's durables (`senders.ts`): on a secured broker only `bus-admin` may make them. */
export function deployableDurables(): DurableConsumer[] {
  return deployables.flatMap((deployable) =>
    durablesOf(deployable).map(({ queue, durable, subject, maxDeliver, ackWaitMs }) => ({
      queue,
      durable,
      subjects: [subject],
      maxDeliver,
      ackWaitMs,
    })),
  );
}

/**
 * Creates or updates the namespace's streams and durable consumers (by default every deployable's);
 * on a secured broker with the stream owner's credentials.
 */
export async function ensureBusStreams(
  options: Pick<NatsBusOptions, 'servers' | 'namespace' | 'credentials'> & { durables?: DurableConsumer[] },
): Promise<void> {
  assertNamespace(options.namespace);
  const connection = await connect({
    servers: options.servers,
    name: 'bus-streams',
    user: options.credentials?.user,
    pass: options.credentials?.password,
    inboxPrefix: inboxPrefixOf(options.credentials?.user ?? STREAM_OWNER),
  });
  try {
    const jsm = await jetstreamManager(connection);
    const wire = wireLayout(options.namespace);
    for (const config of streamConfigs(wire)) await ensureStream(jsm, config);
    for (const durable of options.durables ?? deployableDurables()) {
      const layout = wire[durable.queue];
      // Dead letters sit under `<consumer>.<original subject>`; none named: all of them (`consumeDeadLetters`).
      const filters =
        durable.queue !== 'dead'
          ? durable.subjects.map((subject) => layout.prefix + subject)
          : durable.subjects.length > 0
            ? durable.subjects.map((subject) => `${layout.prefix}*.${subject}`)
            : [`${layout.prefix}>`];
      await ensureDurable(jsm, layout.stream, durable.durable, filters, consumerSettings(durable));
    }
  } finally {
    await connection.close();
  }
}

/**
 * Leaves a durable that is as expected alone, else creates or updates it: on a secured broker only
 * `bus-admin` may, so a deployable binds to the durable `ensureBusStreams` made for it.
 */
async function ensureDurable(
  jsm: JetStreamManager,
  stream: string,
  durable: string,
  filters: string[],
  settings: ConsumerSettings,
): Promise<void> {
  const changes = {
    ack_wait: nanos(settings.ackWaitMs ?? ACK_WAIT_MS),
    // One delivery more than the handler gets: the spare one dead-letters a message whose last attempt crashed.
    max_deliver: settings.maxDeliver + 1,
    ...(filters.length === 1 ? { filter_subject: filters[0] } : { filter_subjects: filters }),
  } satisfies Partial<ConsumerConfig>;
  try {
    const existing = await durableConfig(jsm, stream, durable);
    const asExpected = Object.entries(changes).every(
      ([key, value]) => JSON.stringify(existing?.[key as keyof ConsumerConfig]) === JSON.stringify(value),
    );
    if (existing && asExpected) return;
    if (existing) await jsm.consumers.update(stream, durable, changes);
    else {
      await jsm.consumers.add(stream, {
        ...changes,
        durable_name: durable,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
      });
    }
  } catch (error) {
    if (!permissionFailure(error)) throw error;
    throw new Error(
      `Consumer ${durable} is missing, out of date or not this deployable's (senders.ts), and only ${STREAM_OWNER} may make it: run ensureBusStreams() (npm run bus-streams)`,
    );
  }
}

async function durableConfig(
  jsm: JetStreamManager,
  stream: string,
  durable: string,
): Promise<ConsumerConfig | undefined> {
  try {
    return (await jsm.consumers.info(stream, durable)).config;
  } catch (error) {
    if (error instanceof JetStreamApiError && error.code === CONSUMER_NOT_FOUND) return undefined;
    throw error;
  }
}

function assertNamespace(namespace: string): void {
  if (!NAMESPACE.test(namespace)) {
    throw new Error(`Bus namespace "${namespace}" must be lower-case letters, digits, _ or -`);
  }
}

/**
 * Connects, then makes sure the namespace's streams exist with the configuration this code expects
 * (creating or updating them where this identity may; on a secured broker that is `ensureBusStreams`).
 */
export async function connectNatsBus(options: NatsBusOptions): Promise<NatsBus> {
  assertNamespace(options.namespace);
  const identity = options.credentials?.user ?? GATEWAY;
  assertSenderName(identity);
  const connection = await connect({
    servers: options.servers,
    name: options.name,
    user: options.credentials?.user,
    pass: options.credentials?.password,
    inboxPrefix: inboxPrefixOf(identity),
    maxReconnectAttempts: -1,
    reconnectTimeWait: options.reconnectTimeWaitMs ?? 1_000,
  });
  try {
    const jsm = await jetstreamManager(connection);
    const readiness = await jetstreamManager(connection, { timeout: READY_TIMEOUT_MS, checkAPI: false });
    const wire = wireLayout(options.namespace);
    for (const config of streamConfigs(wire)) await ensureStream(jsm, config);
    return new NatsBus(connection, jsm, readiness, options.namespace, identity);
  } catch (error) {
    await connection.close();
    throw error;
  }
}

/**
 * The bus over NATS: core request/reply and live fan-out, JetStream streams for events, jobs
 * and dead letters. While the broker is unreachable, sends reject at once (callers and the
 * outbox retry) and consumers resume by themselves after the reconnect.
 */
export class NatsBus implements Bus {
  readonly binding = 'nats' as const;
  private readonly js: JetStreamClient;
  private readonly wire: WireLayout;
  private readonly subscriptions = new Set<Subscription>();
  /** Durables this connection consumes, so operators can ask about exactly those (no CONSUMER.LIST right). */
  private readonly durables = new Map<string, { kind: StreamKind; stream: string }>();
  private readonly logger = new Logger(NatsBus.name);
  private connected = true;

  constructor(
    private readonly connection: NatsConnection,
    private readonly jsm: JetStreamManager,
    private readonly readiness: JetStreamManager,
    readonly namespace: string,
    readonly identity: string,
  ) {
    this.js = jetstream(connection);
    this.wire = wireLayout(namespace);
    void this.watchConnection();
  }

  async request(subject: string, payload: unknown, options: RequestOptions = {}): Promise<unknown> {
    this.assertConnected();
    const sender = options.sender ?? this.identity;
    assertSenderName(sender);
    const timeoutMs = options.timeoutMs ?? busDefaults.requestTimeoutMs;
    let reply: Msg;
    try {
      reply = await this.connection.request(`${this.wire.rpc}${sender}.${subject}`, encode(payload), {
        timeout: timeoutMs,
        headers: toNatsHeaders({ ...withTraceContext(options.headers), ...acceptsCompressedReplies }),
      });
    } catch (error) {
      throw requestFailure(subject, timeoutMs, error);
    }
    const failure = reply.headers?.get(RESPONDER_ERROR_HEADER);
    if (failure) throw new ResponderError(subject, failure);
    return decode(replyText(reply));
  }

  async respond(subject: string, queueGroup: string, handler: RequestHandler): Promise<Subscription> {
    const inFlight = new Set<Promise<void>>();
    let refusal: InstanceType<typeof errors.PermissionViolationError> | undefined;
    // Any sender: the token after `rpc.` names it, and the broker let only that sender publish there.
    const subscription = this.connection.subscribe(`${this.wire.rpc}*.${subject}`, {
      queue: queueGroup,
      callback: (error, msg) => {
        if (error instanceof errors.PermissionViolationError) refusal = error;
        if (error) {
          this.logger.error(`Responder on ${subject} stopped: ${reasonOf(error)}`);
          return;
        }
        if (!this.publishedUnder(this.wire.rpc, msg)) return;
        const answering: Promise<void> = this.answer(msg, handler).finally(() => inFlight.delete(answering));
        inFlight.add(answering);
      },
    });
    // Once respond() resolves the server knows the subscription: a request sent from another
    // connection right after is answered instead of failing with "no responders".
    if (this.connected) await this.connection.flush();
    if (refusal) throw new BusPermissionError(refusal.subject, refusal.message);
    return this.track({
      stop: async () => {
        await this.unsubscribe(subscription);
        await Promise.all(inFlight);
      },
    });
  }

  async publishEvent(subject: string, payload: unknown, options: PublishOptions): Promise<void> {
    await this.publishDurably(this.wire.events.prefix + subject, payload, options);
  }

  async consumeEvents(options: ConsumerOptions, handler: DeliveryHandler): Promise<Subscription> {
    return this.consume(this.wire.events, options, handler, EVENT_PREFETCH);
  }

  async enqueueJob(subject: string, payload: unknown, options: PublishOptions): Promise<void> {
    await this.publishDurably(this.wire.jobs.prefix + subject, payload, options);
  }

  async consumeJobs(options: ConsumerOptions, handler: DeliveryHandler): Promise<Subscription> {
    // Jobs are long: take only what the handlers can start now, leave the rest to other workers.
    return this.consume(this.wire.jobs, options, handler, 0);
  }

  async consumeDeadLetters(options: DeadLetterOptions, handler: DeliveryHandler): Promise<Subscription> {
    // Dead letters sit under `<consumer>.<original subject>`; a durable name is one token.
    const subjects = options.subjects?.map((subject) => `*.${subject}`) ?? ['>'];
    return this.consume(this.wire.dead, { durable: options.durable, subjects }, handler, EVENT_PREFETCH);
  }

  async publishLive(subject: string, payload: unknown, headers?: Headers): Promise<void> {
    this.assertConnected();
    this.connection.publish(this.wire.live + subject, encode(payload), {
      headers: toNatsHeaders(withTraceContext(headers)),
    });
  }

  subscribeLive(subject: string, handler: LiveHandler): Subscription {
    const subscription = this.connection.subscribe(this.wire.live + subject, {
      callback: (error, msg) => {
        if (error) {
          this.logger.error(`Live subscription on ${subject} stopped: ${reasonOf(error)}`);
          return;
        }
        if (!this.publishedUnder(this.wire.live, msg)) return;
        const message = {
          subject: msg.subject.slice(this.wire.live.length),
          payload: decode(msg.string()),
          headers: fromNatsHeaders(msg.headers),
        };
        runInReceivedTrace(message, { system: SYSTEM, operation: 'receive', kind: SpanKind.CONSUMER }, () =>
          handler(message),
        ).catch((failure: unknown) =>
          this.logger.error(`Live handler for ${subject} failed: ${reasonOf(failure)}`),
        );
      },
    });
    return this.track({ stop: () => this.unsubscribe(subscription) });
  }

  async describeStreams(
    durablePrefix: string,
  ): Promise<{ streams: StreamState[]; consumers: ConsumerState[] }> {
    const kinds: StreamKind[] = ['events', 'jobs', 'dead'];
    const streams = await Promise.all(
      kinds.map(async (kind): Promise<StreamState> => {
        const { state } = await this.jsm.streams.info(this.wire[kind].stream);
        return { stream: kind, messages: state.messages, bytes: state.bytes };
      }),
    );
    const owned = [...this.durables].filter(([durable]) => durable.startsWith(durablePrefix));
    const consumers = await Promise.all(
      owned.map(async ([durable, { kind, stream }]): Promise<ConsumerState> => {
        const info = await this.jsm.consumers.info(stream, durable);
        return {
          stream: kind,
          durable,
          pending: info.num_pending,
          ackPending: info.num_ack_pending,
          redelivered: info.num_redelivered,
        };
      }),
    );
    return { streams, consumers };
  }

  async isReady(): Promise<boolean> {
    if (!this.connected || this.connection.isClosed()) return false;
    try {
      await this.readiness.getAccountInfo();
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    if (this.connection.isClosed()) return;
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    if (this.connected) await this.connection.drain();
    else await this.connection.close();
  }

  private async watchConnection(): Promise<void> {
    for await (const status of this.connection.status()) {
      if (status.type === 'error') {
        // A refused publish (live fan-out has no reply to carry it) shows only here.
        this.logger.error(`NATS refused: ${reasonOf(status.error)}`);
      } else if (status.type === 'disconnect') {
        this.connected = false;
        this.logger.warn(`Lost NATS at ${status.server}; reconnecting`);
      } else if (status.type === 'reconnect') {
        this.connected = true;
        this.logger.log(`Reconnected to NATS at ${status.server}`);
      }
    }
  }

  private assertConnected(): void {
    if (!this.connected || this.connection.isClosed() || this.connection.isDraining()) {
      throw new BusUnavailableError('NATS is unreachable');
    }
  }

  private async publishDurably(
    wireSubject: string,
    payload: unknown,
    options: PublishOptions,
  ): Promise<void> {
    this.assertConnected();
    try {
      await this.js.publish(wireSubject, encode(payload), {
        msgID: options.msgId,
        headers: toNatsHeaders(withTraceContext(options.headers)),
      });
    } catch (error) {
      throw permissionFailure(error) ?? error;
    }
  }

  /**
   * A JetStream push consumer can deliver a stream's messages onto any subject, but under their
   * original subject: a message that does not carry the prefix we subscribed under was not
   * published there, so the broker did not vouch for its sender.
   */
  private publishedUnder(prefix: string, msg: Msg): boolean {
    if (msg.subject.startsWith(prefix)) return true;
    this.logger.warn(`Dropped a message pushed from ${msg.subject} onto ${prefix}`);
    return false;
  }

  private async answer(msg: Msg, handler: RequestHandler): Promise<void> {
    const [sender = '', ...rest] = msg.subject.slice(this.wire.rpc.length).split('.');
    const subject = rest.join('.');
    try {
      const message: RequestMessage = {
        subject,
        sender,
        payload: decode(msg.string()),
        headers: fromNatsHeaders(msg.headers),
      };
      const result = await runInReceivedTrace(
        message,
        { system: SYSTEM, operation: 'answer', kind: SpanKind.SERVER },
        () => handler(message),
      );
      const reply = encodeReply(encode(result), msg);
      msg.respond(reply.data, reply.headers && { headers: toNatsHeaders(reply.headers) });
    } catch (error) {
      msg.respond(Empty, { headers: toNatsHeaders({ [RESPONDER_ERROR_HEADER]: reasonOf(error) }) });
    }
  }

  private async consume(
    layout: StreamLayout,
    options: ConsumerOptions,
    handler: DeliveryHandler,
    prefetch: number,
  ): Promise<Subscription> {
    assertDurableName(options.durable);
    const settings = consumerSettings(options);
    const filters = options.subjects.map((subject) => layout.prefix + subject);
    await ensureDurable(this.jsm, layout.stream, options.durable, filters, settings);
    this.durables.set(options.durable, { kind: this.kindOf(layout), stream: layout.stream });
    const consumer = await this.js.consumers.get(layout.stream, options.durable);
    const messages = await consumer.consume({ max_messages: Math.max(prefetch, settings.concurrency) });
    let stopping = false;
    const pumping = this.pump(options.durable, messages, settings.concurrency, async (msg) => {
      // Messages already pulled when the subscription stops go back at once to the other workers.
      if (stopping) msg.nak();
      else await this.deliver(msg, layout, options.durable, settings, handler);
    }).then(() => {
      if (!stopping) this.logger.error(`Consumer ${options.durable} stopped receiving messages`);
    });
    return this.track({
      stop: async () => {
        stopping = true;
        messages.stop();
        await pumping;
      },
    });
  }

  private kindOf(layout: StreamLayout): StreamKind {
    if (layout.stream === this.wire.jobs.stream) return 'jobs';
    return layout.stream === this.wire.dead.stream ? 'dead' : 'events';
  }

  /** Feeds messages to `process`, at most `concurrency` at a time, until the iterator ends. */
  private async pump(
    durable: string,
    messages: ConsumerMessages,
    concurrency: number,
    process: (msg: JsMsg) => Promise<void>,
  ): Promise<void> {
    const inFlight = new Set<Promise<void>>();
    try {
      for await (const msg of messages) {
        const processing: Promise<void> = process(msg)
          .catch((error: unknown) =>
            this.logger.error(`Consumer ${durable} failed to settle a message: ${reasonOf(error)}`),
          )
          .finally(() => inFlight.delete(processing));
        inFlight.add(processing);
        if (inFlight.size >= concurrency) await Promise.race(inFlight);
      }
    } catch (error) {
      this.logger.error(`Consumer ${durable} stopped: ${reasonOf(error)}`);
    }
    await Promise.all(inFlight);
  }

  private async deliver(
    msg: JsMsg,
    layout: StreamLayout,
    durable: string,
    settings: ConsumerSettings,
    handler: DeliveryHandler,
  ): Promise<void> {
    const isDeadLetter = layout === this.wire.dead;
    let delivered: DeliveredMessage;
    try {
      delivered = isDeadLetter ? toDeadLetter(msg, layout) : toDelivered(msg, layout);
    } catch (error) {
      return this.giveUp(
        msg,
        layout,
        durable,
        settings,
        new PoisonMessageError(`Unreadable payload: ${reasonOf(error)}`),
      );
    }
    if (msg.info.deliveryCount > settings.maxDeliver) {
      return this.giveUp(msg, layout, durable, settings, new Error('Last delivery never finished'));
    }
    try {
      await runInReceivedTrace(
        delivered,
        { system: SYSTEM, operation: 'process', kind: SpanKind.CONSUMER },
        () => handler(delivered),
      );
      msg.ack();
    } catch (error) {
      if (error instanceof PoisonMessageError || msg.info.deliveryCount >= settings.maxDeliver) {
        await this.giveUp(msg, layout, durable, settings, error);
      } else {
        msg.nak(redeliveryDelayMs(settings.backoffMs, msg.info.deliveryCount));
      }
    }
  }

  /** Moves the message to the dead-letter stream and stops its redelivery. */
  private async giveUp(
    msg: JsMsg,
    layout: StreamLayout,
    durable: string,
    settings: ConsumerSettings,
    error: unknown,
  ): Promise<void> {
    const subject = msg.subject.slice(layout.prefix.length);
    if (layout === this.wire.dead) {
      // A dead letter that fails again is not dead-lettered in a loop.
      this.logger.error(`Dead-letter consumer ${durable} gave up on ${subject}: ${reasonOf(error)}`);
      msg.term(headerValue(reasonOf(error)));
      return;
    }
    const headers = msg.headers ?? natsHeaders();
    const originalMsgId = headers.get('Nats-Msg-Id');
    const deadHeaders = toNatsHeaders({
      ...fromNatsHeaders(headers),
      [DeadLetterHeaders.subject]: subject,
      [DeadLetterHeaders.consumer]: durable,
      [DeadLetterHeaders.deliveries]: String(msg.info.deliveryCount),
      [DeadLetterHeaders.error]: reasonOf(error),
      ...(originalMsgId ? { [DeadLetterHeaders.msgId]: originalMsgId } : {}),
    });
    try {
      await this.js.publish(`${this.wire.dead.prefix}${durable}.${subject}`, msg.data, {
        msgID: `${durable}:${msg.seq}`,
        headers: deadHeaders,
      });
      msg.term(headerValue(reasonOf(error)));
    } catch (publishError) {
      // The spare delivery (max_deliver + 1) brings it back for another try.
      this.logger.error(`Could not dead-letter ${subject} from ${durable}: ${reasonOf(publishError)}`);
      msg.nak(redeliveryDelayMs(settings.backoffMs, msg.info.deliveryCount));
    }
  }

  private async unsubscribe(subscription: NatsSubscription): Promise<void> {
    if (subscription.isClosed()) return;
    if (this.connected && !this.connection.isClosed()) await subscription.drain();
    else subscription.unsubscribe();
  }

  private track(subscription: Subscription): Subscription {
    this.subscriptions.add(subscription);
    return {
      stop: async () => {
        if (!this.subscriptions.delete(subscription)) return;
        await subscription.stop();
      },
    };
  }
}

function toDelivered(msg: JsMsg, layout: StreamLayout): DeliveredMessage {
  return {
    subject: msg.subject.slice(layout.prefix.length),
    payload: decode(msg.string()),
    headers: fromNatsHeaders(msg.headers),
    deliveryCount: msg.info.deliveryCount,
    msgId: msg.headers?.get('Nats-Msg-Id') || undefined,
    working: () => msg.working(),
  };
}

/** A dead letter keeps its original subject and event id, as the in-process bus reports them. */
function toDeadLetter(msg: JsMsg, layout: StreamLayout): DeliveredMessage {
  const delivered = toDelivered(msg, layout);
  return {
    ...delivered,
    subject: delivered.headers[DeadLetterHeaders.subject] ?? delivered.subject,
    msgId: delivered.headers[DeadLetterHeaders.msgId],
  };
}

/** The broker's refusal, whether the client hands it over as is or as the cause of a failed request. */
function permissionFailure(error: unknown): BusPermissionError | undefined {
  for (const candidate of [error, error instanceof Error ? error.cause : undefined]) {
    if (candidate instanceof errors.PermissionViolationError) {
      return new BusPermissionError(candidate.subject, candidate.message);
    }
  }
  return undefined;
}

function requestFailure(subject: string, timeoutMs: number, error: unknown): unknown {
  const refused = permissionFailure(error);
  if (refused) return refused;
  if (error instanceof errors.RequestError && error.isNoResponders()) return new NoResponderError(subject);
  const cause = error instanceof Error ? error.cause : undefined;
  if (error instanceof errors.TimeoutError || cause instanceof errors.TimeoutError) {
    return new BusTimeoutError(subject, timeoutMs);
  }
  return error;
}
