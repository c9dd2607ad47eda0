import {
  createProject,
  createShare,
  deleteProject,
  deleteShare,
  getShareByProject,
  getSharedVideo,
  listPhotos,
  listShares,
  PublicSharedVideoSchema,
  recordShareView,
  updateShare,
} from '@memoreel/contracts';
import { SHARE_VIEWS_PER_IP_PER_MINUTE, shareMessages } from '@memoreel/domain';
import { actors } from '@memoreel/testing';
import { startedForTests } from '@memoreel/testing/hooks';
import { describe, expect, it } from 'vitest';
import { eventually, startSharing } from './sharing-harness.js';

const h = startedForTests('sharing', async () => {
  const harness = await startSharing({ collaborators: ['projects'] });
  // Media stands in for the photos: these projects have none (apps/standalone's sharing-http.spec plays real ones).
  await harness.bus.respond(listPhotos.subject, 'media', async () => ({
    ok: true,
    data: { photos: [] },
  }));
  return harness;
});

async function projectOf(owner = actors.user()) {
  const project = await h.request(createProject, owner, { name: 'Grandma at 90' });
  return { owner, project };
}
const settings = { shareTitle: 'Grandma at 90', author: 'Ann', message: 'Love you', showViewCount: true };

describe('shares by the owner', () => {
  it('creates one share per project, finds it by project and lists it', async () => {
    const { owner, project } = await projectOf();
    expect(await h.request(getShareByProject, owner, { projectId: project.id })).toEqual({ share: null });
    const share = await h.request(createShare, owner, { projectId: project.id, settings });
    expect(share).toMatchObject({ projectId: project.id, userId: owner.userId, ...settings, viewCount: 0 });
    expect((await h.request(getShareByProject, owner, { projectId: project.id })).share?.id).toBe(share.id);
    expect((await h.request(listShares, owner, {})).shares.map((s) => s.id)).toEqual([share.id]);
    const again = await h.failure(createShare, owner, { projectId: project.id, settings });
    expect(again).toMatchObject({ code: 'CONFLICT', message: shareMessages.alreadyShared });
  });

  it('cleans typed names and refuses blank titles and texts past their limits, changing nothing', async () => {
    const { owner, project } = await projectOf();
    const share = await h.request(createShare, owner, {
      projectId: project.id,
      settings: { shareTitle: '  \u202EMum\u0007  ', author: '   ', message: ' \n ', showViewCount: false },
    });
    expect(share).toMatchObject({ shareTitle: 'Mum', author: null, message: null, showViewCount: false });
    const blank = await h.failure(updateShare, owner, {
      id: share.id,
      settings: { ...settings, shareTitle: '\u200B ' },
    });
    expect(blank).toMatchObject({ code: 'VALIDATION_FAILED', message: shareMessages.title.empty });
    const long = await h.failure(updateShare, owner, {
      id: share.id,
      settings: { ...settings, message: 'x'.repeat(1001) },
    });
    expect(long.message).toBe(shareMessages.message.tooLong);
    expect((await h.request(getShareByProject, owner, { projectId: project.id })).share?.shareTitle).toBe(
      'Mum',
    );
  });

  it('lets only the owner read, change or delete a share: to anyone else it does not exist', async () => {
    const { owner, project } = await projectOf();
    const share = await h.request(createShare, owner, { projectId: project.id, settings });
    const stranger = actors.user();
    const answer = (error: { code: string; message: string }) => ({
      code: error.code,
      message: error.message,
    });
    expect(answer(await h.failure(getShareByProject, stranger, { projectId: project.id }))).toEqual({
      code: 'NOT_FOUND',
      message: 'Project not found',
    });
    expect(answer(await h.failure(createShare, stranger, { projectId: project.id, settings }))).toEqual({
      code: 'NOT_FOUND',
      message: 'Project not found',
    });
    const missingShare = { code: 'NOT_FOUND', message: shareMessages.shareNotFound };
    expect(
      answer(
        await h.failure(updateShare, stranger, {
          id: share.id,
          settings: { ...settings, shareTitle: 'Hacked' },
        }),
      ),
    ).toEqual(missingShare);
    expect(answer(await h.failure(deleteShare, stranger, { id: share.id }))).toEqual(missingShare);
    expect((await h.failure(listShares, actors.guest(), {})).message).toBe('Authentication required');
    expect((await h.request(listShares, stranger, {})).shares).toEqual([]);

    const updated = await h.request(updateShare, owner, {
      id: share.id,
      settings: { ...settings, shareTitle: 'At 90' },
    });
    expect(updated.shareTitle).toBe('At 90');
    await h.request(deleteShare, owner, { id: share.id });
    expect((await h.failure(getSharedVideo, actors.guest(), { id: share.id })).message).toBe(
      'Video Not Found',
    );
  });
});

describe('the public read', () => {
  it('gives anyone the display fields and the player settings, nothing naming the owner', async () => {
    const { owner, project } = await projectOf();
    const share = await h.request(createShare, owner, { projectId: project.id, settings });
    const video = await h.request(getSharedVideo, actors.guest(), { id: share.id });
    expect(Object.keys(video).sort()).toEqual(Object.keys(PublicSharedVideoSchema.shape).sort());
    expect(JSON.stringify(video)).not.toContain(owner.userId as string);
    expect(JSON.stringify(video)).not.toContain(project.id);
    expect(video).toMatchObject({ shareTitle: 'Grandma at 90', author: 'Ann', viewCount: 0 });
    expect(video.videoSettings.durationPerPhoto).toBe(project.videoSettings.durationPerPhoto);

    await h.request(updateShare, owner, { id: share.id, settings: { ...settings, showViewCount: false } });
    expect((await h.request(getSharedVideo, actors.guest(), { id: share.id })).viewCount).toBeNull();
  });

  it('reads a share stored before a setting existed with its own settings, the new one at its default', async () => {
    const { owner, project } = await projectOf();
    const share = await h.request(createShare, owner, { projectId: project.id, settings });
    const { cutOnBeat: _new, ...older } = {
      ...project.videoSettings,
      durationPerPhoto: 6.5,
      transition: 'fade',
    };
    await h.db.sharedVideo.update({ where: { id: share.id }, data: { videoSettings: older } });
    const video = await h.request(getSharedVideo, actors.guest(), { id: share.id });
    expect(video.videoSettings).toMatchObject({
      durationPerPhoto: 6.5,
      transition: 'fade',
      cutOnBeat: false,
    });
  });
});

describe('view counts', () => {
  it('counts a viewer once per window, keeps last_viewed_at, and rate-limits an IP', async () => {
    const { owner, project } = await projectOf();
    const share = await h.request(createShare, owner, { projectId: project.id, settings });
    const guest = actors.guest();
    const first = await h.request(recordShareView, guest, {
      id: share.id,
      viewerKey: 'viewer-aaaa',
      ipKey: 'ip-one-aaaa',
    });
    const reload = await h.request(recordShareView, guest, {
      id: share.id,
      viewerKey: 'viewer-aaaa',
      ipKey: 'ip-one-aaaa',
    });
    expect(first).toEqual({ counted: true, viewCount: 1 });
    expect(reload).toEqual({ counted: false, viewCount: 1 });
    const row = await h.db.sharedVideo.findUniqueOrThrow({ where: { id: share.id } });
    expect(row.lastViewedAt).toBeInstanceOf(Date);

    // A script rotating viewer ids from one IP stops counting at the per-minute quota.
    const results = [];
    for (let i = 0; i < SHARE_VIEWS_PER_IP_PER_MINUTE + 5; i++) {
      results.push(
        await h.request(recordShareView, guest, {
          id: share.id,
          viewerKey: `bot-${i}-xxxx`,
          ipKey: 'ip-two-bbbb',
        }),
      );
    }
    expect(results.filter((r) => r.counted)).toHaveLength(SHARE_VIEWS_PER_IP_PER_MINUTE);
    expect(results.at(-1)?.viewCount).toBe(1 + SHARE_VIEWS_PER_IP_PER_MINUTE);
  });

  it('counts concurrent first views of different viewers exactly', async () => {
    const { owner, project } = await projectOf();
    const share = await h.request(createShare, owner, { projectId: project.id, settings });
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        h.request(recordShareView, actors.guest(), {
          id: share.id,
          viewerKey: `v-${i}-cccc`,
          ipKey: `ip-${i}-cccc`,
        }),
      ),
    );
    expect((await h.request(getSharedVideo, actors.guest(), { id: share.id })).viewCount).toBe(8);
  });

  it('refuses a view of an unknown video', async () => {
    const error = await h.failure(recordShareView, actors.guest(), {
      id: '00000000-0000-4000-8000-000000000000',
      viewerKey: 'viewer-dddd',
      ipKey: 'ip-dddddddd',
    });
    expect(error.code).toBe('NOT_FOUND');
  });
});

describe('project deletion', () => {
  it('removes the project share through projects.project.deleted', async () => {
    const { owner, project } = await projectOf();
    const share = await h.request(createShare, owner, { projectId: project.id, settings });
    await h.request(recordShareView, actors.guest(), {
      id: share.id,
      viewerKey: 'viewer-eeee',
      ipKey: 'ip-eeeeeeee',
    });
    await h.request(deleteProject, owner, { id: project.id });
    await eventually(async () => expect(await h.db.sharedVideo.count({ where: { id: share.id } })).toBe(0));
    expect(await h.db.shareView.count({ where: { shareId: share.id } })).toBe(0);
    expect(
      await h.db.processedEvent.count({ where: { consumer: 'delete-share-when-project-deleted' } }),
    ).toBe(1);
  });
});
