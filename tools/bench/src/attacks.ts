/**
 * What issue 31's attacks cost a running Memoreel (a standalone on loopback: `npm start`), as JSON:
 *   heic     6 pixel-cap HEICs in one completePhotoUploads: the worst /health/live latency and the
 *            RSS growth (aim ≤ 200 ms, ≤ 300 MB) — Helper A's half, see heicAttack() below
 *   viewer   GET /v/{id} of one share at ATTACK_CONNECTIONS connections (a crowd on one link)
 *   landing  GET / at the same connections, in the same run: the figure the viewer is held to
 *            (aim: the viewer at ≥ 1,000 req/s with p95 ≤ 50 ms at 50 connections)
 *
 *   npm run --workspace tools/bench attacks [-- http://127.0.0.1:3000]
 *   ATTACK_DURATION=10 (seconds per page)  ATTACK_CONNECTIONS=50
 *
 * Every request comes from its own X-Forwarded-For, as a crowd of visitors would: the per-address
 * budgets (300 pages a minute, docs/gateway-limits.md) meter each visitor, not the whole run.
 */
import autocannon, { type Request } from 'autocannon';
import sharp from 'sharp';
import { createShare, guestWithProject, newVisitor, uploadPhoto } from './visitor.js';

const target = (process.argv[2] ?? process.env.MEMOREEL_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const durationSeconds = Number(process.env.ATTACK_DURATION ?? 10);
const connections = Number(process.env.ATTACK_CONNECTIONS ?? 50);
const VIEWER_AIM = { throughputPerSecond: 1_000, p95Ms: 50 };

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

const percentile = (sorted: number[], q: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number);

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
        latencies.sort((a, b) => a - b);
        resolve({
          requests: latencies.length,
          throughputPerSecond: Math.round((latencies.length / durationSeconds) * 10) / 10,
          latencyMs: {
            p50: percentile(latencies, 0.5),
            p95: percentile(latencies, 0.95),
            p99: percentile(latencies, 0.99),
            max: latencies.at(-1) ?? 0,
          },
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

/**
 * HELPER A's PART (issue 31 §1): six pixel-cap HEICs in one completePhotoUploads, reporting
 * `{ worstLiveMs, rssGrowthMb }`. Null until that half lands here.
 */
async function heicAttack(): Promise<{ worstLiveMs: number; rssGrowthMb: number } | null> {
  return null;
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
