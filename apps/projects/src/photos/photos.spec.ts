import { randomUUID } from 'node:crypto';
import {
  type Actor,
  createProject,
  deletePhotos,
  deleteProject,
  getPhotoQuota,
  listPhotos,
  listProjects,
  photoDeleted,
  photoFilterChanged,
  photoRejected,
  photoStored,
  type RequestContract,
  reorderPhoto,
  reservePhotoUploads,
  SYSTEM,
  setPhotoCaption,
  setPhotoFilter,
  setPhotoTransforms,
  setProjectTier,
} from '@memoreel/contracts';
import { DEFAULT_TRANSFORMS } from '@memoreel/domain';
import { buildEvent } from '@memoreel/platform';
import { actors } from '@memoreel/testing';
import { startedForTests } from '@memoreel/testing/hooks';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { asMedia } from '../../test/photo-events.js';
import { eventually, startProjects } from '../../test/projects-harness.js';

const projects = startedForTests('projects', () => startProjects());

const newProject = (owner: Actor) => projects.request(createProject, owner, { name: 'Photos' });
const { stored, withPhotos, reserve } = asMedia(projects);

describe('photos stored by media', () => {
  it('go last in display order, once however often the event arrives, and release their reservation', async () => {
    const owner = actors.user();
    const project = await withPhotos(owner, 2);
    const { reservations } = await reserve(owner, project.id, 1);
    const id = reservations[0]!.id as string;
    const event = await stored(owner, project.id, id, 'Beach.jpg');
    await projects.bus.publishEvent(photoStored.subject, event, { msgId: randomUUID() });
    await eventually(async () => {
      expect(await projects.db.processedEvent.count({ where: { eventId: event.id } })).toBe(1);
    });
    const { photos } = await projects.request(listPhotos, owner, { projectId: project.id });
    expect(photos.map((p) => p.displayOrder)).toEqual([0, 1, 2]);
    expect(photos[2]).toMatchObject({
      id,
      originalName: 'Beach.jpg',
      status: 'accepted',
      submittedBy: null,
      filter: 'none',
      transforms: DEFAULT_TRANSFORMS,
      width: 640,
      height: 480,
    });
    expect(await projects.db.photoUploadReservation.count({ where: { id } })).toBe(0);
  });

  it('a rejected upload gives its quota back', async () => {
    const owner = actors.user();
    const project = await newProject(owner);
    const { reservations, quota } = await reserve(owner, project.id, 3);
    expect(quota).toEqual({ count: 3, limit: 50, remaining: 47 });
    const rejected = buildEvent(photoRejected, SYSTEM, {
      id: reservations[0]!.id,
      projectId: project.id,
      userId: owner.userId!,
      reason: 'x is not a JPG, PNG, GIF, WEBP or HEIC image',
    });
    await projects.bus.publishEvent(photoRejected.subject, rejected, { msgId: rejected.id });
    await eventually(async () => {
      expect(await projects.request(getPhotoQuota, owner, { projectId: project.id })).toEqual({
        count: 2,
        limit: 50,
        remaining: 48,
      });
    });
  });
});

describe('quota', () => {
  it('is the plan limit: partial acceptance, and expired reservations stop counting', async () => {
    const owner = actors.user();
    const project = await withPhotos(owner, 2);
    const first = await reserve(owner, project.id, 45);
    expect(first.reservations).toHaveLength(45);
    const second = await reserve(owner, project.id, 10);
    expect(second.reservations).toHaveLength(3);
    expect(second.quota).toEqual({ count: 50, limit: 50, remaining: 0 });
    expect((await reserve(owner, project.id, 1)).reservations).toHaveLength(0);

    await projects.db.photoUploadReservation.updateMany({
      where: { id: { in: first.reservations.map((r) => r.id) } },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await reserve(owner, project.id, 100)).reservations).toHaveLength(45);
  });

  it.each([
    ['remember', 100],
    ['honor', 200],
    ['cherish', 400],
  ] as const)('is %s: %i photos', async (tier, limit) => {
    const owner = actors.user();
    const project = await newProject(owner);
    await projects.request(setProjectTier, actors.admin(), { id: project.id, tier });
    expect(await projects.request(getPhotoQuota, owner, { projectId: project.id })).toEqual({
      count: 0,
      limit,
      remaining: limit,
    });
  });

  it('counts an upload once while its photo arrives: read any time, never one short', async () => {
    const owner = actors.user();
    const project = await newProject(owner);
    const { reservations } = await reserve(owner, project.id, 20);
    const seen = new Set<number>();
    const arriving = Promise.all(reservations.map(({ id }) => stored(owner, project.id, id as string)));
    // Read back to back while the photos come in: a read between two counts would see one short.
    for (let copies = 0; copies < 20; ) {
      seen.add((await projects.request(getPhotoQuota, owner, { projectId: project.id })).count);
      copies = await projects.db.photo.count({ where: { projectId: project.id } });
    }
    await arriving;
    expect([...seen]).toEqual([20]);
  });

  it('an unknown stored tier counts as free', async () => {
    const owner = actors.user();
    const project = await newProject(owner);
    await projects.db.project.update({ where: { id: project.id }, data: { product: 'platinum' } });
    expect((await projects.request(getPhotoQuota, owner, { projectId: project.id })).limit).toBe(50);
  });

  it('is never exceeded by concurrent upload requests', async () => {
    const owner = actors.user();
    const project = await withPhotos(owner, 5);
    const replies = await Promise.all(Array.from({ length: 20 }, () => reserve(owner, project.id, 3)));
    const granted = replies.reduce((sum, reply) => sum + reply.reservations.length, 0);
    expect(granted).toBe(45);
    expect(await projects.db.photoUploadReservation.count({ where: { projectId: project.id } })).toBe(45);
  });
});

describe('reorder', () => {
  it('moves one photo and keeps the order dense', async () => {
    const owner = actors.user();
    const project = await withPhotos(owner, 4);
    const before = (await projects.request(listPhotos, owner, { projectId: project.id })).photos.map(
      (p) => p.id,
    );
    const { photos } = await projects.request(reorderPhoto, owner, { projectId: project.id, from: 0, to: 2 });
    expect(photos.map((p) => p.id)).toEqual([before[1], before[2], before[0], before[3]]);
    expect(photos.map((p) => p.displayOrder)).toEqual([0, 1, 2, 3]);
    const error = await projects.failure(reorderPhoto, owner, { projectId: project.id, from: 0, to: 4 });
    expect(error.code).toBe('VALIDATION_FAILED');
  });

  it('has no gaps or duplicates after concurrent moves', async () => {
    const owner = actors.user();
    const project = await withPhotos(owner, 8);
    const ids = (await projects.request(listPhotos, owner, { projectId: project.id })).photos.map(
      (p) => p.id,
    );
    await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        projects.request(reorderPhoto, owner, { projectId: project.id, from: i % 8, to: (i * 3) % 8 }),
      ),
    );
    const { photos } = await projects.request(listPhotos, owner, { projectId: project.id });
    expect(photos.map((p) => p.displayOrder)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(photos.map((p) => p.id).sort()).toEqual([...ids].sort());
  });
});

describe('filter and transforms', () => {
  it('stores one of the eight filters, refuses others', async () => {
    const owner = actors.user();
    const project = await withPhotos(owner, 1);
    const [photo] = (await projects.request(listPhotos, owner, { projectId: project.id })).photos;
    expect(await projects.request(setPhotoFilter, owner, { id: photo!.id, filter: 'sepia' })).toMatchObject({
      filter: 'sepia',
    });
    const error = await projects.failure(setPhotoFilter, owner, {
      id: photo!.id,
      filter: 'lomo' as 'none',
    });
    expect(error.code).toBe('VALIDATION_FAILED');
  });

  it('announces a changed filter (media bakes it into the video derivative), and only a change', async () => {
    const owner = actors.user();
    const project = await withPhotos(owner, 1);
    const [photo] = (await projects.request(listPhotos, owner, { projectId: project.id })).photos;
    await projects.request(setPhotoFilter, owner, { id: photo!.id, filter: 'warm' });
    await projects.request(setPhotoFilter, owner, { id: photo!.id, filter: 'warm' });
    await projects.request(setPhotoFilter, owner, { id: photo!.id, filter: 'cool' });
    const events = (await projects.events(photoFilterChanged)).filter((e) => e.data.id === photo!.id);
    expect(events.map((e) => e.data)).toEqual([
      { id: photo!.id, projectId: project.id, userId: owner.userId, filter: 'warm' },
      { id: photo!.id, projectId: project.id, userId: owner.userId, filter: 'cool' },
    ]);
  });

  it('clamps the motion to the spec bounds on the server', async () => {
    const owner = actors.user();
    const project = await withPhotos(owner, 1);
    const [photo] = (await projects.request(listPhotos, owner, { projectId: project.id })).photos;
    const saved = await projects.request(setPhotoTransforms, owner, {
      id: photo!.id,
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
    const [reread] = (await projects.request(listPhotos, owner, { projectId: project.id })).photos;
    expect(reread!.transforms).toEqual(expected);
  });

  it('keeps a caption tidied, removes it with null, and refuses one past its limits, changing nothing', async () => {
    const owner = actors.user();
    const project = await withPhotos(owner, 1);
    const [photo] = (await projects.request(listPhotos, owner, { projectId: project.id })).photos;
    expect(photo!.caption).toBeNull();
    const saved = await projects.request(setPhotoCaption, owner, {
      id: photo!.id,
      caption: { text: '  جدتي روز 🌹 \n 1962 ', placement: 'top' },
    });
    expect(saved.caption).toEqual({ text: 'جدتي روز 🌹\n1962', placement: 'top' });
    for (const caption of [
      { text: 'a\nb\nc', placement: 'top' },
      { text: 'x'.repeat(101), placement: 'bottom' },
      { text: 'Rose', placement: 'middle' },
    ]) {
      const refused = await projects.failure(setPhotoCaption, owner, {
        id: photo!.id,
        caption: caption as never,
      });
      expect(refused.code).toBe('VALIDATION_FAILED');
    }
    const [kept] = (await projects.request(listPhotos, owner, { projectId: project.id })).photos;
    expect(kept!.caption).toEqual({ text: 'جدتي روز 🌹\n1962', placement: 'top' });
    await projects.request(setPhotoCaption, owner, { id: photo!.id, caption: null });
    const [cleared] = (await projects.request(listPhotos, owner, { projectId: project.id })).photos;
    expect(cleared!.caption).toBeNull();
  });
});

describe('delete', () => {
  it('removes the photos, renumbers the rest and emits projects.photo.deleted for each', async () => {
    const owner = actors.user();
    const project = await withPhotos(owner, 4);
    const ids = (await projects.request(listPhotos, owner, { projectId: project.id })).photos.map(
      (p) => p.id,
    );
    const stranger = await withPhotos(actors.user(), 1);
    const [foreign] = await projects.db.photo.findMany({ where: { projectId: stranger.id } });
    const reply = await projects.request(deletePhotos, owner, {
      projectId: project.id,
      ids: [ids[1]!, ids[2]!, foreign!.id],
    });
    expect(reply.ids.sort()).toEqual([ids[1], ids[2]].sort());
    const { photos } = await projects.request(listPhotos, owner, { projectId: project.id });
    expect(photos.map((p) => [p.id, p.displayOrder])).toEqual([
      [ids[0], 0],
      [ids[3], 1],
    ]);
    expect(await projects.db.photo.count({ where: { id: foreign!.id } })).toBe(1);
    const events = (await projects.events(photoDeleted)).filter((e) => e.data.projectId === project.id);
    expect(events.map((e) => e.data.id).sort()).toEqual([ids[1], ids[2]].sort());
    expect(events[0]!.data.storagePath).toMatch(new RegExp(`^${project.id}/`));
  });

  it('goes with the project', async () => {
    const owner = actors.user();
    const project = await withPhotos(owner, 2);
    await projects.request(deleteProject, owner, { id: project.id });
    expect(await projects.db.photo.count({ where: { projectId: project.id } })).toBe(0);
  });
});

describe('project cards', () => {
  it('carry the photo count and the first six photos in display order', async () => {
    const owner = actors.user();
    const project = await withPhotos(owner, 7);
    const ids = (await projects.request(listPhotos, owner, { projectId: project.id })).photos.map(
      (p) => p.id,
    );
    const [card] = (await projects.request(listProjects, owner, {})).projects;
    expect(card).toMatchObject({ id: project.id, photoCount: 7 });
    expect(card!.photos.map((p) => p.id)).toEqual(ids.slice(0, 6));
  });
});

describe('ownership', () => {
  const calls = (projectId: string, photoId: string): [RequestContract, unknown, string][] => [
    [listPhotos, { projectId }, 'Project not found'],
    [getPhotoQuota, { projectId }, 'Project not found'],
    [deletePhotos, { projectId, ids: [photoId] }, 'Project not found'],
    [reorderPhoto, { projectId, from: 0, to: 0 }, 'Project not found'],
    [setPhotoFilter, { id: photoId, filter: 'warm' }, 'Photo not found'],
    [setPhotoTransforms, { id: photoId, transforms: DEFAULT_TRANSFORMS }, 'Photo not found'],
    [setPhotoCaption, { id: photoId, caption: { text: 'Rose', placement: 'bottom' } }, 'Photo not found'],
  ];

  it('another user and another guest session are told it does not exist; no session needs to sign in', async () => {
    const owner = actors.user();
    const project = await withPhotos(owner, 1);
    const [photo] = (await projects.request(listPhotos, owner, { projectId: project.id })).photos;
    for (const [contract, data, message] of calls(project.id, photo!.id)) {
      for (const intruder of [actors.user(), actors.anonymousUser()]) {
        const error = await projects.failure(contract, intruder, data as z.input<typeof contract.request>);
        expect([contract.subject, error.code, error.message]).toEqual([
          contract.subject,
          'NOT_FOUND',
          message,
        ]);
      }
      const error = await projects.failure(
        contract,
        actors.guest(),
        data as z.input<typeof contract.request>,
      );
      expect([contract.subject, error.code]).toEqual([contract.subject, 'UNAUTHORIZED']);
    }
    const taken = await projects
      .requestAs('media', reservePhotoUploads, SYSTEM, {
        projectId: project.id,
        userId: randomUUID(),
        count: 1,
        expiresInSeconds: 3600,
      })
      .catch((error: { code: string }) => error);
    expect(taken).toMatchObject({ code: 'NOT_FOUND' });
    const fromBrowser = await projects.failure(reservePhotoUploads, owner, {
      projectId: project.id,
      userId: owner.userId!,
      count: 1,
      expiresInSeconds: 3600,
    });
    // An internal request: the gateway may not send it at all (senders.ts), before the handler's own check.
    expect(fromBrowser.code).toBe('FORBIDDEN_SENDER');
    const { photos } = await projects.request(listPhotos, owner, { projectId: project.id });
    expect(photos).toHaveLength(1);
    expect(photos[0]!.filter).toBe('none');
  });
});
