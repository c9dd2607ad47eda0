/**
 * The free image tools (/tools) on a 12-megapixel photo in headless Chromium: each tool through the
 * shipped worker (apps/web/dist, built), against the obvious main-thread code in the same run (an
 * <img> drawn on a canvas, a getImageData loop over the bytes for the colour tools, ctx.rotate /
 * scale for the rest, canvas.toBlob). Both count from the picked file to the encoded JPEG.
 * Ours runs three ways: on a file the worker has not seen (`ours`, decode included), once more with
 * the canvas read back after painting so decode / paint / encode are timed apart (`oursProfiled`),
 * and on a file the worker decoded ahead, as the page does when files are picked (`oursDecodedAhead`).
 * The colour tools also run through the typed-array fallback (getImageData and a Uint32 loop), for
 * browsers whose OffscreenCanvas ignores CSS filters, and `exactness` compares the worker's painted
 * pixels, before JPEG encoding, with the maths (the baseline's loops) on the 12 MP photo and on a PNG
 * holding every 24-bit colour once. Also records the longest main-thread stall during each run and
 * the machine's load average. Prints one JSON object.
 *
 *   npx nx run @memoreel/web:build && npm run --workspace tools/bench image-tools
 *   (ROUNDS=3 runs per tool, median kept; WIDTH/HEIGHT for another photo size; TOOLS=grayscale,sepia
 *   for some tools only; BATCH_SIZE=8 photos per batch, grayscale, in three pool shapes;
 *   SKIP_EXACTNESS=1 to leave the exactness check out)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { chromium, type Page } from '@playwright/test';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const WIDTH = Number(process.env.WIDTH ?? 4000);
const HEIGHT = Number(process.env.HEIGHT ?? 3000);
const webDist = join(import.meta.dirname, '..', '..', '..', 'apps', 'web', 'dist');

const ALL_TOOLS = [
  'grayscale',
  'sepia',
  'invert',
  'brighten',
  'darken',
  'compress',
  'upscale-2x',
  'upscale-4x',
  'rotate-90-cw',
  'rotate-90-ccw',
  'rotate-180',
  'flip-horizontal',
  'flip-vertical',
] as const;
const TOOLS = process.env.TOOLS ? process.env.TOOLS.split(',') : ALL_TOOLS;
const PIXEL_TOOLS = new Set<string>(['grayscale', 'sepia', 'invert', 'brighten', 'darken']);
const AIM_MS = 300;
const BATCH_SIZE = Number(process.env.BATCH_SIZE ?? 8);
const AIM_SPEEDUP = 2;

function workerFile(): string {
  const file = readdirSync(join(webDist, 'assets')).find((name) => /^image-tools\.worker-.*\.js$/.test(name));
  if (!file) throw new Error('No image-tools worker in apps/web/dist/assets: build apps/web first');
  return `/assets/${file}`;
}

/** Runs in the page: a photo-like JPEG, the worker client, the baseline, and a main-thread stall meter. */
const PAGE_SCRIPT = `
const photo = async (w, h) => {
  const canvas = new OffscreenCanvas(w, h);
  const ctx = canvas.getContext('2d');
  const sky = ctx.createLinearGradient(0, 0, w * 0.3, h);
  sky.addColorStop(0, '#87a9d6'); sky.addColorStop(0.55, '#e8c39e'); sky.addColorStop(1, '#3d5a40');
  ctx.fillStyle = sky; ctx.fillRect(0, 0, w, h);
  let seed = 7;
  const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
  for (let i = 0; i < 500; i++) {
    ctx.fillStyle = 'hsla(' + random() * 360 + ',55%,' + (25 + random() * 55) + '%,0.35)';
    ctx.beginPath(); ctx.arc(random() * w, random() * h, 10 + random() * 320, 0, Math.PI * 2); ctx.fill();
  }
  // Film grain, so the JPEG is as hard to encode as a real photo.
  const grain = new ImageData(509, 509);
  for (let i = 0; i < grain.data.length; i += 4) {
    const v = random() * 255; grain.data[i] = grain.data[i + 1] = grain.data[i + 2] = v; grain.data[i + 3] = 34;
  }
  const tile = new OffscreenCanvas(509, 509); tile.getContext('2d').putImageData(grain, 0, 0);
  ctx.fillStyle = ctx.createPattern(tile, 'repeat'); ctx.fillRect(0, 0, w, h);
  return canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 });
};

// The longest gap between 5 ms timer ticks: how long the page could not answer a keypress.
let stall = 0, last = 0, ticking = null;
const meter = {
  start() { stall = 0; last = performance.now(); ticking = setInterval(() => { const now = performance.now(); stall = Math.max(stall, now - last); last = now; }, 5); },
  stop() { clearInterval(ticking); return Math.max(stall, performance.now() - last); },
};

let worker, nextId = 1;
const ask = (message) => new Promise((resolve) => {
  worker.onmessage = ({ data }) => resolve(data);
  worker.postMessage(message);
});
const ours = async (tool, source, { strategy, fileId, profile } = {}) => {
  const started = performance.now();
  const data = await ask({ kind: 'tool', id: nextId++, tool, source, strategy, fileId, profile });
  return { ms: performance.now() - started, workerMs: data.milliseconds, decodeMs: data.decodeMilliseconds, paintMs: data.paintMilliseconds, encodeMs: data.encodeMilliseconds, ok: data.ok, bytes: data.blob?.size, width: data.width, height: data.height };
};
// As the page does when a file is picked: decode it in the worker ahead of any tool (not timed).
let nextFileId = 1;
const prepared = async (tool, source) => {
  const fileId = nextFileId++;
  const ahead = await ask({ kind: 'decode-ahead', id: nextId++, fileId, source, width: window.photoSize.width, height: window.photoSize.height });
  if (!ahead.kept) throw new Error('the worker did not keep the decoded photo');
  const result = await measured(() => ours(tool, source, { fileId }));
  worker.postMessage({ kind: 'forget', fileId });
  return result;
};

const GRAY = (p) => { for (let i = 0; i < p.length; i += 4) { const y = 0.2126 * p[i] + 0.7152 * p[i + 1] + 0.0722 * p[i + 2]; p[i] = y; p[i + 1] = y; p[i + 2] = y; } };
const SEPIA = (p) => { for (let i = 0; i < p.length; i += 4) { const r = p[i], g = p[i + 1], b = p[i + 2];
  p[i] = 0.393 * r + 0.769 * g + 0.189 * b; p[i + 1] = 0.349 * r + 0.686 * g + 0.168 * b; p[i + 2] = 0.272 * r + 0.534 * g + 0.131 * b; } };
const INVERT = (p) => { for (let i = 0; i < p.length; i += 4) { p[i] = 255 - p[i]; p[i + 1] = 255 - p[i + 1]; p[i + 2] = 255 - p[i + 2]; } };
const SCALE = (f) => (p) => { for (let i = 0; i < p.length; i += 4) { p[i] = p[i] * f; p[i + 1] = p[i + 1] * f; p[i + 2] = p[i + 2] * f; } };
const LOOPS = { grayscale: GRAY, sepia: SEPIA, invert: INVERT, brighten: SCALE(1.2), darken: SCALE(0.8) };

const baseline = async (tool, source) => {
  const started = performance.now();
  const url = URL.createObjectURL(source);
  const img = new Image(); img.src = url; await img.decode();
  const decodeMs = performance.now() - started;
  const w = img.naturalWidth, h = img.naturalHeight;
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  const quarter = tool === 'rotate-90-cw' || tool === 'rotate-90-ccw';
  const scale = tool === 'upscale-2x' ? 2 : tool === 'upscale-4x' ? 4 : 1;
  canvas.width = (quarter ? h : w) * scale; canvas.height = (quarter ? w : h) * scale;
  if (tool === 'rotate-90-cw') { ctx.translate(h, 0); ctx.rotate(Math.PI / 2); }
  if (tool === 'rotate-90-ccw') { ctx.translate(0, w); ctx.rotate(-Math.PI / 2); }
  if (tool === 'rotate-180') { ctx.translate(w, h); ctx.rotate(Math.PI); }
  if (tool === 'flip-horizontal') { ctx.translate(w, 0); ctx.scale(-1, 1); }
  if (tool === 'flip-vertical') { ctx.translate(0, h); ctx.scale(1, -1); }
  ctx.drawImage(img, 0, 0, w * scale, h * scale);
  if (LOOPS[tool]) { const data = ctx.getImageData(0, 0, canvas.width, canvas.height); LOOPS[tool](data.data); ctx.putImageData(data, 0, 0); }
  const encodeStarted = performance.now();
  const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', tool === 'compress' ? 0.5 : 0.9));
  const encodeMs = performance.now() - encodeStarted;
  URL.revokeObjectURL(url);
  const result = { ms: performance.now() - started, decodeMs, encodeMs, ok: Boolean(blob), bytes: blob?.size, width: canvas.width, height: canvas.height };
  canvas.width = 0; canvas.height = 0;
  return result;
};

// A batch as a 20-photo run sends it: several workers, several images in flight per worker.
const client = (url) => {
  const w = new Worker(url, { type: 'module' });
  const pending = new Map();
  w.onmessage = ({ data }) => { pending.get(data.id)(data); pending.delete(data.id); };
  return { run: (job) => new Promise((resolve) => { pending.set(job.id, resolve); w.postMessage(job); }), close: () => w.terminate() };
};
const batch = async (workerUrl, workers, inFlight, count, tool) => {
  const clients = Array.from({ length: workers }, () => client(workerUrl));
  await Promise.all(clients.map((c) => c.run({ kind: 'tool', id: nextId++, tool: 'compress', source: window.source })));
  let next = 0;
  const lane = async (c) => { while (next < count) { next++; await c.run({ kind: 'tool', id: nextId++, tool, source: window.source }); } };
  meter.start();
  const started = performance.now();
  await Promise.all(clients.flatMap((c) => Array.from({ length: inFlight }, () => lane(c))));
  const ms = performance.now() - started;
  const stallMs = meter.stop();
  for (const c of clients) c.close();
  return { workers, inFlightPerWorker: inFlight, images: count, msPerImage: Math.round(ms / count), longestStallMs: Math.round(stallMs) };
};

const measured = async (run) => { meter.start(); const result = await run(); result.stallMs = meter.stop(); return result; };

// Every colour once (4096 × 4096), as a PNG: the path for images that may be transparent.
const allColours = () => {
  const canvas = new OffscreenCanvas(4096, 4096);
  const image = new ImageData(4096, 4096);
  const words = new Uint32Array(image.data.buffer);
  for (let i = 0; i < words.length; i++) words[i] = 0xff000000 | i;
  canvas.getContext('2d').putImageData(image, 0, 0);
  return canvas.convertToBlob({ type: 'image/png' });
};

// How far the worker's painted pixels are from the maths (the baseline's loops) on the same decoded source.
const exactness = async (tools, strategy, source) => {
  const read = async (tool, strategy) => {
    const data = await ask({ kind: 'tool', id: nextId++, tool, source, strategy, readBack: true });
    if (!data.ok) throw new Error(tool + ': ' + data.message);
    return data.pixels.data;
  };
  // Compress leaves the pixels as decoded (and flattened onto white).
  const decoded = await read('compress');
  const report = {};
  for (const tool of tools) {
    const expected = new Uint8ClampedArray(decoded);
    LOOPS[tool](expected);
    const actual = await read(tool, strategy);
    let maxLevels = 0, off = 0;
    for (let i = 0; i < actual.length; i++) {
      if ((i & 3) === 3) continue;
      const d = Math.abs(actual[i] - expected[i]);
      if (d > 0) off++;
      if (d > maxLevels) maxLevels = d;
    }
    report[tool] = { maxLevels, channelValuesOff: Math.round((off / (actual.length * 0.75)) * 10000) / 100 + '%' };
  }
  return report;
};

window.bench = {
  async setUp(workerUrl, w, h) {
    worker = new Worker(workerUrl, { type: 'module' });
    window.source = await photo(w, h);
    window.photoSize = { width: w, height: h };
    // Warm up both paths (worker start, decoders, shader-free canvas code).
    await ours('compress', window.source); await baseline('compress', window.source);
    return { width: w, height: h, bytes: window.source.size };
  },
  ours: (tool, options) => measured(() => ours(tool, window.source, options)),
  prepared: (tool) => prepared(tool, window.source),
  baseline: (tool) => measured(() => baseline(tool, window.source)),
  async exactness(tools) {
    const colours = await allColours();
    return {
      photoJpeg: { canvas: await exactness(tools, 'canvas', window.source), typedArray: await exactness(tools, 'pixels', window.source) },
      allColoursPng: { canvas: await exactness(tools, 'canvas', colours), typedArray: await exactness(tools, 'pixels', colours) },
    };
  },
  batch,
};
`;

interface Run {
  ms: number;
  workerMs?: number;
  decodeMs: number;
  paintMs?: number;
  encodeMs: number;
  ok: boolean;
  bytes?: number;
  width: number;
  height: number;
  stallMs: number;
  cpuMs?: number;
}

const CONTENT_TYPES: Record<string, string> = { '.js': 'text/javascript', '.wasm': 'application/wasm' };

function serve() {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if (path === '/bench.html') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(
        `<!doctype html><title>image tools bench</title><script type="module">${PAGE_SCRIPT}</script>`,
      );
      return;
    }
    try {
      const file = join(webDist, normalize(path).replace(/^(\.\.[/\\])+/, ''));
      const body = readFileSync(file);
      response.writeHead(200, { 'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise<{ close: () => void; origin: string }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        close: () => server.close(),
        origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      }),
    ),
  );
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const round = (value: number) => Math.round(value);

function summarise(runs: Run[]) {
  const failed = runs.find((run) => !run.ok);
  return {
    ms: round(median(runs.map((run) => run.ms))),
    cpuMs: round(median(runs.map((run) => run.cpuMs ?? 0))),
    ...(runs[0]?.workerMs === undefined
      ? {}
      : { workerMs: round(median(runs.map((run) => run.workerMs ?? 0))) }),
    // The browser's own decoder and encoder, the same code on both sides. Canvas drawing is deferred
    // until something reads the canvas, so encodeMs also holds the drawing unless paintMs is given
    // (profiled runs read one pixel back after painting, which makes the canvas draw there and then).
    decodeMs: round(median(runs.map((run) => run.decodeMs))),
    ...(runs[0]?.paintMs === undefined
      ? {}
      : { paintMs: round(median(runs.map((run) => run.paintMs ?? 0))) }),
    encodeMs: round(median(runs.map((run) => run.encodeMs))),
    longestStallMs: round(median(runs.map((run) => run.stallMs))),
    output: failed ? 'failed' : `${runs[0]?.width}x${runs[0]?.height}, ${runs[0]?.bytes} bytes`,
  };
}

const loadBefore = Math.round(loadavg()[0]! * 100) / 100;
const { origin, close } = await serve();
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});

/**
 * CPU time of every Chromium process this bench started (user + system, 10 ms ticks). On a shared
 * machine wall time also counts waiting for a core; CPU time counts only the work done.
 */
function chromiumCpuMs(): number {
  const children = new Map<number, number[]>();
  const ticks = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const parent = Number(fields[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
      ticks.set(Number(entry), Number(fields[11]) + Number(fields[12]));
    } catch {
      // The process ended while we read.
    }
  }
  let total = 0;
  const walk = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      total += ticks.get(child) ?? 0;
      walk(child);
    }
  };
  walk(process.pid);
  return total * 10;
}

/** Runs one timed call in the page and adds the CPU time Chromium spent on it. */
async function timed(page: Page, call: string): Promise<Run> {
  const cpuBefore = chromiumCpuMs();
  const run = (await page.evaluate(call)) as Run;
  run.cpuMs = chromiumCpuMs() - cpuBefore;
  return run;
}

try {
  const page = await browser.newPage();
  await page.goto(`${origin}/bench.html`);
  await page.waitForFunction('Boolean(window.bench)');
  const photo = await page.evaluate(
    `window.bench.setUp(${JSON.stringify(workerFile())}, ${WIDTH}, ${HEIGHT})`,
  );
  const tools: Record<string, unknown> = {};
  const misses: string[] = [];
  const speedupOf = (baseline: number, ours: number) => Math.round((baseline / ours) * 100) / 100;
  const checkAims = (tool: string, label: string, ms: number, speedup: number) => {
    if (ms > AIM_MS) misses.push(`${tool} (${label}): ${ms} ms > ${AIM_MS} ms`);
    if (PIXEL_TOOLS.has(tool) && speedup < AIM_SPEEDUP)
      misses.push(`${tool} (${label}): ${speedup}x < ${AIM_SPEEDUP}x`);
  };
  for (const tool of TOOLS) {
    const name = JSON.stringify(tool);
    const ours: Run[] = [];
    const profiled: Run[] = [];
    const prepared: Run[] = [];
    const typedArray: Run[] = [];
    const baseline: Run[] = [];
    // Interleaved, so a busy moment on the machine hits every variant alike.
    for (let index = 0; index < ROUNDS; index++) {
      ours.push(await timed(page, `window.bench.ours(${name})`));
      profiled.push(await timed(page, `window.bench.ours(${name}, { profile: true })`));
      prepared.push(await timed(page, `window.bench.prepared(${name})`));
      if (PIXEL_TOOLS.has(tool)) {
        typedArray.push(await timed(page, `window.bench.ours(${name}, { strategy: 'pixels' })`));
      }
      baseline.push(await timed(page, `window.bench.baseline(${name})`));
    }
    const oursSummary = summarise(ours);
    const preparedSummary = summarise(prepared);
    const baselineSummary = summarise(baseline);
    const speedup = speedupOf(baselineSummary.ms, oursSummary.ms);
    const preparedSpeedup = speedupOf(baselineSummary.ms, preparedSummary.ms);
    checkAims(tool, 'file just picked', oursSummary.ms, speedup);
    checkAims(tool, 'decoded ahead', preparedSummary.ms, preparedSpeedup);
    tools[tool] = {
      ours: oursSummary,
      oursProfiled: summarise(profiled),
      oursDecodedAhead: preparedSummary,
      ...(typedArray.length > 0 ? { typedArrayFallback: summarise(typedArray) } : {}),
      baseline: baselineSummary,
      speedup,
      speedupDecodedAhead: preparedSpeedup,
      // The same ratios in Chromium's CPU time, which other work on the machine skews far less.
      cpuSpeedup: speedupOf(baselineSummary.cpuMs, oursSummary.cpuMs),
      cpuSpeedupDecodedAhead: speedupOf(baselineSummary.cpuMs, preparedSummary.cpuMs),
    };
    console.error(
      `${tool}: ours ${oursSummary.ms} ms (decoded ahead ${preparedSummary.ms}), baseline ${baselineSummary.ms} ms`,
    );
  }
  const pixelTools = TOOLS.filter((tool) => PIXEL_TOOLS.has(tool));
  const exactness =
    pixelTools.length > 0 && !process.env.SKIP_EXACTNESS
      ? await page.evaluate(`window.bench.exactness(${JSON.stringify(pixelTools)})`)
      : undefined;
  // Throughput of a batch (the page's pool runs one image per worker at a time, one worker on 2 cores).
  const batches: unknown[] = [];
  if (!process.env.TOOLS || process.env.BATCH_SIZE) {
    for (const [workers, inFlight] of [
      [1, 1],
      [1, 2],
      [2, 1],
    ] as const) {
      batches.push(
        await page.evaluate(
          `window.bench.batch(${JSON.stringify(workerFile())}, ${workers}, ${inFlight}, ${BATCH_SIZE}, 'grayscale')`,
        ),
      );
    }
  }
  console.log(
    JSON.stringify(
      {
        photo,
        rounds: ROUNDS,
        chromium: browser.version(),
        // Other work on the machine skews every number: the 1-minute load average before and after.
        loadAverage: { before: loadBefore, after: Math.round(loadavg()[0]! * 100) / 100 },
        aims: { msPerTool: AIM_MS, pixelToolSpeedup: AIM_SPEEDUP, misses },
        tools,
        grayscaleBatches: batches,
        exactness,
      },
      null,
      2,
    ),
  );
} finally {
  await browser.close();
  close();
}
