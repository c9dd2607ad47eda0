import { randomUUID } from 'node:crypto';
import {
  type Actor,
  deletePhotos,
  listPhotos,
  makePhotoVideoDerivative,
  photoDeleted,
  photoQuota,
  type RequestContract,
  reorderPhoto,
  requestPhotoUploads,
  setPhotoCaption,
  setPhotoFilter,
  setPhotoTransforms,
} from '@memoreel/contracts';
import { DEFAULT_TRANSFORMS } from '@memoreel/domain';
import { actors } from '@memoreel/testing';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { upload, videoReady } from './browser-uploads.js';
import { eventually, useMedia } from './media-harness.js';
import { jpeg } from './photo-files.js';

/**
 * A project's photos as media answers them once it owns them (decision 0030, docs/plans/photo-move.md
 * C4): listed with URLs, reordered, filtered, moved, captioned and deleted by their owner only.
 */

const media = useMedia({ collaborators: ['projects'] });

/** A project of `owner` with `count` stored, accepted photos, written straight into media's table. */
async function withPhotos(owner: Actor, count: number) {
  const project = await media.project(owner);
  const ids = Array.from({ length: count }, () => randomUUID());
  await media.db.photo.createMany({
    data: ids.map((id, i) => ({
      id,
      userId: owner.userId as string,
      projectId: project.id,
      storagePath: `${project.id}/${id}.jpg`,
      originalName: `photo-${i}.jpg`,
      contentType: 'image/jpeg',
      status: 'stored',
      width: 1200,
      height: 800,
      contentHash: `hash-${id}`,
      uploadExpiresAt: new Date(Date.now() - 1000),
      storedAt: new Date(Date.now() + i),
      review: 'accepted',
      displayOrder: i,
    })),
  });
  return { project, ids };
}

const listed = async (owner: Actor, projectId: string) =>
  (await media.request(listPhotos, owner, { projectId })).photos;

describe('listing', () => {
  it('answers the accepted photos in order with their URLs (null until thumbnails exist), or those asked for', async () => {
    const owner = actors.user();
    const { project, ids } = await withPhotos(owner, 3);
    const photos = await listed(owner, project.id);
    expect(photos.map((p) => [p.id, p.displayOrder, p.status])).toEqual(
      ids.map((id, i) => [id, i, 'accepted']),
    );
    expect(photos[0]).toMatchObject({
      userId: owner.userId,
      width: 1200,
      height: 800,
      urls: null,
      caption: null,
    });
    const some = await media.request(listPhotos, owner, { projectId: project.id, ids: [ids[2]!] });
    expect(some.photos.map((p) => p.id)).toEqual([ids[2]]);
  });

  it('signs the URLs of an uploaded photo once its thumbnails are made', async () => {
    const owner = actors.user();
    const project = await media.project(owner);
    const { results } = await upload(media, owner, project.id, [
      { name: 'Beach.jpg', type: 'image/jpeg', bytes: await jpeg(640, 480) },
    ]);
    const id = results[0]?.photoId as string;
    await videoReady(media, owner, id);
    const [photo] = await listed(owner, project.id);
    expect(photo).toMatchObject({ id, displayOrder: 0, width: 640, height: 480 });
    expect(photo?.urls?.grid).toContain(`/photos/${project.id}/thumbs/${id}/`);
    expect(photo?.urls?.videoFilter).toBe('none');
  });
});

describe('reorder', () => {
  it('moves one photo and keeps the order dense', async () => {
    const owner = actors.user();
    const { project, ids } = await withPhotos(owner, 4);
    const { photos } = await media.request(reorderPhoto, owner, {
      projectId: project.id,
      from: 0,
      to: 2,
    });
    expect(photos.map((p) => p.id)).toEqual([ids[1], ids[2], ids[0], ids[3]]);
    expect(photos.map((p) => p.displayOrder)).toEqual([0, 1, 2, 3]);
    const error = await media.failure(reorderPhoto, owner, { projectId: project.id, from: 0, to: 4 });
    expect(error.code).toBe('VALIDATION_FAILED');
  });

  it('has no gaps or duplicates after concurrent moves', async () => {
    const owner = actors.user();
    const { project, ids } = await withPhotos(owner, 8);
    // Ten moves at once queue on the project's lock: each answers within the bus's 5 s on a loaded CI machine.
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        media.request(reorderPhoto, owner, { projectId: project.id, from: i % 8, to: (i * 3) % 8 }),
      ),
    );
    const photos = await listed(owner, project.id);
    expect(photos.map((p) => p.displayOrder)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(photos.map((p) => p.id).sort()).toEqual([...ids].sort());
  });
});

describe('filter, motion and caption', () => {
  it('bakes a new filter into the video derivative, queued once per change', async () => {
    const owner = actors.user();
    const project = await media.project(owner);
    const { results } = await upload(media, owner, project.id, [
      { name: 'Rose.jpg', type: 'image/jpeg', bytes: await jpeg(640, 480) },
    ]);
    const id = results[0]?.photoId as string;
    await videoReady(media, owner, id);
    const warm = await media.request(setPhotoFilter, owner, { id, filter: 'warm' });
    expect(warm).toMatchObject({ id, filter: 'warm' });
    await media.request(setPhotoFilter, owner, { id, filter: 'warm' });
    await videoReady(media, owner, id, 'warm');
    const jobs = await media.db.outboxEvent.findMany({ where: { type: makePhotoVideoDerivative.subject } });
    expect(jobs.filter((job) => JSON.stringify(job.payload).includes(id))).toHaveLength(1);
    const refused = await media.failure(setPhotoFilter, owner, { id, filter: 'lomo' as 'none' });
    expect(refused.code).toBe('VALIDATION_FAILED');
  });

  it('clamps the motion to the spec bounds on the server', async () => {
    const owner = actors.user();
    const { project, ids } = await withPhotos(owner, 1);
    const saved = await media.request(setPhotoTransforms, owner, {
      id: ids[0]!,
      transforms: {
        '0': { scale: 9, translateX: 2, translateY: -80, rotate: 200.4 },
        '100': { scale: 0.2, translateX: 12.5, translateY: 49, rotate: -12.6 },
      },
    });
    const expected = {
      '0': { scale: 4, translateX: 0, translateY: -50, rotate: 180 },
      '100': { scale: 1, translateX: 12.5, translateY: 49, rotate: -13 },
    };
    expect(saved.transforms).toEqual(expected);
    expect((await listed(owner, project.id))[0]?.transforms).toEqual(expected);
  });

  it('keeps a caption tidied, removes it with null, and refuses one past its limits, changing nothing', async () => {
    const owner = actors.user();
    const { project, ids } = await withPhotos(owner, 1);
    const id = ids[0]!;
    const saved = await media.request(setPhotoCaption, owner, {
      id,
      caption: { text: '  جدتي روز 🌹 \n 1962 ', placement: 'top' },
    });
    expect(saved.caption).toEqual({ text: 'جدتي روز 🌹\n1962', placement: 'top' });
    for (const caption of [
      { text: 'a\nb\nc', placement: 'top' },
      { text: 'x'.repeat(101), placement: 'bottom' },
      { text: 'Rose', placement: 'middle' },
    ]) {
      const refused = await media.failure(setPhotoCaption, owner, { id, caption: caption as never });
      expect(refused.code).toBe('VALIDATION_FAILED');
    }
    expect((await listed(owner, project.id))[0]?.caption).toEqual({
      text: 'جدتي روز 🌹\n1962',
      placement: 'top',
    });
    await media.request(setPhotoCaption, owner, { id, caption: null });
    expect((await listed(owner, project.id))[0]?.caption).toBeNull();
  });
});

describe('delete', () => {
  it('takes the photos out at once, closes the gap, and removes their objects after', async () => {
    const owner = actors.user();
    const { project, ids } = await withPhotos(owner, 3);
    const { results } = await upload(media, owner, project.id, [
      { name: 'Last.jpg', type: 'image/jpeg', bytes: await jpeg(640, 480) },
    ]);
    const uploaded = results[0]?.photoId as string;
    await videoReady(media, owner, uploaded);
    const { storagePath } = (await listed(owner, project.id)).find((p) => p.id === uploaded)!;
    expect(await media.storage.stat('photos', storagePath)).not.toBeNull();
    const stranger = await withPhotos(actors.user(), 1);

    const reply = await media.request(deletePhotos, owner, {
      projectId: project.id,
      ids: [ids[1]!, uploaded, stranger.ids[0]!],
    });
    expect(reply.ids.sort()).toEqual([ids[1], uploaded].sort());
    expect((await listed(owner, project.id)).map((p) => [p.id, p.displayOrder])).toEqual([
      [ids[0], 0],
      [ids[2], 1],
    ]);
    expect(await media.db.photo.count({ where: { id: stranger.ids[0]!, status: 'stored' } })).toBe(1);
    const events = (await media.events(photoDeleted)).filter((e) => e.data.projectId === project.id);
    expect(events.map((e) => e.data.id).sort()).toEqual([ids[1], uploaded].sort());
    // Its original goes (with its thumbnails and derivative); the row stays, as gone, only while a PUT URL could land.
    await eventually(async () => expect(await media.storage.stat('photos', storagePath)).toBeNull());
    const row = await media.db.photo.findUnique({ where: { id: uploaded } });
    expect(row === null || (row.status === 'project-deleted' && row.displayOrder === null)).toBe(true);
  });
});

describe('quota', () => {
  it('counts stored photos and uploads still open, at once: a deleted photo or a lapsed upload no more', async () => {
    const owner = actors.user();
    const { project, ids } = await withPhotos(owner, 3);
    const quota = async () => {
      const { count, limit, remaining } = await media.request(photoQuota, owner, {
        projectId: project.id,
      });
      expect(remaining).toBe(limit - count);
      return count;
    };
    expect(await quota()).toBe(3);
    const { slots } = await media.request(requestPhotoUploads, owner, {
      projectId: project.id,
      files: [
        { name: 'a.jpg', size: 1000, contentType: 'image/jpeg' },
        { name: 'b.jpg', size: 1000, contentType: 'image/jpeg' },
      ],
    });
    expect(await quota()).toBe(5);
    await media.request(deletePhotos, owner, { projectId: project.id, ids: [ids[0]!] });
    expect(await quota()).toBe(4);
    await media.db.photo.update({
      where: { id: slots[0]!.uploadId },
      data: { uploadExpiresAt: new Date(Date.now() - 1000) },
    });
    expect(await quota()).toBe(3);
  });
});

describe("projects' quota after a delete", () => {
  it('has the places back as soon as the delete answers', async () => {
    const owner = actors.user();
    const project = await media.project(owner);
    const { results } = await upload(media, owner, project.id, [
      { name: 'A.jpg', type: 'image/jpeg', bytes: await jpeg(320, 240) },
      { name: 'B.jpg', type: 'image/jpeg', bytes: await jpeg(320, 240) },
    ]);
    const [first, second] = results.map((result) => result.photoId as string);
    await media.request(deletePhotos, owner, { projectId: project.id, ids: [first!] });
    expect((await media.request(photoQuota, owner, { projectId: project.id })).count).toBe(1);
    expect((await listed(owner, project.id)).map((photo) => photo.id)).toEqual([second]);
  });
});

describe('ownership', () => {
  const calls = (projectId: string, photoId: string): [RequestContract, unknown, string][] => [
    [listPhotos, { projectId }, 'Project not found'],
    [photoQuota, { projectId }, 'Project not found'],
    [deletePhotos, { projectId, ids: [photoId] }, 'Project not found'],
    [reorderPhoto, { projectId, from: 0, to: 0 }, 'Project not found'],
    [setPhotoFilter, { id: photoId, filter: 'warm' }, 'Photo not found'],
    [setPhotoTransforms, { id: photoId, transforms: DEFAULT_TRANSFORMS }, 'Photo not found'],
    [setPhotoCaption, { id: photoId, caption: { text: 'Rose', placement: 'bottom' } }, 'Photo not found'],
  ];

  it('another user and another guest session are told it does not exist; no session needs to sign in', async () => {
    const owner = actors.user();
    const { project, ids } = await withPhotos(owner, 1);
    for (const [contract, data, message] of calls(project.id, ids[0]!)) {
      for (const intruder of [actors.user(), actors.anonymousUser()]) {
        const error = await media.failure(contract, intruder, data as z.input<typeof contract.request>);
        expect([contract.subject, error.code, error.message]).toEqual([
          contract.subject,
          'NOT_FOUND',
          message,
        ]);
      }
      const error = await media.failure(contract, actors.guest(), data as z.input<typeof contract.request>);
      expect([contract.subject, error.code]).toEqual([contract.subject, 'UNAUTHORIZED']);
    }
    const photos = await listed(owner, project.id);
    expect(photos.map((p) => [p.id, p.filter, p.caption])).toEqual([[ids[0], 'none', null]]);
  });
});
