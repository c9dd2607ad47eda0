import { randomUUID } from 'node:crypto';
import {
  type ChunkJobSchema,
  chunkRendered,
  chunkStarted,
  type DataOf,
  getChunkPhotos,
  getRenderProgress,
  listRenders,
  mixAudio,
  RENDER_DOWNLOAD_URL_SECONDS,
  RENDERS_BUCKET,
  type RenderProgress,
  renderChunk,
  renderChunkKey,
  renderErrorCodes,
  renderMessages,
  renderProgressChanged,
  SYSTEM,
  startRender,
} from '@memoreel/contracts';
import { videoLengthMessages } from '@memoreel/domain';
import { BusClient } from '@memoreel/platform';
import { actors, eventually } from '@memoreel/testing';
import { startedForTests } from '@memoreel/testing/hooks';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { photoUrl, renderSteps, startRenders } from '../../test/renders-harness.js';
import { downloadName } from './render-progress.js';

const h = startedForTests('renders', () => startRenders());

const { report, finish, projectWithPhotos } = renderSteps(h);

describe('start-render refuses', () => {
  it('a free project, with the upgrade prompt', async () => {
    const { owner, project } = projectWithPhotos(actors.user(), 2, 'free');
    const error = await h.failure(startRender, owner, { projectId: project.id });
    expect(error.code).toBe(renderErrorCodes.upgradeRequired);
    expect(error.message).toBe(renderMessages.upgradeRequired);
  });

  it("a video longer than the plan's minutes, with how long it is and what the plan allows", async () => {
    // Remember allows 10 minutes: 61 photos of 10 s are 10:10.
    const { owner, project } = projectWithPhotos(actors.user(), 61, 'remember', 10);
    const error = await h.failure(startRender, owner, { projectId: project.id });
    expect(error.code).toBe(renderErrorCodes.videoTooLong);
    expect(error.message).toBe(videoLengthMessages.tooLong('remember', 610));
    expect(error.message).toContain('the Remember plan allows up to 10 minutes');
    expect(error.details).toEqual({ seconds: 610, limitSeconds: 600 });
    expect(await h.db.renderedVideo.count({ where: { projectId: project.id } })).toBe(0);

    // The same photos fit Honor's 20 minutes; and exactly 10 minutes fits Remember (60 chunks to
    // plan: room for a busy machine).
    const slowStart = (owner: ReturnType<typeof actors.user>, projectId: string) =>
      new BusClient(h.bus).request(startRender, owner, { projectId }, { timeoutMs: 60_000 });
    const honor = projectWithPhotos(actors.user(), 61, 'honor', 10);
    expect((await slowStart(honor.owner, honor.project.id)).reused).toBe(false);
    const exact = projectWithPhotos(actors.user(), 60, 'remember', 10);
    expect((await slowStart(exact.owner, exact.project.id)).reused).toBe(false);
  }, 180_000);

  it("another user's project, an admin's included: answered as a missing one", async () => {
    const { project } = projectWithPhotos();
    for (const [intruder, projectId] of [
      [actors.user(), project.id],
      [actors.admin(), project.id],
      [actors.user(), randomUUID()],
    ] as const) {
      const error = await h.failure(startRender, intruder, { projectId });
      expect({ code: error.code, message: error.message }).toEqual({
        code: 'NOT_FOUND',
        message: 'Project not found',
      });
    }
  });

  it('a project without photos: Missing required data', async () => {
    const { owner, project } = projectWithPhotos(actors.user(), 0);
    expect((await h.failure(startRender, owner, { projectId: project.id })).message).toBe(
      'Missing required data',
    );
    expect(await h.db.renderedVideo.count({ where: { projectId: project.id } })).toBe(0);
  });
});

describe('the chunk jobs of a render', () => {
  it('carry the photo URLs media signed for the plan, fresh for 45 of their 60 minutes, so a worker asks nothing', async () => {
    const { owner, project } = projectWithPhotos();
    const before = Date.now();
    const { renderId } = await h.request(startRender, owner, { projectId: project.id });
    const jobs = (await h.db.outboxEvent.findMany({ where: { type: renderChunk.subject } }))
      .map((row) => (row.payload as { data: z.output<typeof ChunkJobSchema> }).data)
      .filter((job) => job.renderId === renderId);
    expect(jobs.length).toBeGreaterThan(0);
    for (const job of jobs) {
      const freshFor = Date.parse(job.urlsFreshUntil as string) - before;
      expect(freshFor).toBeGreaterThan(44 * 60_000);
      expect(freshFor).toBeLessThanOrEqual(45 * 60_000 + (Date.now() - before));
      const signed = (h.fake.photos.get(project.id) ?? []).map((photo) => photo.videoUrl);
      const { photos } = job.props as { photos: { url: string }[] };
      expect(photos.map((photo) => photo.url)).toEqual(signed);
    }
  });

  it('come with the mix of the music for the whole video, so the stitch only copies it in', async () => {
    const { owner, project } = projectWithPhotos(actors.user(), 3, 'honor', 2);
    const { renderId } = await h.request(startRender, owner, { projectId: project.id });
    const mixes = (await h.db.outboxEvent.findMany({ where: { type: mixAudio.subject } }))
      .map((row) => (row.payload as { data: DataOf<typeof mixAudio> }).data)
      .filter((job) => job.renderId === renderId);
    const chunks = await h.db.renderChunk.findMany({ where: { renderId } });
    const frames = chunks.reduce((sum, chunk) => sum + chunk.frameTo - chunk.frameFrom + 1, 0);
    expect(mixes).toEqual([expect.objectContaining({ renderId, frames })]);
    expect(frames).toBe(3 * 2 * 30);
  });
});

describe('a render started while photos are still being prepared', () => {
  it('waits (pending, the share of photos ready), answers a second click with itself, and starts once the last is made', async () => {
    const { owner, project } = projectWithPhotos(actors.user(), 3);
    const late = h.fake.addPhoto(project, null);
    const started = await h.request(startRender, owner, { projectId: project.id });
    expect(started).toMatchObject({ reused: false, initialProgress: { status: 'pending', progress: 0.75 } });
    expect(await h.db.renderChunk.count({ where: { renderId: started.renderId } })).toBe(0);
    const again = await h.request(startRender, owner, { projectId: project.id });
    expect(again).toMatchObject({ renderId: started.renderId, reused: true });

    late.videoUrl = photoUrl();
    await eventually(
      async () =>
        expect((await h.request(getRenderProgress, owner, { renderId: started.renderId })).status).toBe(
          'queued',
        ),
      10_000,
    );
    expect(await h.db.renderChunk.count({ where: { renderId: started.renderId } })).toBeGreaterThan(0);
    await finish(started.renderId);
    expect(await h.db.renderedVideo.count({ where: { projectId: project.id } })).toBe(1);
  });

  it("is refused at the click when it is longer than the plan's minutes, not after the wait", async () => {
    // Remember allows 10 minutes: 61 photos of 10 s, one of them still being prepared.
    const { owner, project } = projectWithPhotos(actors.user(), 60, 'remember', 10);
    h.fake.addPhoto(project, null);
    const error = await h.failure(startRender, owner, { projectId: project.id });
    expect(error.code).toBe(renderErrorCodes.videoTooLong);
    expect(error.details).toEqual({ seconds: 610, limitSeconds: 600 });
    expect(await h.db.renderedVideo.count({ where: { projectId: project.id } })).toBe(0);
  });
});

describe('a render', () => {
  it('is queued in chunks, moves with the workers’ reports, pushes progress live and completes with a named download', async () => {
    const { owner, project } = projectWithPhotos();
    const pushes: RenderProgress[] = [];
    const live = new BusClient(h.bus).subscribeLive(renderProgressChanged, (data) => pushes.push(data));
    const started = await h.request(startRender, owner, { projectId: project.id });
    expect(started.reused).toBe(false);
    expect(started.initialProgress).toMatchObject({ status: 'queued', progress: 0, downloadUrl: null });
    await finish(started.renderId);
    const done = await h.request(getRenderProgress, owner, { renderId: started.renderId });
    expect(done).toMatchObject({ status: 'completed', progress: 1, error: null, estimatedTimeRemaining: 0 });
    expect(new URL(done.downloadUrl ?? '').searchParams.get('name')).toMatch(/^Summer 2026-[\dT-]+\.mp4$/);
    expect(pushes.map((push) => push.status)).toEqual(
      expect.arrayContaining(['queued', 'encoding', 'completed']),
    );
    expect(pushes.every((push) => push.userId === owner.userId)).toBe(true);
    await live.stop();
    expect((await h.failure(getRenderProgress, actors.user(), { renderId: started.renderId })).code).toBe(
      'NOT_FOUND',
    );
  });

  it('of an unchanged project answers the completed video; a changed photo starts a new one reusing stored chunks', async () => {
    const { owner, project } = projectWithPhotos(actors.user(), 12);
    const first = await h.request(startRender, owner, { projectId: project.id });
    await finish(first.renderId);

    const again = await h.request(startRender, owner, { projectId: project.id });
    expect(again).toMatchObject({ renderId: first.renderId, reused: true });
    expect(again.initialProgress.status).toBe('completed');

    // The plan cuts at the photos: photo 12 of 12 (with the dissolve into it) is the last chunk alone.
    const photos = h.fake.photos.get(project.id) ?? [];
    (photos[11] as { videoUrl: string }).videoUrl = photoUrl();
    const changed = await h.request(startRender, owner, { projectId: project.id });
    expect(changed.reused).toBe(false);
    const chunks = await h.db.renderChunk.findMany({
      where: { renderId: changed.renderId },
      orderBy: { chunkIndex: 'asc' },
    });
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks.map((chunk) => chunk.doneAt !== null)).toEqual([...chunks.slice(1).map(() => true), false]);
  });

  it('is preparing once a worker takes a chunk, rendering once a chunk is stored; a late start report changes nothing', async () => {
    const { owner, project } = projectWithPhotos(actors.user(), 12);
    const { renderId } = await h.request(startRender, owner, { projectId: project.id });
    const status = async () => (await h.request(getRenderProgress, owner, { renderId })).status;
    expect(await status()).toBe('queued');
    await report(chunkStarted, { renderId, chunkIndex: 0 });
    await eventually(async () => expect(await status()).toBe('preparing'));

    const [first] = await h.db.renderChunk.findMany({ where: { renderId }, orderBy: { chunkIndex: 'asc' } });
    await h.storage.put(RENDERS_BUCKET, renderChunkKey(first!.hash), Buffer.from('chunk'), {
      contentType: 'video/mp4',
    });
    await report(chunkRendered, { renderId, chunkIndex: 0, hash: first!.hash, renderMs: 10 });
    await eventually(async () => expect(await status()).toBe('rendering'));
    await report(chunkStarted, { renderId, chunkIndex: 1 });
    await report(chunkStarted, { renderId, chunkIndex: 0 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await status()).toBe('rendering');
  });

  it('gives a download URL signed for an hour, signed again on every read', async () => {
    const { owner, project } = projectWithPhotos();
    const { renderId } = await h.request(startRender, owner, { projectId: project.id });
    await finish(renderId);
    const expiry = async () => {
      const { downloadUrl } = await h.request(getRenderProgress, owner, { renderId });
      return Number(new URL(downloadUrl ?? '').searchParams.get('expires'));
    };
    const first = await expiry();
    expect(first).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + RENDER_DOWNLOAD_URL_SECONDS - 5);
    expect(first).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + RENDER_DOWNLOAD_URL_SECONDS);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await expiry()).toBeGreaterThan(first);
    const { renders } = await h.request(listRenders, owner, { projectId: project.id });
    expect(Number(new URL(renders[0]?.downloadUrl ?? '').searchParams.get('expires'))).toBeGreaterThan(first);
  });

  it('gives a worker taking a chunk the photo URLs signed now, keeping the first URL of a photo edited since', async () => {
    const { owner, project } = projectWithPhotos(actors.user(), 2);
    const { renderId } = await h.request(startRender, owner, { projectId: project.id });
    const [signedAgain, edited] = h.fake.photos.get(project.id) as { videoUrl: string }[];
    const started = [signedAgain!.videoUrl, edited!.videoUrl];
    signedAgain!.videoUrl = started[0]!.replace('X-Signature=abc', 'X-Signature=later');
    edited!.videoUrl = photoUrl();
    const asWorker = (id: string) => h.requestAs('render-worker', getChunkPhotos, SYSTEM, { renderId: id });
    expect(await asWorker(renderId)).toEqual({ urls: [signedAgain!.videoUrl, started[1]] });
    // Refused by the claim policy (a browser's actor never asks this) or by the service itself.
    expect(['FORBIDDEN', 'FORBIDDEN_SENDER']).toContain(
      (await h.failure(getChunkPhotos, owner, { renderId })).code,
    );
    await expect(asWorker(randomUUID())).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('downloadName', () => {
  it('is the project name and a timestamp, ending .mp4, without path characters', () => {
    expect(downloadName('Trip: 2026/07', new Date('2026-07-01T10:20:30.456Z'))).toBe(
      'Trip 2026 07-2026-07-01T10-20-30.mp4',
    );
  });
});
