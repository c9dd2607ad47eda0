import {
  acceptPendingPhotos,
  createFriendLink,
  listPendingPhotos,
  listPhotos,
  pendingPhotoSummary,
  pendingPhotosChanged,
  photoCards,
  photoDeleted,
  type RequestContract,
  rejectPendingPhotos,
} from '@memoreel/contracts';
import { BusClient } from '@memoreel/platform';
import { actors } from '@memoreel/testing';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { friendUpload, upload, videoReady } from './browser-uploads.js';
import { eventually, useMedia } from './media-harness.js';
import { jpeg } from './photo-files.js';

/**
 * Friends' photos waiting for the owner, and the dashboard cards, as media answers them once it owns
 * the photo (decision 0030, docs/plans/photo-move.md C4).
 */

const media = useMedia({ collaborators: ['projects'] });

async function ownerWithFriendPhotos(own: number, friends: number) {
  const owner = actors.user();
  const friend = actors.anonymousUser();
  const project = await media.project(owner);
  const files = await Promise.all(
    Array.from({ length: own }, async (_, i) => ({
      name: `own-${i}.jpg`,
      type: 'image/jpeg',
      bytes: await jpeg(320, 240 + i),
    })),
  );
  const owned = files.length > 0 ? (await upload(media, owner, project.id, files)).results : [];
  const link = await media.request(createFriendLink, owner, {
    projectId: project.id,
    inviterName: 'Ada',
  });
  const { results } = await friendUpload(media, friend, link.id, project.id, friends);
  return {
    owner,
    friend,
    project,
    own: owned.map((r) => r.photoId as string),
    pending: results.map((r) => r.photoId as string),
  };
}

describe('pending photos', () => {
  it('are listed apart, oldest first, with the project named in the bell', async () => {
    const { owner, friend, project, own, pending } = await ownerWithFriendPhotos(1, 2);
    const { photos } = await media.request(listPendingPhotos, owner, { projectId: project.id });
    expect(photos.map((p) => [p.id, p.status, p.submittedBy])).toEqual(
      pending.map((id) => [id, 'pending', friend.userId]),
    );
    const accepted = (await media.request(listPhotos, owner, { projectId: project.id })).photos;
    expect(accepted.map((p) => p.id)).toEqual(own);
    await eventually(async () =>
      expect(await media.request(pendingPhotoSummary, owner, {})).toEqual({
        total: 2,
        projects: [{ projectId: project.id, projectName: project.name, count: 2 }],
      }),
    );
  });

  it('accepted, join the order last; rejected, leave (media.photo.deleted removes their objects); each change is pushed to the owner', async () => {
    const { owner, project, own, pending } = await ownerWithFriendPhotos(2, 2);
    const pushes: z.output<typeof pendingPhotosChanged.data>[] = [];
    const live = new BusClient(media.bus).subscribeLive(pendingPhotosChanged, (data) => pushes.push(data));
    try {
      const [first, second] = pending as [string, string];
      expect(
        await media.request(acceptPendingPhotos, owner, { projectId: project.id, ids: [first] }),
      ).toEqual({
        ids: [first],
      });
      const { photos } = await media.request(listPhotos, owner, { projectId: project.id });
      expect(photos.map((p) => [p.id, p.displayOrder])).toEqual([
        [own[0], 0],
        [own[1], 1],
        [first, 2],
      ]);
      // An accepted photo is not pending any more: accepting or rejecting it again changes nothing.
      expect(
        await media.request(rejectPendingPhotos, owner, { projectId: project.id, ids: [first, second] }),
      ).toEqual({ ids: [second] });
      expect((await media.request(listPendingPhotos, owner, { projectId: project.id })).photos).toEqual([]);
      const deleted = (await media.events(photoDeleted)).map((e) => e.data.id);
      expect(deleted).toContain(second);
      expect(deleted).not.toContain(first);
      await eventually(async () =>
        expect(pushes.filter((p) => p.projectId === project.id).map((p) => p.total)).toEqual([1, 0]),
      );
      expect((await media.request(listPhotos, owner, { projectId: project.id })).photos).toHaveLength(3);
    } finally {
      await live.stop();
    }
  });

  it('are the owner’s only: anyone else is told the project does not exist, and their bell stays empty', async () => {
    const { project, pending } = await ownerWithFriendPhotos(0, 1);
    const calls: [RequestContract, unknown][] = [
      [listPendingPhotos, { projectId: project.id }],
      [acceptPendingPhotos, { projectId: project.id, ids: pending }],
      [rejectPendingPhotos, { projectId: project.id, ids: pending }],
    ];
    for (const [contract, data] of calls) {
      for (const intruder of [actors.user(), actors.anonymousUser()]) {
        const error = await media.failure(contract, intruder, data as z.input<typeof contract.request>);
        expect([contract.subject, error.code, error.message]).toEqual([
          contract.subject,
          'NOT_FOUND',
          'Project not found',
        ]);
      }
    }
    expect(await media.request(pendingPhotoSummary, actors.user(), {})).toEqual({
      total: 0,
      projects: [],
    });
  });
});

describe('dashboard cards', () => {
  it("carry each of the actor's projects' photo count and first thumbnails in order, and nothing of others'", async () => {
    const owner = actors.user();
    const project = await media.project(owner);
    const files = await Promise.all(
      [0, 1].map(async (i) => ({ name: `p-${i}.jpg`, type: 'image/jpeg', bytes: await jpeg(400, 300 + i) })),
    );
    const ids = (await upload(media, owner, project.id, files)).results.map((r) => r.photoId as string);
    for (const id of ids) await videoReady(media, owner, id);
    const empty = await media.project(owner);
    const stranger = await media.project(actors.user());

    const { cards } = await media.request(photoCards, owner, {
      projectIds: [project.id, empty.id, stranger.id],
    });
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ projectId: project.id, count: 2 });
    expect(cards[0]?.photos.map((p) => p.id)).toEqual(ids);
    expect(cards[0]?.photos[0]?.url).toContain(`/photos/${project.id}/thumbs/${ids[0]}/`);
  });
});
