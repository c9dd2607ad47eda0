import { randomUUID } from 'node:crypto';
import {
  type Actor,
  getMusicUrls,
  type Project,
  renderChunk,
  SYSTEM,
  startRender,
} from '@memoreel/contracts';
import type { TimelineTrack } from '@memoreel/domain';
import { type RendersHarness, startRenders } from '@memoreel/render/testing';
import { actors } from '@memoreel/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const MUSIC_BUCKET = 'music';

// Issue 31 item 7. Video settings are written by the client: a user can name any track id and any
// `storage_path` in their timeline. The render (and a share's player) must sign only library files
// of tracks a video may play — public ones, or an admin's own — found by id on the server.
describe('music in renders', () => {
  let h: RendersHarness;
  const admin: Actor = { ...actors.admin(), userId: randomUUID() };
  let hidden: { id: string; storagePath: string };
  let published: { id: string; storagePath: string };

  async function track(isPublic: boolean, userId: string | null) {
    const id = randomUUID();
    const storagePath = `${randomUUID()}.mp3`;
    await h.storage.put(MUSIC_BUCKET, storagePath, Buffer.from('ID3 not really music'), {
      contentType: 'audio/mpeg',
    });
    await h.db.musicTrack.create({
      data: {
        id,
        title: isPublic ? 'Public' : 'Hidden',
        duration: 30,
        storagePath,
        format: 'MPEG',
        contentType: 'audio/mpeg',
        sizeBytes: 20,
        isPublic,
        userId,
      },
    });
    return { id, storagePath };
  }

  beforeAll(async () => {
    h = await startRenders();
    hidden = await track(false, admin.userId);
    published = await track(true, null);
  });
  afterAll(() => h?.close());

  const placed = (id: string, storagePath: string, startTime = 0): TimelineTrack => ({
    id,
    storage_path: storagePath,
    startTime,
    duration: 1,
    instanceId: randomUUID(),
  });

  function projectWith(owner: Actor, timeline: TimelineTrack[]): Project {
    const project = h.fake.project(owner);
    h.fake.addPhoto(project, `https://storage.test/photos/video/${randomUUID()}.jpg`);
    project.videoSettings.music.timelineTracks = timeline;
    return project;
  }

  /** Everything the render wrote that a worker (and so a download) would read: its props and its queued jobs. */
  async function whatTheRenderSigned(renderId: string): Promise<string> {
    const row = await h.db.renderedVideo.findUniqueOrThrow({ where: { id: renderId } });
    const jobs = await h.db.outboxEvent.findMany({ where: { type: renderChunk.subject } });
    return JSON.stringify([row.props, jobs.map((job) => job.payload)]);
  }

  const musicOf = async (renderId: string) =>
    (
      (await h.db.renderedVideo.findUniqueOrThrow({ where: { id: renderId } })).props as {
        music: { url: string }[];
      }
    ).music;

  it('leaves out a hidden track a user names, and signs nothing of it', async () => {
    const owner = actors.user();
    const project = projectWith(owner, [placed(hidden.id, hidden.storagePath)]);
    const { renderId } = await h.request(startRender, owner, { projectId: project.id });
    expect(await musicOf(renderId)).toEqual([]);
    expect(await whatTheRenderSigned(renderId)).not.toContain(hidden.storagePath);
  });

  it('plays the library file of a public track, never a storage path the client forged', async () => {
    const owner = actors.user();
    const forged = [`../photos/${randomUUID()}/original.jpg`, hidden.storagePath, `${randomUUID()}.mp3`];
    const project = projectWith(owner, [
      placed(published.id, forged[0] as string),
      placed(published.id, forged[1] as string, 2),
      placed(randomUUID(), forged[2] as string, 4),
      placed('not-a-track-id', hidden.storagePath, 6),
    ]);
    const { renderId } = await h.request(startRender, owner, { projectId: project.id });
    const music = await musicOf(renderId);
    expect(music).toHaveLength(2);
    for (const placement of music) expect(new URL(placement.url).pathname).toContain(published.storagePath);
    const signed = await whatTheRenderSigned(renderId);
    for (const path of forged) expect(signed).not.toContain(path);
  });

  it("plays an admin's own unpublished track in the admin's own video (previewing)", async () => {
    const project = projectWith(admin, [placed(hidden.id, 'whatever.mp3')]);
    const { renderId } = await h.request(startRender, admin, { projectId: project.id });
    const music = await musicOf(renderId);
    expect(music).toHaveLength(1);
    expect(new URL(music[0]?.url ?? '').pathname).toContain(hidden.storagePath);
  });

  it("signs a share's hidden track only for its owner; unknown ids get nothing", async () => {
    const asSharing = (data: { ids: string[]; ownerId?: string }) =>
      h.requestAs('sharing', getMusicUrls, SYSTEM, data);
    const ids = [hidden.id, published.id, randomUUID()];
    expect((await asSharing({ ids })).tracks.map((t) => t.id)).toEqual([published.id]);
    expect((await asSharing({ ids, ownerId: randomUUID() })).tracks.map((t) => t.id)).toEqual([published.id]);
    const own = await asSharing({ ids, ownerId: admin.userId as string });
    expect(own.tracks.map((t) => t.id).toSorted()).toEqual([hidden.id, published.id].toSorted());
  });
});
