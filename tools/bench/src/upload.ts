/**
 * Upload benchmark (issue 17): 50 photo-like 5 MB JPEGs end to end as the SPA sends them — one
 * request for upload slots, then batches of PHOTO_UPLOAD_BATCH_SIZE (PUT each of the batch at once,
 * then complete the batch) — until every photo's thumbnails are ready (and then every filtered video
 * derivative), against raw presigned PUTs of the same files to the same storage, same concurrency, in
 * the same run. The real media and projects services run in-process on a fresh database and the
 * in-process bus; objects go to s3rver on loopback through the S3 adapter. Raw PUTs run before and
 * after ours (the machine is shared) and are averaged. Prints one JSON object; `ratio` is raw time ÷
 * ours for the uploads (issue 17 aims for ≥ 0.7).
 *
 *   npm run upload -w @memoreel/bench
 */
import { performance } from 'node:perf_hooks';
import {
  type Actor,
  completePhotoUploads,
  createProject,
  getPhotoUrls,
  requestPhotoUploads,
} from '@memoreel/contracts';
import { inUploadBatches, MAX_PHOTO_BYTES, PHOTO_UPLOAD_BATCH_SIZE } from '@memoreel/domain';
import { mediaService } from '@memoreel/media';
import * as platform from '@memoreel/platform';
import { projectsService } from '@memoreel/projects';
import { actors, startS3Server, startServiceHarness } from '@memoreel/testing';
import sharp from 'sharp';

const PHOTOS = 50;
const PHOTO_BYTES = 5 * 1024 * 1024;
const BUCKET = 'photos';
const WIDTH = 3000;
const HEIGHT = 2000;
/** How often the thumbnails' readiness is asked, as the SPA refetches. */
const POLL_MS = 100;
const THUMBNAILS_TIMEOUT_MS = 10 * 60_000;

const ms = (from: number) => Math.round(performance.now() - from);

/**
 * Photo-like JPEGs of about 5 MB: a smooth gradient (a scene) plus per-pixel noise (sensor grain) so
 * they do not compress away; each photo is a different window of one noise field, so none repeat.
 */
async function photoLikeJpegs(count: number): Promise<Buffer[]> {
  const fieldWidth = WIDTH + count * 7;
  const field = Buffer.alloc(fieldWidth * HEIGHT * 3);
  let seed = 0x2f6b1c9d;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < fieldWidth; x++) {
      const at = (y * fieldWidth + x) * 3;
      for (let channel = 0; channel < 3; channel++) {
        seed = (seed * 1_103_515_245 + 12_345) >>> 0;
        const scene = (x / fieldWidth) * 120 + (y / HEIGHT) * 80 + channel * 30;
        field[at + channel] = Math.max(0, Math.min(255, Math.round(scene + ((seed >>> 16) % 64) - 32)));
      }
    }
  }
  const encode = (left: number, quality: number) =>
    sharp(field, { raw: { width: fieldWidth, height: HEIGHT, channels: 3 } })
      .extract({ left, top: 0, width: WIDTH, height: HEIGHT })
      .jpeg({ quality, chromaSubsampling: '4:4:4' })
      .toBuffer();
  // The quality whose size comes closest to 5 MB for this noise.
  let quality = 90;
  for (const candidate of [80, 85, 88, 90, 92, 94, 96]) {
    quality = candidate;
    if ((await encode(0, candidate)).length >= PHOTO_BYTES * 0.97) break;
  }
  const photos: Buffer[] = [];
  for (let index = 0; index < count; index++) photos.push(await encode(index * 7, quality));
  return photos;
}

async function put(url: string, headers: Record<string, string>, body: Buffer): Promise<void> {
  const response = await fetch(url, { method: 'PUT', headers, body });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`PUT answered ${response.status}`);
}

/** Raw presigned PUTs of the same files to the same bucket, in the same batches. */
async function rawPuts(storage: platform.Storage, photos: Buffer[], run: string): Promise<number> {
  const urls = await Promise.all(
    photos.map((_, index) =>
      storage.presignPut(BUCKET, `bench-raw/${run}/${index}.jpg`, {
        expiresInSeconds: 900,
        contentType: 'image/jpeg',
        maxBytes: MAX_PHOTO_BYTES,
      }),
    ),
  );
  const started = performance.now();
  for (const batch of inUploadBatches(
    photos.map((photo, index) => ({ photo, url: urls[index] as string })),
  )) {
    await Promise.all(batch.map(({ photo, url }) => put(url, { 'Content-Type': 'image/jpeg' }, photo)));
  }
  const elapsed = ms(started);
  await storage.deletePrefix(BUCKET, `bench-raw/${run}/`);
  return elapsed;
}

/** Ours, as the SPA does it: slots, then per batch PUT ×3 and complete; then until every thumbnail is ready. */
async function ours(client: platform.BusClient, owner: Actor, photos: Buffer[]) {
  const project = await client.request(createProject, owner, { name: 'Upload bench' });
  const started = performance.now();
  const plan = await client.request(requestPhotoUploads, owner, {
    projectId: project.id,
    files: photos.map((photo, index) => ({
      name: `IMG_${String(index).padStart(4, '0')}.jpg`,
      size: photo.length,
      contentType: 'image/jpeg',
    })),
  });
  if (plan.slots.length !== photos.length) throw new Error(`only ${plan.slots.length} slots`);
  const ids: string[] = [];
  let completeMs = 0;
  for (const batch of inUploadBatches(plan.slots)) {
    await Promise.all(
      batch.map((slot) =>
        put(
          slot.url,
          Object.fromEntries(slot.headers.map((header) => [header.name, header.value])),
          photos[slot.fileIndex] as Buffer,
        ),
      ),
    );
    const completing = performance.now();
    // The gateway's allowance for verifying a batch (photos.resolver.ts): the default 5 s is too short under load.
    const { results } = await client.request(
      completePhotoUploads,
      owner,
      { projectId: project.id, uploadIds: batch.map((slot) => slot.uploadId) },
      { timeoutMs: 30_000 + batch.length * 10_000 },
    );
    completeMs += performance.now() - completing;
    for (const result of results) {
      if (!result.photoId) throw new Error(`refused: ${result.error}`);
      ids.push(result.photoId);
    }
  }
  const uploadedMs = ms(started);
  const deadline = Date.now() + THUMBNAILS_TIMEOUT_MS;
  let thumbnailsReadyMs: number | null = null;
  for (;;) {
    const { photos: signed } = await client.request(getPhotoUrls, owner, { ids });
    const all = signed.length === ids.length;
    if (thumbnailsReadyMs === null && all && signed.every((photo) => photo.urls !== null)) {
      thumbnailsReadyMs = ms(started);
    }
    // The filtered 1920-px derivatives the video draws come from a job of their own.
    if (all && signed.every((photo) => photo.urls?.video)) break;
    if (Date.now() > deadline) throw new Error('thumbnails and video derivatives were not all made in time');
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return {
    uploadedMs,
    completeMs: Math.round(completeMs),
    thumbnailsReadyMs: thumbnailsReadyMs as number,
    videoDerivativesReadyMs: ms(started),
  };
}

async function main() {
  const generating = performance.now();
  const photos = await photoLikeJpegs(PHOTOS);
  const generateMs = ms(generating);
  const s3 = await startS3Server();
  const s3Env = {
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: `http://${s3.endPoint}:${s3.port}`,
    S3_ACCESS_KEY: s3.accessKey,
    S3_SECRET_KEY: s3.secretKey,
    S3_REGION: s3.region,
  };
  const harness = await startServiceHarness(platform, mediaService, {
    services: [projectsService],
    env: { media: s3Env },
    // Nothing here reads media's tables directly.
    database: () => ({ outboxEvent: { findMany: async () => [] }, $disconnect: async () => {} }),
  });
  const client = new platform.BusClient(harness.bus);
  const storage = new platform.S3Storage({
    endPoint: s3.endPoint,
    port: s3.port,
    useSSL: false,
    accessKey: s3.accessKey,
    secretKey: s3.secretKey,
    region: s3.region,
  });
  try {
    // Warm both paths (connections, sharp's first decode) on a few files outside the measurement.
    await rawPuts(storage, photos.slice(0, 3), 'warmup');
    await ours(client, actors.user(), photos.slice(0, 3));

    const rawBefore = await rawPuts(storage, photos, 'before');
    const measured = await ours(client, actors.user(), photos);
    const rawAfter = await rawPuts(storage, photos, 'after');
    const rawMs = Math.round((rawBefore + rawAfter) / 2);
    const megabytes = photos.reduce((sum, photo) => sum + photo.length, 0) / 1e6;
    console.log(
      JSON.stringify(
        {
          photos: PHOTOS,
          photoMegabytes: Number((megabytes / PHOTOS).toFixed(2)),
          pixels: `${WIDTH}x${HEIGHT}`,
          concurrency: PHOTO_UPLOAD_BATCH_SIZE,
          storage: 's3rver on loopback (S3 adapter)',
          generateMs,
          raw: {
            ms: rawMs,
            runsMs: [rawBefore, rawAfter],
            megabytesPerSecond: Number((megabytes / (rawMs / 1000)).toFixed(1)),
          },
          ours: {
            // Slots requested, every file PUT and completed (verified, stored, row added).
            ms: measured.uploadedMs,
            completeMs: measured.completeMs,
            megabytesPerSecond: Number((megabytes / (measured.uploadedMs / 1000)).toFixed(1)),
          },
          ratio: Number((rawMs / measured.uploadedMs).toFixed(2)),
          thumbnailsReadyMs: measured.thumbnailsReadyMs,
          videoDerivativesReadyMs: measured.videoDerivativesReadyMs,
        },
        null,
        2,
      ),
    );
  } finally {
    await harness.close();
    await s3.stop();
  }
}

await main();
