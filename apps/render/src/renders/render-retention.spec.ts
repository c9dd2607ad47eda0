import { randomUUID } from 'node:crypto';
import {
  chunkRendered,
  listRenders,
  projectDeleted,
  RENDERS_BUCKET,
  renderAudioKey,
  renderChunkKey,
  rendersDeleted,
  SYSTEM,
  startRender,
  videoStitched,
} from '@memoreel/contracts';
import { VIDEO_FORMATS } from '@memoreel/domain';
import { BusClient, buildEvent } from '@memoreel/platform';
import { actors, eventually } from '@memoreel/testing';
import { startedForTests } from '@memoreel/testing/hooks';
import { describe, expect, it } from 'vitest';
import { photoUrl, renderSteps, startRenders } from '../../test/renders-harness.js';

/** Which videos and chunks a project keeps, and what goes when renders or the project go. */

const h = startedForTests('renders', () => startRenders());
const { report, finish, projectWithPhotos } = renderSteps(h);

describe('kept videos and chunks', () => {
  it('keeps the latest 5 of a project and deletes the older videos', async () => {
    const { owner, project } = projectWithPhotos(actors.user(), 1);
    const keys: string[] = [];
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      h.fake.addPhoto(project, photoUrl());
      const { renderId } = await h.request(startRender, owner, { projectId: project.id });
      ids.push(renderId);
      keys.push(await finish(renderId));
    }
    const { renders } = await h.request(listRenders, owner, { projectId: project.id });
    expect(renders.map((render) => render.renderId)).toEqual(ids.slice(1).reverse());
    expect(await h.storage.stat(RENDERS_BUCKET, keys[0] as string)).toBeNull();
    expect(await h.storage.stat(RENDERS_BUCKET, keys[1] as string)).not.toBeNull();
  });

  it('keeps the last video of each format however many renders came since, and says each one’s size', async () => {
    const { owner, project } = projectWithPhotos(actors.user(), 1);
    Object.assign(project.videoSettings, VIDEO_FORMATS['9:16']);
    const vertical = await h.request(startRender, owner, { projectId: project.id });
    expect(vertical.initialProgress).toMatchObject({ width: 1080, height: 1920 });
    const verticalKey = await finish(vertical.renderId);
    Object.assign(project.videoSettings, VIDEO_FORMATS['16:9']);
    const wide: string[] = [];
    for (let i = 0; i < 6; i++) {
      h.fake.addPhoto(project, photoUrl());
      const { renderId } = await h.request(startRender, owner, { projectId: project.id });
      await finish(renderId);
      wide.push(renderId);
    }
    const { renders } = await h.request(listRenders, owner, { projectId: project.id });
    expect(renders.map((render) => [render.renderId, render.width, render.height])).toEqual([
      ...wide
        .slice(1)
        .reverse()
        .map((id) => [id, 1920, 1080]),
      [vertical.renderId, 1080, 1920],
    ]);
    expect(await h.storage.stat(RENDERS_BUCKET, verticalKey)).not.toBeNull();
  });

  it('deletes the chunks no kept render uses, and keeps those another project’s render draws too', async () => {
    const chunkStored = async (hash: string) =>
      (await h.storage.stat(RENDERS_BUCKET, renderChunkKey(hash))) !== null;
    const hashesOf = async (renderId: string) =>
      (await h.db.renderChunk.findMany({ where: { renderId }, orderBy: { chunkIndex: 'asc' } })).map(
        (chunk) => chunk.hash,
      );
    // Two projects of the same photos draw the same first chunk; the first project's last chunk (its
    // own photo 12) differs.
    const { owner, project } = projectWithPhotos(actors.user(), 12);
    const twin = h.fake.project(owner);
    for (const photo of h.fake.photos.get(project.id) ?? []) h.fake.addPhoto(twin, photo.videoUrl);
    (h.fake.photos.get(project.id)?.[11] as { videoUrl: string }).videoUrl = photoUrl();
    const mine = await h.request(startRender, owner, { projectId: project.id });
    await finish(mine.renderId);
    const theirs = await h.request(startRender, owner, { projectId: twin.id });
    await finish(theirs.renderId);
    const mineHashes = await hashesOf(mine.renderId);
    const [shared, own] = [mineHashes[0], mineHashes.at(-1)];
    expect((await hashesOf(theirs.renderId))[0]).toBe(shared);
    expect((await hashesOf(theirs.renderId)).at(-1)).not.toBe(own);

    // Five newer renders of the first project push the first one out: its own chunk goes, the shared one stays.
    for (let i = 0; i < 5; i++) {
      h.fake.addPhoto(project, photoUrl());
      await finish((await h.request(startRender, owner, { projectId: project.id })).renderId);
    }
    expect(await h.db.renderedVideo.count({ where: { id: mine.renderId } })).toBe(0);
    expect(await chunkStored(own as string)).toBe(false);
    expect(await chunkStored(shared as string)).toBe(true);

    // Deleting the first project keeps the chunk the twin still draws; deleting the twin deletes it.
    const lastOwn = (
      await hashesOf(
        (
          await h.db.renderedVideo.findFirstOrThrow({
            where: { projectId: project.id },
            orderBy: { createdAt: 'desc' },
          })
        ).id,
      )
    ).at(-1) as string;
    const deleteProject = async (id: string) => {
      const event = buildEvent(projectDeleted, SYSTEM, { id, userId: owner.userId as string });
      await h.bus.publishEvent(projectDeleted.subject, event, { msgId: event.id });
    };
    await deleteProject(project.id);
    await eventually(async () => expect(await chunkStored(lastOwn)).toBe(false));
    expect(await chunkStored(shared as string)).toBe(true);
    await deleteProject(twin.id);
    await eventually(async () => expect(await chunkStored(shared as string)).toBe(false));
  });

  it('deletes a chunk rendered after its render was deleted, unless another render uses it', async () => {
    const hash = 'e'.repeat(64);
    await h.storage.put(RENDERS_BUCKET, renderChunkKey(hash), Buffer.from('chunk'), {
      contentType: 'video/mp4',
    });
    await report(chunkRendered, { renderId: randomUUID(), chunkIndex: 0, hash, renderMs: 10 });
    await eventually(async () =>
      expect(await h.storage.stat(RENDERS_BUCKET, renderChunkKey(hash))).toBeNull(),
    );
  });

  it('goes with its project, files included; a redelivered deletion and a late stitch leave nothing', async () => {
    const { owner, project } = projectWithPhotos();
    const done = await h.request(startRender, owner, { projectId: project.id });
    const key = await finish(done.renderId);
    h.fake.addPhoto(project, photoUrl());
    const running = await h.request(startRender, owner, { projectId: project.id });
    // The running render's music, mixed by a worker already.
    const mix = renderAudioKey(running.renderId);
    await h.storage.put(RENDERS_BUCKET, mix, Buffer.from('m4a'), { contentType: 'audio/mp4' });

    const workersHeard: string[] = [];
    const live = new BusClient(h.bus).subscribeLive(rendersDeleted, ({ renderIds }) =>
      workersHeard.push(...renderIds),
    );
    const event = buildEvent(projectDeleted, SYSTEM, { id: project.id, userId: owner.userId as string });
    await h.bus.publishEvent(projectDeleted.subject, event, { msgId: event.id });
    await eventually(async () =>
      expect(await h.db.renderedVideo.count({ where: { projectId: project.id } })).toBe(0),
    );
    // The workers hear of it, so they draw no chunk of the render still running.
    await eventually(async () =>
      expect(workersHeard.sort()).toEqual([done.renderId, running.renderId].sort()),
    );
    await live.stop();
    // Rows go first, then their files.
    await eventually(async () => {
      expect(await h.storage.stat(RENDERS_BUCKET, key)).toBeNull();
      expect(await h.storage.stat(RENDERS_BUCKET, mix)).toBeNull();
    });
    await h.bus.publishEvent(projectDeleted.subject, event, { msgId: randomUUID() });

    const lateKey = `videos/${project.id}/${running.renderId}.mp4`;
    await h.storage.put(RENDERS_BUCKET, lateKey, Buffer.from('mp4'), { contentType: 'video/mp4' });
    await report(videoStitched, { renderId: running.renderId, key: lateKey, bytes: 3 });
    await eventually(async () => expect(await h.storage.stat(RENDERS_BUCKET, lateKey)).toBeNull());
  });
});
