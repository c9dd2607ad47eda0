/**
 * Soak (issue 32): mixed traffic for SOAK_MINUTES (default 30) after a warm-up of
 * SOAK_WARMUP_MINUTES (default 2), against the standalone build (node apps/standalone/dist/main.js
 * on a temp data dir and a fresh database) and/or the distributed processes (libs/testing's
 * startDistributedStack). Needs `npx nx run-many -t build`. Prints one JSON object per target: each
 * process's RSS after the warm-up and at the end (growth %), errors by kind (429s apart), database
 * connections (pg_stat_activity) after the warm-up and at the end, the outbox backlog once the
 * traffic has stopped (every schema's unsent and parked events), and p50/p95 per journey.
 * Aim: RSS growth < 10 %, no error but 429s, the outbox empty.
 *
 *   npm run soak -w @memoreel/bench -- --target standalone|distributed|both
 *   SOAK_MINUTES=30  SOAK_WARMUP_MINUTES=2  SOAK_MAKERS=4  SOAK_VIEWERS=2  SOAK_RENDER_EVERY_S=90
 *   SOAK_FROM_SOURCE=1 (standalone from its sources, when the build is stale)
 *   MALLOC_ARENA_MAX / LD_PRELOAD are passed on to the standalone process (allocator comparisons)
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { databaseConnections, outboxBacklog, startDistributedStack } from '@memoreel/testing';
import {
  deletePhotos,
  edit,
  friendLink,
  friendUpload,
  keepSignedIn,
  newGuest,
  photoSet,
  preview,
  render,
  ringBell,
  SoakStats,
  shareProject,
  updateShare,
  upgrade,
  upload,
  view,
} from './soak-traffic.js';
import { startStandaloneServer } from './standalone-server.js';
import type { Guest } from './visitor.js';

const minutes = Number(process.env.SOAK_MINUTES ?? 30);
const warmupMinutes = Number(process.env.SOAK_WARMUP_MINUTES ?? 2);
const makers = Number(process.env.SOAK_MAKERS ?? 4);
const viewers = Number(process.env.SOAK_VIEWERS ?? 2);
const renderEveryMs = Number(process.env.SOAK_RENDER_EVERY_S ?? 90) * 1000;
const WEBHOOK_SECRET = 'whsec_memoreel_soak';

interface Target {
  url: string;
  databaseUrl: string;
  rss(): Record<string, number>;
  /** The standalone process's own memory by kind (V8 heap, external, array buffers) from its /metrics. */
  heap?(): Promise<Record<string, number>>;
  /** The last things a process printed: kept in the result when one died during the run. */
  output(name: string): string;
  close(): Promise<void>;
}

/** The standalone build on a temp data dir, its database a fresh one on the test server. */
async function standalone(): Promise<Target> {
  // SOAK_FROM_SOURCE=1: the sources through the bench's TypeScript loader (a tree whose build is stale).
  const server = await startStandaloneServer({
    name: 'soak',
    webhookSecret: WEBHOOK_SECRET,
    fromSource: process.env.SOAK_FROM_SOURCE === '1',
  });
  return {
    url: server.url,
    databaseUrl: server.databaseUrl,
    rss: (): Record<string, number> => {
      const bytes = server.app.rssBytes();
      return bytes === undefined ? {} : { standalone: bytes };
    },
    output: () => server.app.lastOutput,
    heap: () => heapOf(`${server.opsUrl}/metrics`),
    close: server.close,
  };
}

/** The V8 heap, external memory and array buffers a process reports at /metrics (prom-client's defaults), in bytes. */
async function heapOf(metricsUrl: string): Promise<Record<string, number>> {
  const text = await (await fetch(metricsUrl)).text();
  const gauge = (name: string) =>
    Number(new RegExp(`^${name} ([0-9.e+]+)`, 'm').exec(text)?.[1] ?? Number.NaN);
  return {
    heapUsed: gauge('nodejs_heap_size_used_bytes'),
    heapTotal: gauge('nodejs_heap_size_total_bytes'),
    external: gauge('nodejs_external_memory_bytes'),
  };
}

async function distributed(): Promise<Target> {
  const stack = await startDistributedStack({
    name: 'soak',
    seedMusic: true,
    env: { billing: { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET } },
  });
  return {
    url: stack.gatewayUrl,
    databaseUrl: stack.databaseUrl,
    rss: stack.rss,
    output: (name) => stack.output(name),
    close: stack.close,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const jitter = (ms: number) => ms / 2 + Math.random() * ms;

/** The traffic until `until()` says stop; every visitor loop ends after its current step. */
async function traffic(target: string, stats: SoakStats, running: () => boolean): Promise<void> {
  const photos = await photoSet();
  const photo = (i: number) => photos[i % photos.length] as Buffer;
  const shares: string[] = [];

  const maker = async (index: number) => {
    while (running()) {
      // A guest stays for 40 steps, then another arrives: new rows keep coming, as on a real day.
      const guest = await stats.time('guest', () => newGuest(target));
      if (!guest) {
        await sleep(5_000);
        continue;
      }
      const kept: string[] = [];
      let shareId: string | undefined;
      for (let step = 0; step < 40 && running(); step += 1) {
        const action = kept.length === 0 ? 0 : step % 5;
        if (action === 0 || action === 3) {
          // Under the free tier's 50 photos: the oldest goes once there are 8.
          if (kept.length >= 8) await stats.time('delete', () => deletePhotos(guest, kept.splice(0, 1)));
          const id = await stats.time('upload', () => upload(guest, photo(index + step)));
          if (id) kept.push(id);
        } else if (action === 1) {
          await stats.time('edit', () => edit(guest, kept[step % kept.length] as string, step));
        } else if (action === 2) {
          await stats.time('preview', () => preview(guest));
        } else if (shareId) {
          await stats.time('share', () => updateShare(guest, shareId as string, `Soak ${step}`));
        } else {
          shareId = await stats.time('share', () => shareProject(guest, `Soak ${index}`));
          if (shareId) shares.push(shareId);
        }
        await sleep(jitter(1_000));
      }
    }
  };

  const viewer = async () => {
    while (running()) {
      const shareId = shares[Math.floor(Math.random() * shares.length)];
      if (shareId) await stats.time('viewer', () => view(target, shareId));
      await sleep(jitter(1_000));
    }
  };

  // The bell: a friend's photo through the owner's link, the owner's pending photos, then rejected.
  const bell = async () => {
    while (running()) {
      const owner = await stats.time('guest', () => newGuest(target));
      const friend = await stats.time('guest', () => newGuest(target));
      const linkId = owner && (await stats.time('bell', () => friendLink(owner)));
      if (!owner || !friend || !linkId) {
        await sleep(5_000);
        continue;
      }
      // A link takes 50 photos an hour: a new owner and link after 20.
      for (let i = 0; i < 20 && running(); i += 1) {
        await stats.time('friend upload', () => friendUpload(friend, owner, linkId, photo(i)));
        await sleep(500);
        await stats.time('bell', () => ringBell(owner));
        await sleep(jitter(2_000));
      }
    }
  };

  // A few renders: one owner raised to honor, a two-photo project re-rendered after each edit.
  const renders = async () => {
    const owner = await stats.time('guest', () => newGuest(target));
    if (!owner) return;
    const ids: string[] = [];
    for (const i of [0, 1]) {
      const id = await stats.time('upload', () => upload(owner, photo(i)));
      if (id) ids.push(id);
    }
    await stats.time('upgrade', () => upgrade(owner, WEBHOOK_SECRET));
    for (let step = 0; running(); step += 1) {
      const started = Date.now();
      await stats.time('refresh', () => keepSignedIn(owner));
      await stats.time('render', () => render(owner as Guest));
      if (ids[0]) await stats.time('edit', () => edit(owner, ids[0] as string, step * 2 + 2));
      while (running() && Date.now() - started < renderEveryMs) await sleep(1_000);
    }
  };

  await Promise.all([
    ...Array.from({ length: makers }, (_, i) => maker(i)),
    ...Array.from({ length: viewers }, () => viewer()),
    bell(),
    renders(),
  ]);
}

const mib = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

async function soak(name: string, start: () => Promise<Target>) {
  const startedAt = Date.now();
  const target = await start();
  const startupSeconds = Math.round((Date.now() - startedAt) / 1000);
  const stats = new SoakStats();
  const endAt = Date.now() + (warmupMinutes + minutes) * 60_000;
  try {
    const traffics = traffic(target.url, stats, () => Date.now() < endAt);
    await sleep(warmupMinutes * 60_000);
    const rssAtStart = target.rss();
    const connectionsAtStart = await databaseConnections(target.databaseUrl);
    // Every 5 minutes, each process's RSS (and the standalone's heap): whether growth levels off.
    const timeline: Record<string, unknown>[] = [];
    const sample = async () => {
      const heap = await target.heap?.().catch(() => undefined);
      timeline.push({
        minute: Math.round((Date.now() - startedAt) / 6_000) / 10,
        rssMiB: Object.fromEntries(
          Object.entries(target.rss()).map(([process, bytes]) => [process, mib(bytes)]),
        ),
        ...(heap
          ? { heapMiB: Object.fromEntries(Object.entries(heap).map(([kind, bytes]) => [kind, mib(bytes)])) }
          : {}),
      });
    };
    await sample();
    const sampler = setInterval(() => void sample(), 5 * 60_000);
    await traffics;
    clearInterval(sampler);
    await sample();
    const rssAtEnd = target.rss();
    const connectionsAtEnd = await databaseConnections(target.databaseUrl);
    // The relays publish within seconds: give them 60 s once the traffic has stopped.
    const drainStarted = Date.now();
    let backlog = await outboxBacklog(target.databaseUrl);
    const unsent = () => Object.values(backlog).reduce((sum, schema) => sum + schema.unsent, 0);
    while (unsent() > 0 && Date.now() - drainStarted < 60_000) {
      await sleep(1_000);
      backlog = await outboxBacklog(target.databaseUrl);
    }
    const rss = Object.fromEntries(
      Object.entries(rssAtStart).map(([process, before]) => {
        const after = rssAtEnd[process];
        const growth = after === undefined ? null : Math.round(((after - before) / before) * 1000) / 10;
        return [
          process,
          { startMiB: mib(before), endMiB: after === undefined ? null : mib(after), growthPercent: growth },
        ];
      }),
    );
    // A process gone by the end (no RSS): what it printed last says why.
    const died = Object.fromEntries(
      Object.keys(rssAtStart)
        .filter((process) => rssAtEnd[process] === undefined)
        .map((process) => [process, target.output(process).slice(-3_000)]),
    );
    return {
      target: name,
      startupSeconds,
      died,
      warmupMinutes,
      minutes,
      visitors: { makers, viewers, bell: 1, renderer: 1 },
      rss,
      timeline,
      errors: stats.errors,
      errorSamples: stats.samples,
      rateLimited429: stats.rateLimited,
      databaseConnections: { atStart: connectionsAtStart, atEnd: connectionsAtEnd },
      outbox: {
        unsent: unsent(),
        drainSeconds: Math.round((Date.now() - drainStarted) / 1000),
        bySchema: backlog,
      },
      journeys: stats.journeys(),
    };
  } finally {
    await target.close();
  }
}

const { values } = parseArgs({ options: { target: { type: 'string', default: 'both' } } });
const targets = values.target === 'both' ? ['standalone', 'distributed'] : [values.target as string];
const starters: Record<string, () => Promise<Target>> = { standalone, distributed };
const results = [];
for (const name of targets) {
  const start = starters[name];
  if (!start) throw new Error(`--target ${name}: standalone, distributed or both`);
  results.push(await soak(name, start));
}
const load = loadavg().map((value) => Math.round(value * 100) / 100);
console.log(JSON.stringify({ bench: 'soak', cpus: cpus().length, loadAverage: load, results }, null, 2));
process.exit(0);
