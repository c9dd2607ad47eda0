/**
 * The shared video's link preview (/og/{id}.jpg): how long the gateway takes to make one from the
 * first photo's 1920-px video derivative (what it fetches) and how heavy it is, as the JPEG it now sends against the PNG it sent before
 * (the baseline: the same pixels, sharp's PNG at compression level 8), both in the same run.
 * Prints one JSON object (medians of ROUNDS, the machine's load average beside them).
 *
 *   npm run --workspace tools/bench og-image   (ROUNDS=7 by default)
 */
import { loadavg } from 'node:os';
import sharp from 'sharp';
import { composeShareImage, renderShareImage } from '../../../apps/gateway/src/sharing/og-image.js';

const ROUNDS = Number(process.env.ROUNDS ?? 7);
const WIDTH = 1920;
const HEIGHT = 1280;
const TITLE = 'Grandma Rose at 90 — a life in pictures';

/** A 1920×1280 camera-like JPEG: colour fields with grain, which compresses like a photo. */
async function photo(): Promise<Buffer> {
  const grain = await sharp({
    create: {
      width: WIDTH,
      height: HEIGHT,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .blur(1.5)
    .png()
    .toBuffer();
  const fields = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="#d9b38c"/><stop offset="1" stop-color="#3d5a73"/>
      </linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#g)"/>
      <circle cx="860" cy="600" r="380" fill="#a0522d" fill-opacity="0.6"/>
    </svg>`,
  );
  return sharp(fields)
    .composite([{ input: grain, blend: 'soft-light' }])
    .jpeg({ quality: 88 })
    .toBuffer();
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

async function measure(make: () => Promise<Buffer>): Promise<{ ms: number; bytes: number }> {
  const times: number[] = [];
  let bytes = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    bytes = (await make()).length;
    times.push(performance.now() - started);
  }
  return { ms: Math.round(median(times)), bytes };
}

const source = await photo();
// Warm up: the font file is unpacked once per process.
await renderShareImage(TITLE, source);
const loadBefore = loadavg()[0];
const jpeg = await measure(() => renderShareImage(TITLE, source));
const png = await measure(async () =>
  (await composeShareImage(TITLE, source)).png({ compressionLevel: 8 }).toBuffer(),
);
console.log(
  JSON.stringify(
    {
      photo: { width: WIDTH, height: HEIGHT, bytes: source.length },
      rounds: ROUNDS,
      jpeg,
      baselinePng: png,
      ratio: {
        bytes: Math.round((jpeg.bytes / png.bytes) * 1000) / 1000,
        ms: Math.round((jpeg.ms / png.ms) * 100) / 100,
      },
      loadAverage: [loadBefore, loadavg()[0]].map((load) => Math.round((load ?? 0) * 10) / 10),
    },
    null,
    2,
  ),
);
