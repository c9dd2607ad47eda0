/**
 * Bus benchmark: request/reply (sequential and 32 in flight) and acked JetStream events, measured
 * on the raw @nats-io client, on our NatsBus and on our InProcessBus in the same run, loopback only.
 * Each figure is the best of ROUNDS interleaved rounds (the machine is shared, so single runs are noisy).
 * Prints one JSON object; `ratio` is NatsBus throughput over raw client throughput.
 *
 *   npm run bench:bus            (NATS_URL defaults to nats://127.0.0.1:4222)
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { type Bus, connectNatsBus, InProcessBus } from '@memoreel/platform';
import { deleteNamespaceStreams, NATS_URL, uniqueNamespace } from '@memoreel/testing';
import { AckPolicy, jetstream, jetstreamManager, StorageType } from '@nats-io/jetstream';
import { connect, nanos } from '@nats-io/transport-node';

const REQUESTS = 3_000;
const CONCURRENCY = 32;
const EVENTS = 5_000;
const WARMUP = 200;
const ROUNDS = 3;
/** Event publishes in flight at once, as an outbox relay flushing a batch would have. */
const PUBLISH_WINDOW = 64;

/** About the size of a real request envelope. */
const payload = {
  actor: { userId: randomUUID(), role: 'user', isAnonymous: false },
  data: { id: randomUUID(), note: 'benchmark probe', recordedAt: new Date().toISOString() },
};

interface Throughput {
  perSecond: number;
  ms: number;
}
interface RequestReplyResult {
  sequential: Throughput;
  concurrent: Throughput;
}

async function measure(count: number, run: () => Promise<void>): Promise<Throughput> {
  const started = performance.now();
  await run();
  const ms = performance.now() - started;
  return { perSecond: Math.round(count / (ms / 1_000)), ms: Math.round(ms) };
}

/** Makes `count` calls, `concurrency` at a time. */
async function inParallel(count: number, concurrency: number, call: () => Promise<unknown>): Promise<void> {
  let started = 0;
  const worker = async () => {
    while (started < count) {
      started++;
      await call();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

async function requestReply(request: () => Promise<unknown>): Promise<RequestReplyResult> {
  await inParallel(WARMUP, 1, request);
  return {
    sequential: await measure(REQUESTS, () => inParallel(REQUESTS, 1, request)),
    concurrent: await measure(REQUESTS, () => inParallel(REQUESTS, CONCURRENCY, request)),
  };
}

/** Counts handled events and lets the run wait until a total is reached. */
class HandledCounter {
  private count = 0;
  private waiting: { target: number; resolve: () => void }[] = [];

  hit(): void {
    this.count++;
    this.waiting = this.waiting.filter((waiter) => {
      if (this.count < waiter.target) return true;
      waiter.resolve();
      return false;
    });
  }

  until(target: number): Promise<void> {
    if (this.count >= target) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push({ target, resolve }));
  }
}

/** Publishes WARMUP then EVENTS events; the clock runs until the consumer has handled (and acked) the last. */
async function eventThroughput(
  publish: () => Promise<unknown>,
  handled: HandledCounter,
): Promise<Throughput> {
  await inParallel(WARMUP, PUBLISH_WINDOW, publish);
  await handled.until(WARMUP);
  return measure(EVENTS, async () => {
    await inParallel(EVENTS, PUBLISH_WINDOW, publish);
    await handled.until(WARMUP + EVENTS);
  });
}

async function rawRequestReply(subject: string): Promise<RequestReplyResult> {
  const responder = await connect({ servers: NATS_URL });
  const requester = await connect({ servers: NATS_URL });
  responder.subscribe(subject, {
    queue: 'bench',
    callback: (_error, msg) => {
      msg.respond(JSON.stringify({ ok: true, data: msg.json() }));
    },
  });
  await responder.flush();
  try {
    return await requestReply(async () =>
      (await requester.request(subject, JSON.stringify(payload), { timeout: 5_000 })).json(),
    );
  } finally {
    await requester.close();
    await responder.close();
  }
}

async function busRequestReply(responder: Bus, requester: Bus): Promise<RequestReplyResult> {
  const subscription = await responder.respond('bench.probe.echo', 'bench', async (message) => ({
    ok: true,
    data: message.payload,
  }));
  try {
    return await requestReply(() => requester.request('bench.probe.echo', payload));
  } finally {
    await subscription.stop();
  }
}

async function rawEvents(namespace: string): Promise<Throughput> {
  const connection = await connect({ servers: NATS_URL });
  const jsm = await jetstreamManager(connection);
  const js = jetstream(connection);
  const stream = `${namespace.toUpperCase()}_RAW`;
  const subject = `${namespace}.raw.bench`;
  await jsm.streams.add({
    name: stream,
    subjects: [`${namespace}.raw.>`],
    storage: StorageType.File,
    duplicate_window: nanos(120_000),
  });
  await jsm.consumers.add(stream, {
    durable_name: 'raw',
    ack_policy: AckPolicy.Explicit,
    filter_subject: subject,
  });
  const messages = await (await js.consumers.get(stream, 'raw')).consume({ max_messages: 32 });
  const handled = new HandledCounter();
  const consuming = (async () => {
    for await (const msg of messages) {
      msg.json();
      msg.ack();
      handled.hit();
    }
  })();
  try {
    return await eventThroughput(
      () => js.publish(subject, JSON.stringify(payload), { msgID: randomUUID() }),
      handled,
    );
  } finally {
    messages.stop();
    await consuming;
    await jsm.streams.delete(stream);
    await connection.close();
  }
}

async function busEvents(bus: Bus): Promise<Throughput> {
  const handled = new HandledCounter();
  const subscription = await bus.consumeEvents(
    { durable: 'bench-events', subjects: ['bench.probe.recorded'] },
    async () => handled.hit(),
  );
  try {
    return await eventThroughput(
      () => bus.publishEvent('bench.probe.recorded', payload, { msgId: randomUUID() }),
      handled,
    );
  } finally {
    await subscription.stop();
  }
}

async function natsServerVersion(): Promise<string | undefined> {
  const connection = await connect({ servers: NATS_URL });
  const version = connection.info?.version;
  await connection.close();
  return version;
}

interface Round {
  requestReply: Record<'raw' | 'nats' | 'inProcess', RequestReplyResult>;
  ackedEvents: Record<'raw' | 'nats' | 'inProcess', Throughput>;
}

/** Raw client, NatsBus and InProcessBus side by side, each its best round; `ratio` = NatsBus / raw. */
function compare(
  rounds: Round[],
  figure: (round: Round, binding: 'raw' | 'nats' | 'inProcess') => Throughput,
) {
  const best = (binding: 'raw' | 'nats' | 'inProcess') =>
    rounds
      .map((round) => figure(round, binding))
      .reduce((fastest, next) => (next.perSecond > fastest.perSecond ? next : fastest));
  const [raw, nats, inProcess] = [best('raw'), best('nats'), best('inProcess')];
  return { raw, nats, inProcess, ratio: Math.round((nats.perSecond / raw.perSecond) * 100) / 100 };
}

/** Lets the broker finish flushing the previous run's writes, so it does not slow the next one. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

async function measureRound(
  namespace: string,
  responder: Bus,
  requester: Bus,
  inProcess: Bus,
): Promise<Round> {
  const timed = async <T>(run: () => Promise<T>): Promise<T> => {
    await settle();
    return run();
  };
  return {
    requestReply: {
      raw: await timed(() => rawRequestReply(`${namespace}.raw.echo`)),
      nats: await timed(() => busRequestReply(responder, requester)),
      inProcess: await timed(() => busRequestReply(inProcess, inProcess)),
    },
    ackedEvents: {
      raw: await timed(() => rawEvents(namespace)),
      nats: await timed(() => busEvents(requester)),
      inProcess: await timed(() => busEvents(inProcess)),
    },
  };
}

async function main(): Promise<void> {
  const namespace = uniqueNamespace('bench');
  const responder = await connectNatsBus({ servers: NATS_URL, namespace, name: 'bench-responder' });
  const requester = await connectNatsBus({ servers: NATS_URL, namespace, name: 'bench-requester' });
  const inProcess = new InProcessBus({ namespace });
  try {
    const rounds: Round[] = [];
    for (let round = 0; round < ROUNDS; round++)
      rounds.push(await measureRound(namespace, responder, requester, inProcess));
    const result = {
      node: process.version,
      natsServer: await natsServerVersion(),
      bestOf: ROUNDS,
      requestReply: {
        requests: REQUESTS,
        sequential: compare(rounds, (round, binding) => round.requestReply[binding].sequential),
        [`concurrency${CONCURRENCY}`]: compare(
          rounds,
          (round, binding) => round.requestReply[binding].concurrent,
        ),
      },
      ackedEvents: {
        events: EVENTS,
        publishWindow: PUBLISH_WINDOW,
        ...compare(rounds, (round, binding) => round.ackedEvents[binding]),
      },
    };
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await Promise.all([responder.close(), requester.close(), inProcess.close()]);
    await deleteNamespaceStreams(namespace);
  }
}

await main();
