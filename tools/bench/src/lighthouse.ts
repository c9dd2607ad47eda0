/**
 * Landing page audit: Lighthouse (mobile preset, simulated throttling) on `/` of a running
 * standalone server, and the same audit on a plain static HTML page carrying the landing page's own
 * text, served on loopback in the same run, so the numbers say what the SPA costs over bare HTML.
 * With `--shared-video` it audits a shared video's page `/v/{id}` instead: a guest's project with
 * three camera-sized photos is shared first, and the baseline page carries the page's text and the
 * same poster image.
 * Also sums the initial JavaScript (gzip) from the Vite manifest: the entry chunk and every chunk
 * it imports statically. Prints one JSON object.
 *
 *   npm run --workspace tools/bench lighthouse [-- http://127.0.0.1:3000] [--shared-video]
 *   (LIGHTHOUSE_URL works too; CHROME_PATH defaults to /usr/bin/chromium; LIGHTHOUSE_REPORT=FILE
 *   also writes the app's full Lighthouse report there, for the audits behind the scores)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launch } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import sharp from 'sharp';
import { createShare, guestWithProject, uploadPhoto } from './visitor.js';

/** A 4000×3000 camera-like JPEG (grain over colour fields: compresses like a photo). */
async function cameraPhoto(hue: number): Promise<Buffer> {
  const grain = await sharp({
    create: { width: 4000, height: 3000, channels: 3, background: { r: hue, g: 140, b: 255 - hue } },
  })
    .composite([
      {
        input: await sharp({
          create: {
            width: 4000,
            height: 3000,
            channels: 3,
            background: '#808080',
            noise: { type: 'gaussian', mean: 128, sigma: 24 },
          },
        })
          .png()
          .toBuffer(),
        blend: 'overlay',
      },
    ])
    .jpeg({ quality: 88 })
    .toBuffer();
  return grain;
}

/** A share of a guest's project with three photos, once their thumbnails are made (the page's poster). */
async function shareToAudit(target: string): Promise<string> {
  const guest = await guestWithProject(target);
  for (const hue of [40, 120, 200]) await uploadPhoto(guest, await cameraPhoto(hue), `photo-${hue}.jpg`);
  const id = await createShare(guest, { shareTitle: 'Grandma Rose at 90', showViewCount: true });
  for (let attempt = 0; attempt < 120; attempt++) {
    const html = await (await fetch(`${target}/v/${id}`, { headers: { accept: 'text/html' } })).text();
    if (html.includes('fetchpriority="high"')) return id;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`/v/${id} never showed its poster: are the thumbnails made?`);
}

const sharedVideo = process.argv.includes('--shared-video');
const origin = (
  process.argv.slice(2).find((arg) => !arg.startsWith('--')) ??
  process.env.LIGHTHOUSE_URL ??
  'http://127.0.0.1:3000'
).replace(/\/$/, '');
const url = sharedVideo ? `${origin}/v/${await shareToAudit(origin)}` : `${origin}/`;
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
// No background traffic: the machine is offline and stray requests would skew the network records.
const chromeFlags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const reportFile = process.env.LIGHTHOUSE_REPORT;
const webDist = join(import.meta.dirname, '..', '..', '..', 'apps', 'web', 'dist');

interface Audit {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  fcpMs: number;
  totalBlockingTimeMs: number;
  cumulativeLayoutShift: number;
  /** JavaScript bytes on the wire (the standalone server does not compress them yet) while loading the page, from Lighthouse's network records. */
  scriptTransferBytes: number;
}

function score(result: Result, category: string): number {
  return Math.round((result.categories[category]?.score ?? 0) * 100);
}

function milliseconds(result: Result, audit: string): number {
  return Math.round(result.audits[audit]?.numericValue ?? 0);
}

function scriptTransferBytes(result: Result): number {
  const details = result.audits['resource-summary']?.details;
  if (details?.type !== 'table') return 0;
  const script = details.items.find((item) => item.resourceType === 'script');
  return typeof script?.transferSize === 'number' ? script.transferSize : 0;
}

/** Trace recording now and then fails in headless Chromium (NO_NAVSTART); Lighthouse's advice is to run again. */
const ATTEMPTS = 3;

async function runLighthouse(target: string, port: number): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const runner = await lighthouse(target, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    });
    if (!runner) throw new Error(`Lighthouse returned nothing for ${target}`);
    const { lhr } = runner;
    if (!lhr.runtimeError) return lhr;
    if (attempt === ATTEMPTS) throw new Error(`${target}: ${lhr.runtimeError.message}`);
    console.error(`${target}: ${lhr.runtimeError.code}, running Lighthouse again`);
  }
}

async function audit(target: string, port: number, reportPath?: string): Promise<Audit> {
  const lhr = await runLighthouse(target, port);
  if (reportPath) writeFileSync(reportPath, JSON.stringify(lhr, null, 2));
  return {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    lcpMs: milliseconds(lhr, 'largest-contentful-paint'),
    fcpMs: milliseconds(lhr, 'first-contentful-paint'),
    totalBlockingTimeMs: milliseconds(lhr, 'total-blocking-time'),
    cumulativeLayoutShift:
      Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
    scriptTransferBytes: scriptTransferBytes(lhr),
  };
}

/** The page's visible text, one entry per line, as a reader would see it, and its LCP image on a phone. */
async function pageText(port: number): Promise<{ lines: string[]; image?: string }> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    // Lighthouse's mobile screen, so the image is the one a phone is sent.
    await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true });
    await page.goto(url, { waitUntil: 'networkidle0' });
    // A string expression: this file is compiled without the DOM library.
    const text = String(await page.evaluate('document.body.innerText'));
    const image = await page.evaluate(
      'document.querySelector("img[fetchpriority=high]")?.currentSrc || undefined',
    );
    await page.close();
    const lines = text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    return { lines, image: typeof image === 'string' ? image : undefined };
  } finally {
    await browser.disconnect();
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The baseline: the same words (and for a shared video its poster image) in plain HTML, no script. */
function baselineHtml(lines: string[], image?: string): string {
  const [title = 'Memoreel', ...rest] = lines;
  const picture = image
    ? `<img src="${escapeHtml(image)}" alt="" width="16" height="9" style="width:100%;height:auto;aspect-ratio:16/9;object-fit:cover" fetchpriority="high">`
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<meta name="description" content="Baseline page for the landing page audit">
<style>body{font:16px/1.6 system-ui,sans-serif;max-width:40rem;margin:0 auto;padding:1rem;color:#1a1a1a}</style>
</head><body><main>${picture}<h1>${escapeHtml(title)}</h1>
${rest.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
</main></body></html>`;
}

async function serve(html: string): Promise<{ server: Server; url: string }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** The entry chunk and everything it imports statically: what every first visit downloads. */
function initialJavaScript(): { gzipBytes: number; chunks: Record<string, number> } {
  const manifest = JSON.parse(readFileSync(join(webDist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('No entry chunk in the Vite manifest: build apps/web with build.manifest');
  const chunks: Record<string, number> = {};
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.file in chunks) return;
    chunks[chunk.file] = gzipSync(readFileSync(join(webDist, chunk.file)), { level: 9 }).length;
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  return { gzipBytes: Object.values(chunks).reduce((sum, bytes) => sum + bytes, 0), chunks };
}

const ratio = (app: number, baseline: number) =>
  baseline === 0 ? null : Math.round((app / baseline) * 100) / 100;

const chrome = await launch({ chromePath, chromeFlags });
try {
  const app = await audit(url, chrome.port, reportFile);
  const text = await pageText(chrome.port);
  const baselinePage = await serve(baselineHtml(text.lines, text.image));
  const baseline = await audit(baselinePage.url, chrome.port).finally(() => baselinePage.server.close());
  console.log(
    JSON.stringify(
      {
        url,
        app,
        baseline,
        ratio: {
          performance: ratio(app.performance, baseline.performance),
          lcp: ratio(app.lcpMs, baseline.lcpMs),
        },
        initialJs: initialJavaScript(),
      },
      null,
      2,
    ),
  );
} finally {
  chrome.kill();
}
