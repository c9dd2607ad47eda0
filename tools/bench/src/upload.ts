/**
 * Upload benchmark (issue 17): 50 photo-like 5 MB JPEGs end to end through the SPA's own upload code
 * (`uploadPhotos` of apps/web, the function step 1 runs: one request for upload slots, PUTs three at
 * a time, each batch completed while the next one goes up) until every photo's thumbnails are ready
 * (and then every filtered video derivative), against raw presigned PUTs of the same files to the same
 * storage, three at a time, in the same run. The real media and projects services run in-process on a
 * fresh database and the in-process bus (the gateway's GraphQL hop is left out); objects go to s3rver on
 * loopback through the S3 adapter, s3rver in a process of its own as a storage server is (in this one
 * it would share one JavaScript thread with the services and the uploading client). Two uplinks: loopback (unlimited: the server's own costs show in
 * full) and a household uplink (UPLINK_MBPS, default 100 Mbit/s, shared by the PUTs in flight, as a
 * browser's are). Raw PUTs run before and after ours (the machine is shared) and are averaged. Prints
 * one JSON object; each uplink's `ratio` is raw time ÷ ours for the uploads (issue 17 aims for ≥ 0.7).
 *
 *   npm run upload -w @memoreel/bench            (UPLINKS=loopback or UPLINKS=throttled for one)
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
import { actors, type S3Server, startServiceHarness } from '@memoreel/testing';
import sharp from 'sharp';
import { type UploadTransport, uploadPhotos } from '../../../apps/web/src/features/photos/upload-photos.js';

const PHOTOS = 50;
const PHOTO_BYTES = 5 * 1024 * 1024;
const BUCKET = 'photos';
const WIDTH = 3000;
const HEIGHT = 2000;
/** How often the thumbnails' readiness is asked, as the SPA refetches. */
const POLL_MS = 100;
const THUMBNAILS_TIMEOUT_MS = 10 * 60_000;
/** Replies on a shared, busy machine can take longer than the bus's default 5 s. */
const BUS_TIMEOUT_MS = 60_000;

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

/**
 * An uplink every PUT in flight shares, as a browser's uploads share the household's: bytes leave at
 * `bytesPerSecond` in all (null: as fast as loopback takes them).
 */
class Uplink {
  private freeAt = 0;
  constructor(readonly bytesPerSecond: number | null) {}

  /** Resolves when `bytes` more may be sent. */
  async send(bytes: number): Promise<void> {
    if (this.bytesPerSecond === null) return;
    const now = performance.now();
    this.freeAt = Math.max(this.freeAt, now) + (bytes / this.bytesPerSecond) * 1000;
    const wait = this.freeAt - now;
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

const CHUNK_BYTES = 64 * 1024;
// A fresh connection per PUT: s3rver closes idle ones after 5 s, and Node (unlike a browser) does not retry.
const agent = new Agent({ keepAlive: false });

/** One PUT, its body sent in chunks through the uplink; `onProgress` gets 0–1 as a browser reports it. */
function put(
  uplink: Uplink,
  url: string,
  headers: Record<string, string>,
  body: Uint8Array,
  onProgress: (fraction: number) => void = () => {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      { method: 'PUT', agent, headers: { ...headers, 'Content-Length': String(body.length) } },
      (response) => {
        response.resume();
        response.on('end', () =>
          response.statusCode && response.statusCode < 300
            ? resolve()
            : reject(new Error(`PUT answered ${response.statusCode}`)),
        );
      },
    );
    request.on('error', reject);
    void (async () => {
      for (let at = 0; at < body.length; at += CHUNK_BYTES) {
        const chunk = body.subarray(at, at + CHUNK_BYTES);
        await uplink.send(chunk.length);
        if (!request.write(chunk)) await new Promise((drained) => request.once('drain', drained));
        onProgress(Math.min(1, (at + chunk.length) / body.length));
      }
      request.end();
    })().catch(reject);
  });
}

/** Raw presigned PUTs of the same files to the same bucket, three at a time. */
async function rawPuts(storage: platform.Storage, uplink: Uplink, photos: Buffer[], run: string) {
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
    await Promise.all(
      batch.map(({ photo, url }) => put(uplink, url, { 'Content-Type': 'image/jpeg' }, photo)),
    );
  }
  const elapsed = ms(started);
  await storage.deletePrefix(BUCKET, `bench-raw/${run}/`);
  return elapsed;
}

/** The SPA's transport with the bus in place of GraphQL and Node's HTTP in place of XMLHttpRequest. */
function busTransport(
  client: platform.BusClient,
  owner: Actor,
  uplink: Uplink,
  timing: { completeMs: number },
  /** Each File's bytes as they are: a browser sends a File from disk, copying nothing into the page. */
  bytesOf: Map<File, Buffer>,
) {
  const transport: UploadTransport = {
    request: (projectId, files) =>
      client.request(requestPhotoUploads, owner, { projectId, files }, { timeoutMs: BUS_TIMEOUT_MS }),
    put: async (slot, file, onProgress) =>
      put(
        uplink,
        slot.url,
        Object.fromEntries(slot.headers.map(({ name, value }) => [name, value])),
        bytesOf.get(file as File) ?? new Uint8Array(await file.arrayBuffer()),
        onProgress,
      ),
    complete: async (projectId, uploadIds) => {
      const completing = performance.now();
      // The gateway's allowance for verifying a batch (photos.resolver.ts).
      const { results } = await client.request(
        completePhotoUploads,
        owner,
        { projectId, uploadIds },
        { timeoutMs: 30_000 + uploadIds.length * 10_000 },
      );
      timing.completeMs += performance.now() - completing;
      // The SPA reads only whether a photo came back.
      return results.map(({ uploadId, photoId, error }) => ({
        uploadId,
        error,
        photo: photoId ? ({ id: photoId } as never) : null,
      }));
    },
  };
  return transport;
}

/** Ours, through the SPA's upload code; then until every thumbnail (and video derivative) is ready. */
async function ours(client: platform.BusClient, uplink: Uplink, photos: Buffer[]) {
  const owner = actors.user();
  const project = await client.request(
    createProject,
    owner,
    { name: 'Upload bench' },
    { timeoutMs: BUS_TIMEOUT_MS },
  );
  const files = photos.map(
    (photo, index) => new File([photo], `IMG_${String(index).padStart(4, '0')}.jpg`, { type: 'image/jpeg' }),
  );
  const timing = { completeMs: 0 };
  const started = performance.now();
  const summary = await uploadPhotos(
    project.id,
    files,
    busTransport(
      client,
      owner,
      uplink,
      timing,
      new Map(files.map((file, index) => [file, photos[index] as Buffer])),
    ),
    () => {},
  );
  const uploadedMs = ms(started);
  if (summary.uploaded.length !== photos.length) {
    throw new Error(`only ${summary.uploaded.length} stored: ${JSON.stringify(summary.failed.slice(0, 3))}`);
  }
  const ids = summary.uploaded.map((photo) => photo.id);
  const deadline = Date.now() + THUMBNAILS_TIMEOUT_MS;
  let thumbnailsReadyMs: number | null = null;
  for (;;) {
    const { photos: signed } = await client.request(
      getPhotoUrls,
      owner,
      { ids },
      { timeoutMs: BUS_TIMEOUT_MS },
    );
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
    completeMs: Math.round(timing.completeMs),
    thumbnailsReadyMs: thumbnailsReadyMs as number,
    videoDerivativesReadyMs: ms(started),
  };
}

/** Raw before, ours, raw after, on one uplink. */
async function measure(
  client: platform.BusClient,
  storage: platform.Storage,
  uplink: Uplink,
  photos: Buffer[],
  name: string,
) {
  const rawBefore = await rawPuts(storage, uplink, photos, `${name}-before`);
  const measured = await ours(client, uplink, photos);
  const rawAfter = await rawPuts(storage, uplink, photos, `${name}-after`);
  const rawMs = Math.round((rawBefore + rawAfter) / 2);
  const megabytes = photos.reduce((sum, photo) => sum + photo.length, 0) / 1e6;
  return {
    uplinkMbps: uplink.bytesPerSecond === null ? null : (uplink.bytesPerSecond * 8) / 1e6,
    raw: {
      ms: rawMs,
      runsMs: [rawBefore, rawAfter],
      megabytesPerSecond: Number((megabytes / (rawMs / 1000)).toFixed(1)),
    },
    ours: {
      // Slots requested, every file PUT and completed (verified, stored, row added), as the SPA waits for.
      ms: measured.uploadedMs,
      // Time spent waiting on complete calls (they overlap the next batch's PUTs).
      completeMs: measured.completeMs,
      megabytesPerSecond: Number((megabytes / (measured.uploadedMs / 1000)).toFixed(1)),
    },
    ratio: Number((rawMs / measured.uploadedMs).toFixed(2)),
    thumbnailsReadyMs: measured.thumbnailsReadyMs,
    videoDerivativesReadyMs: measured.videoDerivativesReadyMs,
  };
}

/** The photos, made once and kept in the temp folder: making them takes minutes on a busy machine. */
async function benchPhotos(): Promise<Buffer[]> {
  const folder = join(tmpdir(), `memoreel-bench-upload-${PHOTOS}x${WIDTH}x${HEIGHT}-${PHOTO_BYTES}`);
  const paths = Array.from({ length: PHOTOS }, (_, index) => join(folder, `${index}.jpg`));
  try {
    return await Promise.all(paths.map((path) => readFile(path)));
  } catch {
    const photos = await photoLikeJpegs(PHOTOS);
    await mkdir(folder, { recursive: true });
    await Promise.all(photos.map((photo, index) => writeFile(paths[index] as string, photo)));
    return photos;
  }
}

/** s3rver started in a child process (`s3-server-process.ts`), stopped by closing its stdin. */
async function startS3Process(): Promise<S3Server> {
  const child = spawn(
    process.execPath,
    [...process.execArgv, join(import.meta.dirname, 's3-server-process.ts')],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const [line] = (await once(child.stdout, 'data')) as [Buffer];
  const address = JSON.parse(line.toString()) as Omit<S3Server, 'stop'>;
  return {
    ...address,
    async stop() {
      child.stdin.end();
      await once(child, 'exit');
    },
  };
}

async function main() {
  const generating = performance.now();
  const photos = await benchPhotos();
  const generateMs = ms(generating);
  const s3 = await startS3Process();
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
  const uplinkMbps = Number(process.env.UPLINK_MBPS ?? 100);
  const uplinks = (process.env.UPLINKS ?? 'loopback,throttled').split(',');
  try {
    // Warm both paths (connections, sharp's first decode) on a few files outside the measurement.
    await rawPuts(storage, new Uplink(null), photos.slice(0, 3), 'warmup');
    await ours(client, new Uplink(null), photos.slice(0, 3));

    const runs: Record<string, unknown> = {};
    if (uplinks.includes('loopback'))
      runs.loopback = await measure(client, storage, new Uplink(null), photos, 'loopback');
    if (uplinks.includes('throttled')) {
      runs.throttled = await measure(
        client,
        storage,
        new Uplink((uplinkMbps * 1e6) / 8),
        photos,
        'throttled',
      );
    }
    console.log(
      JSON.stringify(
        {
          photos: PHOTOS,
          photoMegabytes: Number(
            (photos.reduce((sum, photo) => sum + photo.length, 0) / 1e6 / PHOTOS).toFixed(2),
          ),
          pixels: `${WIDTH}x${HEIGHT}`,
          concurrency: PHOTO_UPLOAD_BATCH_SIZE,
          storage: 's3rver on loopback in its own process (S3 adapter)',
          client: "apps/web uploadPhotos (the SPA's upload code) over the bus",
          generateMs,
          ...runs,
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
