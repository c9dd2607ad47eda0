/**
 * Faces and the subject (issue 35): how long media's search takes for a 12 MP photo — the decode at
 * 640 px and face-api's SSD MobileNet v1 on tfjs WASM in its worker thread (smartcrop where there is
 * no face) — against the baseline of the image job the photo already gets (its decode at 1920 px
 * and three WebP thumbnails), both in the same run on the same photos. The six face-api sample
 * photos are enlarged to 12 MP (4240 × 2832, as a phone's); a generated photo without a face stands
 * for the subject path. Prints one JSON object (medians over ROUNDS; the first search, which starts
 * the worker and loads the model, apart). Aim: ≤ 1 s a 12 MP photo.
 *
 *   npm run --workspace tools/bench subjects   (ROUNDS=3 by default)
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { FACES_EDGE, findPhotoSubjects } from '../../../apps/media/src/photos/subjects/photo-subjects.js';
import { SubjectFinder } from '../../../apps/media/src/photos/subjects/subject-finder.js';
import { decodeUpright, thumbnailsOf } from '../../../apps/media/src/photos/thumbnails.js';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const [WIDTH, HEIGHT] = [4240, 2832];
const require = createRequire(join(process.cwd(), '../../apps/media/package.json'));
const samples = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');

async function twelveMegapixels(image: Buffer): Promise<Buffer> {
  return sharp(image).resize(WIDTH, HEIGHT, { fit: 'cover' }).jpeg({ quality: 90 }).toBuffer();
}

async function withoutFaces(): Promise<Buffer> {
  const sky = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
      <rect width="100%" height="100%" fill="#8fb3d9"/>
      <circle cx="3000" cy="900" r="420" fill="#e07b39"/>
      <rect x="0" y="2200" width="${WIDTH}" height="632" fill="#4a6b3a"/>
    </svg>`,
  );
  return sharp(sky).jpeg({ quality: 90 }).toBuffer();
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const round = (ms: number) => Math.round(ms);

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

const photos: { name: string; bytes: Buffer }[] = [];
for (let i = 1; i <= 6; i++) {
  photos.push({
    name: `sample${i}`,
    bytes: await twelveMegapixels(await readFile(join(samples, `sample${i}.jpg`))),
  });
}
photos.push({ name: 'no-face', bytes: await withoutFaces() });

const finder = new SubjectFinder();
const upright = { width: WIDTH, height: HEIGHT };
const first = await timed(async () =>
  findPhotoSubjects(finder, await decodeUpright(photos[0]!.bytes, FACES_EDGE), upright),
);
const rows = [];
for (const photo of photos) {
  const search: number[] = [];
  const baseline: number[] = [];
  let found: Awaited<ReturnType<typeof findPhotoSubjects>> | undefined;
  for (let r = 0; r < ROUNDS; r++) {
    const searched = await timed(async () =>
      findPhotoSubjects(finder, await decodeUpright(photo.bytes, FACES_EDGE), upright),
    );
    search.push(searched.ms);
    found = searched.value;
    baseline.push((await timed(async () => thumbnailsOf(await decodeUpright(photo.bytes, 1920)))).ms);
  }
  rows.push({
    photo: photo.name,
    kind: found?.kind,
    boxes: found?.boxes.length,
    searchMs: round(median(search)),
    imageJobMs: round(median(baseline)),
    ratio: Math.round((median(search) / median(baseline)) * 100) / 100,
  });
}
await finder.close();
const searchMedian = median(rows.map((row) => row.searchMs));
console.log(
  JSON.stringify(
    {
      bench: 'subjects',
      photo: `${WIDTH}x${HEIGHT} JPEG`,
      rounds: ROUNDS,
      cpus: cpus().length,
      loadAverage: loadavg().map((value) => Math.round(value * 100) / 100),
      firstSearchMs: round(first.ms),
      medianSearchMs: searchMedian,
      medianRatioToImageJob: median(rows.map((row) => row.ratio)),
      aimMs: 1000,
      photos: rows,
    },
    null,
    2,
  ),
);
