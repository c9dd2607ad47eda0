import { fileURLToPath } from 'node:url';
import {
  type Actor,
  applyPhotoEdit,
  completePhotoUploads,
  createProject,
  discardPhotoEdit,
  getPhotoEdit,
  getPhotoUrls,
  listPhotos,
  type PhotoEdit,
  photoEditChanged,
  photoReplaced,
  type RequestContract,
  requestPhotoUploads,
  setProjectTier,
  startPhotoEdit,
} from '@memoreel/contracts';
import { photoEditErrorCodes, photoEditMessages, photoMessages, type Tier } from '@memoreel/domain';
import { eventually, type MediaHarness, startMedia } from '@memoreel/media/testing';
import { ChildProcessEditing, type PhotoEditing, photoEditWorkerService } from '@memoreel/photo-edit-worker';
import { BusClient, createLogger, type RunningService, startService } from '@memoreel/platform';
import { actors } from '@memoreel/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';

const TS_LOADER = fileURLToPath(new URL('../../../tools/bench/register.mjs', import.meta.url));
/** The models are slow on a busy 2-core machine: one child process (models loaded once) for the file. */
const MODEL_MS = 600_000;

/** Counts the edits it runs; `killNext` ends the model process in the middle of the next one. */
class ObservedEditing implements PhotoEditing {
  readonly child = new ChildProcessEditing({
    backgroundModel: 'small',
    // The child runs the worker's TypeScript source, compiled on load like the benches.
    execArgv: ['--conditions=@memoreel/source', '--import', TS_LOADER],
  });
  runs = 0;
  killNext = false;

  async edit(...args: Parameters<PhotoEditing['edit']>) {
    this.runs += 1;
    if (this.killNext) {
      this.killNext = false;
      const running = this.child.edit(...args);
      // The child exists once the request is sent: end it as a crash would.
      setTimeout(() => process.kill(this.child.pid as number, 'SIGKILL'), 300);
      return running;
    }
    return this.child.edit(...args);
  }

  close() {
    return this.child.close();
  }
}

let media: MediaHarness;
let worker: RunningService | undefined;
const editing = new ObservedEditing();
const pushes: PhotoEdit[] = [];
beforeAll(async () => {
  media = await startMedia({ bus: 'nats', collaborators: ['projects'] });
  worker = await startService(photoEditWorkerService({ editing }), {
    name: 'photo-edit-worker',
    bus: media.bus,
    databaseUrl: '',
    logger: createLogger({ service: 'photo-edit-worker', level: 'warn' }),
    env: media.storageEnv,
  });
  new BusClient(media.bus).subscribeLive(photoEditChanged, (edit) => void pushes.push(edit));
}, 120_000);
afterAll(async () => {
  await worker?.close();
  await media?.close();
});

/**
 * A subject on a plain background: a shaded red ball on a light table-top, as a product photo. (A
 * flat drawn figure standing on the bottom edge reads to the model as part of the ground.)
 */
async function portrait(width = 200, height = 150): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><radialGradient id="shade" cx="40%" cy="35%" r="65%">
      <stop offset="0" stop-color="#ffb199"/><stop offset="1" stop-color="#b0301c"/>
    </radialGradient></defs>
    <rect width="100%" height="100%" fill="#f4f4f2"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="${height * 0.3}" fill="url(#shade)"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer();
}

/** Uploads one photo to a new project of `owner` (paid unless said) and waits for its thumbnails. */
async function photoOf(owner: Actor, tier: Tier = 'remember', size = { width: 200, height: 150 }) {
  const project = await call(createProject, owner, { name: 'Portraits' });
  if (tier !== 'free') await call(setProjectTier, actors.admin(), { id: project.id, tier });
  const bytes = await portrait(size.width, size.height);
  const plan = await call(requestPhotoUploads, owner, {
    projectId: project.id,
    files: [{ name: 'portrait.jpg', size: bytes.length, contentType: 'image/jpeg' }],
  });
  const slot = plan.slots[0]!;
  await fetch(slot.url, {
    method: 'PUT',
    headers: Object.fromEntries(slot.headers.map((h) => [h.name, h.value])),
    body: bytes,
  });
  const { results } = await call(completePhotoUploads, owner, {
    projectId: project.id,
    uploadIds: [slot.uploadId],
  });
  const photoId = results[0]?.photoId as string;
  const urls = await eventually(async () => {
    const found = (await call(getPhotoUrls, owner, { ids: [photoId] })).photos[0]?.urls;
    expect(found).toBeTruthy();
    return found!;
  }, 120_000);
  return { projectId: project.id, photoId, urls };
}

/** Requests as the gateway sends them, with room for a busy machine (the default 5 s is a browser's patience). */
const call = <C extends RequestContract>(contract: C, actor: Actor, data: z.input<C['request']>) =>
  new BusClient(media.bus).request(contract, actor, data, { timeoutMs: 60_000 });
const failure = (contract: RequestContract, actor: Actor, data: unknown) =>
  call(contract, actor, data as never).then(
    () => {
      throw new Error(`${contract.subject} should have been refused`);
    },
    (error: Error & { code: string }) => error,
  );

const settled = (owner: Actor, id: string) =>
  eventually(async () => {
    const edit = await call(getPhotoEdit, owner, { id });
    expect(['ready', 'failed']).toContain(edit.status);
    return edit;
  }, MODEL_MS);

async function download(url: string): Promise<Buffer> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

describe('background removal', () => {
  it(
    'makes a full-size PNG whose background corners are transparent; applying makes it the photo with new thumbnails and deletes the old objects',
    async () => {
      const owner = actors.user();
      const { projectId, photoId, urls } = await photoOf(owner, 'remember', { width: 400, height: 300 });
      const before = await media.keys(`${projectId}/`);

      const queued = await call(startPhotoEdit, owner, { photoId, kind: 'remove-background' });
      expect(queued).toMatchObject({ status: 'queued', progress: 0, resultUrl: null });
      const edit = await settled(owner, queued.id);
      expect(edit).toMatchObject({ status: 'ready', progress: 1, resultWidth: 400, resultHeight: 300 });

      const png = await download(edit.resultUrl as string);
      const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      expect(await sharp(png).metadata()).toMatchObject({
        format: 'png',
        width: 400,
        height: 300,
        hasAlpha: true,
      });
      const alphaAt = (x: number, y: number) => data[(y * info.width + x) * info.channels + 3] as number;
      for (const [x, y] of [
        [2, 2],
        [397, 2],
        [2, 297],
        [397, 297],
      ] as const)
        expect(alphaAt(x, y)).toBeLessThan(128);
      expect(alphaAt(200, 150)).toBeGreaterThan(200);
      // The dialog heard each step pushed: working, then ready.
      await eventually(async () => {
        const statuses = pushes.filter((p) => p.id === edit.id).map((p) => p.status);
        expect(statuses).toContain('working');
        expect(statuses.at(-1)).toBe('ready');
      }, 60_000);

      const applied = await call(applyPhotoEdit, owner, { id: edit.id });
      expect(applied).toEqual({
        photoId,
        projectId,
        storagePath: `${projectId}/${edit.id}.png`,
        width: 400,
        height: 300,
      });
      // Applying twice answers the same and changes nothing more.
      expect(await call(applyPhotoEdit, owner, { id: edit.id })).toEqual(applied);

      const after = (await call(getPhotoUrls, owner, { ids: [photoId] })).photos[0]?.urls;
      expect(after?.grid).not.toBe(urls.grid);
      const grid = await sharp(await download(after?.grid as string)).metadata();
      expect(grid).toMatchObject({ format: 'webp', hasAlpha: true });
      expect(await sharp(await download(after?.full as string)).metadata()).toMatchObject({ format: 'png' });
      expect((await media.events(photoReplaced)).map((e) => e.data)).toContainEqual({
        id: photoId,
        projectId,
        userId: owner.userId,
        storagePath: applied.storagePath,
        contentType: 'image/png',
        width: 400,
        height: 300,
      });
      // The photo is its new image at once; the old original, its thumbnails and derivative go, a new derivative is made.
      const [row] = (await call(listPhotos, owner, { projectId, ids: [photoId] })).photos;
      expect(row).toMatchObject({ storagePath: applied.storagePath, width: 400, height: 300 });
      const urlsNow = await eventually(async () => {
        const found = (await call(getPhotoUrls, owner, { ids: [photoId] })).photos[0]?.urls;
        expect(found?.video).toBeTruthy();
        return found!;
      }, 120_000);
      const keys = await media.keys(`${projectId}/`);
      for (const old of before) expect(keys).not.toContain(old);
      expect(keys).toContain(applied.storagePath);
      expect(keys.filter((k) => k.includes('/thumbs/'))).toHaveLength(3);
      expect(keys.filter((k) => k.includes('/video/') || k.endsWith('.jpg'))).toHaveLength(1);
      expect(urlsNow.full).toContain(applied.storagePath);
    },
    MODEL_MS,
  );

  it("is refused by the server on a free project (UPGRADE_REQUIRED), and for another user's photo", async () => {
    const owner = actors.user();
    const free = await photoOf(owner, 'free');
    // FREE has no AI editing: Enhance is refused as Remove Background is, and nothing is queued.
    for (const kind of ['remove-background', 'enhance'] as const) {
      const refused = await failure(startPhotoEdit, owner, { photoId: free.photoId, kind });
      expect(refused).toMatchObject({
        code: photoEditErrorCodes.upgradeRequired,
        message: photoEditMessages.upgradeRequired,
      });
    }
    expect(await media.db.photoEdit.count({ where: { projectId: free.projectId } })).toBe(0);

    const stranger = actors.user();
    for (const kind of ['remove-background', 'enhance'] as const) {
      const notTheirs = await failure(startPhotoEdit, stranger, { photoId: free.photoId, kind });
      expect(notTheirs).toMatchObject({ code: 'NOT_FOUND', message: photoMessages.photoNotFound });
    }
    expect(await media.keys(`${free.projectId}/`)).not.toContainEqual(expect.stringMatching(/\.png$/));
  });
});

describe('enhancement', () => {
  it(
    'makes a PNG twice the size; a second request while it runs is refused; Keep Original deletes the result',
    async () => {
      const owner = actors.user();
      const { projectId, photoId } = await photoOf(owner, 'remember');
      const queued = await call(startPhotoEdit, owner, { photoId, kind: 'enhance' });
      const second = await failure(startPhotoEdit, owner, { photoId, kind: 'enhance' });
      expect(second.code).toBe(photoEditErrorCodes.inProgress);

      const edit = await settled(owner, queued.id);
      expect(edit).toMatchObject({ status: 'ready', resultWidth: 400, resultHeight: 300 });
      expect(await sharp(await download(edit.resultUrl as string)).metadata()).toMatchObject({
        format: 'png',
        width: 400,
        height: 300,
      });
      const withResult = await media.keys(`${projectId}/`);
      expect(withResult).toContain(`${projectId}/${edit.id}.png`);

      expect(await call(discardPhotoEdit, owner, { id: edit.id })).toEqual({ discarded: true });
      const left = await media.keys(`${projectId}/`);
      expect(left).not.toContain(`${projectId}/${edit.id}.png`);
      // Only the original and its own three thumbnails and derivative remain.
      expect(left.filter((k) => k.includes('/thumbs/'))).toHaveLength(3);
      expect((await call(getPhotoEdit, owner, { id: edit.id })).status).toBe('discarded');
    },
    MODEL_MS,
  );

  it(
    'whose model process is killed mid-job is delivered again and completes once',
    async () => {
      const owner = actors.user();
      const { projectId, photoId } = await photoOf(owner, 'remember');
      const runsBefore = editing.runs;
      editing.killNext = true;
      const queued = await call(startPhotoEdit, owner, { photoId, kind: 'enhance' });
      const edit = await settled(owner, queued.id);
      expect(edit).toMatchObject({ status: 'ready', resultWidth: 400, resultHeight: 300 });
      expect(editing.runs - runsBefore).toBe(2);
      const keys = await media.keys(`${projectId}/`);
      expect(keys.filter((k) => k.endsWith('.png'))).toEqual([`${projectId}/${edit.id}.png`]);
      // One result: its three thumbnails beside the original's three.
      expect(keys.filter((k) => k.includes('/thumbs/'))).toHaveLength(6);
      const readyPushes = pushes.filter((p) => p.id === edit.id && p.status === 'ready');
      expect(readyPushes).toHaveLength(1);
    },
    MODEL_MS,
  );

  it(
    "differs by plan (decision 0028): Remember's basic result is held to 2048 px, Cherish's best is twice the photo",
    async () => {
      const owner = actors.user();
      // 1600×1200 is past every level's upscaler budget: Lanczos, quick even on a busy machine.
      const size = { width: 1600, height: 1200 };
      const basic = await photoOf(owner, 'remember', size);
      const best = await photoOf(owner, 'cherish', size);
      const basicEdit = await call(startPhotoEdit, owner, { photoId: basic.photoId, kind: 'enhance' });
      const bestEdit = await call(startPhotoEdit, owner, { photoId: best.photoId, kind: 'enhance' });
      const levels = await media.db.photoEdit.findMany({
        where: { id: { in: [basicEdit.id, bestEdit.id] } },
        select: { id: true, level: true },
      });
      expect(Object.fromEntries(levels.map((row) => [row.id, row.level]))).toEqual({
        [basicEdit.id]: 'basic',
        [bestEdit.id]: 'best',
      });
      expect(await settled(owner, basicEdit.id)).toMatchObject({
        status: 'ready',
        resultWidth: 2048,
        resultHeight: 1536,
      });
      expect(await settled(owner, bestEdit.id)).toMatchObject({
        status: 'ready',
        resultWidth: 3200,
        resultHeight: 2400,
      });
    },
    MODEL_MS,
  );
});
