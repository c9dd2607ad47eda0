/**
 * What issue 31's attacks cost a running Memoreel (a standalone on loopback: `npm start`), as JSON:
 *   heic     6 HEICs just under media's pixel cap in one completePhotoUploads: the worst /health/live
 *            latency while they are judged and the process's RSS growth (aim ≤ 200 ms, ≤ 300 MB); the
 *            RSS is read from the ops port's /metrics (MEMOREEL_OPS_URL, printed by npm start)
 *   viewer   GET /v/{id} of one share at ATTACK_CONNECTIONS connections (a crowd on one link)
 *   landing  GET / at the same connections, in the same run: the figure the viewer is held to
 *            (aim: the viewer at ≥ 1,000 req/s with p95 ≤ 50 ms at 50 connections)
 *
 *   npm run --workspace tools/bench attacks [-- http://127.0.0.1:3000]
 *   ATTACK_DURATION=10 (seconds per page)  ATTACK_CONNECTIONS=50  MEMOREEL_OPS_URL=http://127.0.0.1:<ops port>
 *
 * Every request comes from its own X-Forwarded-For, as a crowd of visitors would: the per-address
 * budgets (300 pages a minute, docs/gateway-limits.md) meter each visitor, not the whole run.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { MAX_HEIC_PIXELS } from '@memoreel/domain';
import { encodeHeic } from '@memoreel/testing';
import autocannon, { type Request } from 'autocannon';
import sharp from 'sharp';
import { latencySummary } from './latency.js';
import {
  COMPLETE_UPLOADS,
  createShare,
  graphql,
  guestWithProject,
  newVisitor,
  REQUEST_UPLOADS,
  type UploadSlot,
  uploadPhoto,
} from './visitor.js';

const target = (process.argv[2] ?? process.env.MEMOREEL_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const durationSeconds = Number(process.env.ATTACK_DURATION ?? 10);
const connections = Number(process.env.ATTACK_CONNECTIONS ?? 50);
const opsUrl = process.env.MEMOREEL_OPS_URL?.replace(/\/$/, '');
const VIEWER_AIM = { throughputPerSecond: 1_000, p95Ms: 50 };
const HEIC_AIM = { worstLiveMs: 200, rssGrowthMb: 300 };
const HEIC_FILES = 6;

/** A plain photo: the share needs one for its page to show it. */
const photo = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#c84' } })
    .jpeg()
    .toBuffer();

interface PageResult {
  requests: number;
  throughputPerSecond: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  statusCodes: Record<string, number>;
  errors: { network: number; timeouts: number };
}

/** GET `path` over `connections` connections for the duration, each request from a new address. */
function hammer(path: string): Promise<PageResult> {
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  const request = {
    method: 'GET',
    path,
    headers: { accept: 'text/html' },
    setupRequest: (req: { headers?: Record<string, string> }) => ({
      ...req,
      headers: { ...req.headers, 'x-forwarded-for': newVisitor(target).address },
    }),
  };
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: target,
        connections,
        duration: durationSeconds,
        requests: [request] as unknown as Request[],
        timeout: 30,
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          requests: latencies.length,
          throughputPerSecond: Math.round((latencies.length / durationSeconds) * 10) / 10,
          latencyMs: latencySummary(latencies),
          statusCodes,
          errors: { network: result.errors, timeouts: result.timeouts },
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      latencies.push(Math.round(responseTime * 10) / 10);
      statusCodes[statusCode] = (statusCodes[statusCode] ?? 0) + 1;
    });
  });
}

/** The target process's resident memory in MB, from its ops port; null without MEMOREEL_OPS_URL. */
async function rssMb(): Promise<number | null> {
  if (!opsUrl) return null;
  const metrics = await (await fetch(`${opsUrl}/metrics`)).text();
  const bytes = /^process_resident_memory_bytes (\d+)/m.exec(metrics)?.[1];
  return bytes ? Math.round(Number(bytes) / 1e6) : null;
}

/**
 * Issue 31 §1: six HEICs just under the pixel cap (each a few KB, 8000 px wide) in one
 * completePhotoUploads, with /health/live asked every 50 ms and the RSS every 250 ms meanwhile.
 */
async function heicAttack() {
  const width = 8_000;
  const height = Math.floor(MAX_HEIC_PIXELS / width) - 8;
  const heic = await encodeHeic([{ width, height }]);
  const guest = await guestWithProject(target);
  const files = Array.from({ length: HEIC_FILES }, (_, i) => ({
    name: `cap-${i + 1}.heic`,
    size: heic.length,
    contentType: 'image/heic',
  }));
  const { requestPhotoUploads } = await graphql<{ requestPhotoUploads: { slots: UploadSlot[] } }>(
    guest,
    REQUEST_UPLOADS,
    { projectId: guest.projectId, files },
    guest.token,
  );
  for (const slot of requestPhotoUploads.slots) {
    const put = await fetch(slot.url, {
      method: 'PUT',
      headers: Object.fromEntries(slot.headers.map((header) => [header.name, header.value])),
      body: heic,
    });
    if (!put.ok) throw new Error(`HEIC PUT: ${put.status}`);
  }
  const rssStart = await rssMb();
  let done = false;
  let worstLiveMs = 0;
  let rssPeak = rssStart;
  const watchLive = (async () => {
    while (!done) {
      const asked = performance.now();
      await fetch(`${target}/health/live`);
      worstLiveMs = Math.max(worstLiveMs, performance.now() - asked);
      await sleep(50);
    }
  })();
  const watchRss = (async () => {
    while (!done) {
      const now = await rssMb();
      if (now !== null && (rssPeak === null || now > rssPeak)) rssPeak = now;
      await sleep(250);
    }
  })();
  const started = performance.now();
  const { completePhotoUploads } = await graphql<{
    completePhotoUploads: { error: string | null; photo: { id: string } | null }[];
  }>(
    guest,
    COMPLETE_UPLOADS,
    { projectId: guest.projectId, uploadIds: requestPhotoUploads.slots.map((slot) => slot.uploadId) },
    guest.token,
  );
  const completeMs = Math.round(performance.now() - started);
  done = true;
  await Promise.all([watchLive, watchRss]);
  const rssGrowthMb = rssStart !== null && rssPeak !== null ? rssPeak - rssStart : null;
  return {
    files: HEIC_FILES,
    pixelsEach: width * height,
    bytesEach: heic.length,
    accepted: completePhotoUploads.filter((result) => result.photo).length,
    refused: completePhotoUploads.filter((result) => result.error).map((result) => result.error),
    completeMs,
    worstLiveMs: Math.round(worstLiveMs),
    rssMb: { start: rssStart, peak: rssPeak },
    rssGrowthMb,
    aim: {
      ...HEIC_AIM,
      met: worstLiveMs <= HEIC_AIM.worstLiveMs && rssGrowthMb !== null && rssGrowthMb <= HEIC_AIM.rssGrowthMb,
    },
  };
}

try {
  const live = await fetch(`${target}/health/live`).catch(() => null);
  if (!live?.ok) throw new Error(`${target} does not answer (start it with npm start)`);
  const heic = await heicAttack();

  const owner = await guestWithProject(target);
  await uploadPhoto(owner, await photo(), 'attack.jpg');
  const shareId = await createShare(owner, { shareTitle: 'A crowd on one link', showViewCount: true });
  // One visit first: what follows measures a crowd on a link, not the first lookup.
  await fetch(`${target}/v/${shareId}`);

  const landing = await hammer('/');
  const viewer = await hammer(`/v/${shareId}`);
  const ok = (result: PageResult) => (result.statusCodes['200'] ?? 0) === result.requests;
  process.stdout.write(
    `${JSON.stringify(
      {
        target,
        connections,
        durationSeconds,
        heic,
        landing,
        viewer,
        viewerAim: {
          ...VIEWER_AIM,
          met:
            ok(viewer) &&
            viewer.throughputPerSecond >= VIEWER_AIM.throughputPerSecond &&
            viewer.latencyMs.p95 <= VIEWER_AIM.p95Ms,
          viewerToLanding: Math.round((viewer.throughputPerSecond / landing.throughputPerSecond) * 100) / 100,
        },
      },
      null,
      2,
    )}\n`,
  );
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
