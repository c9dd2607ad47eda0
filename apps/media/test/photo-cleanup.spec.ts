import { randomUUID } from 'node:crypto';
import {
  completePhotoUploads,
  deletePhotos,
  deleteProject,
  photoQuota,
  projectDeleted,
  requestPhotoUploads,
  SYSTEM,
} from '@memoreel/contracts';
import { photoMessages } from '@memoreel/domain';
import { buildEvent } from '@memoreel/platform';
import { actors } from '@memoreel/testing';
import { describe, expect, it } from 'vitest';
import { put, upload, videoReady } from './browser-uploads.js';
import { eventually, useMedia } from './media-harness.js';
import { jpeg } from './photo-files.js';

/** What goes when photos, projects and abandoned uploads go: objects, rows and quota. */

const media = useMedia({ collaborators: ['projects'] });

describe('deleting', () => {
  it('a photo removes its object, thumbnails and video derivative', async () => {
    const owner = actors.user();
    const project = await media.project(owner);
    const { results } = await upload(media, owner, project.id, [
      { name: 'a.jpg', type: 'image/jpeg', bytes: await jpeg(300, 200) },
      { name: 'b.jpg', type: 'image/jpeg', bytes: await jpeg(300, 200) },
    ]);
    const [a, b] = results.map((r) => r.photoId!);
    await videoReady(media, owner, a!);
    await videoReady(media, owner, b!);
    // Each: the original, three thumbnails, the video derivative.
    expect(await media.keys(`${project.id}/`)).toHaveLength(10);
    await media.request(deletePhotos, owner, { projectId: project.id, ids: [a!] });
    await eventually(async () => {
      const keys = await media.keys(`${project.id}/`);
      expect(keys).toHaveLength(5);
      expect(keys.every((key) => key.includes(b!))).toBe(true);
    });
  });

  it('a project removes every object of the project and no other', async () => {
    const owner = actors.user();
    const project = await media.project(owner);
    const kept = await media.project(owner);
    await upload(media, owner, project.id, [
      { name: 'a.jpg', type: 'image/jpeg', bytes: await jpeg(300, 200) },
    ]);
    const { results } = await upload(media, owner, kept.id, [
      { name: 'k.jpg', type: 'image/jpeg', bytes: await jpeg(300, 200) },
    ]);
    await videoReady(media, owner, results[0]!.photoId!);
    await eventually(async () => expect((await media.keys(`${project.id}/`)).length).toBe(5));
    await media.request(deleteProject, owner, { id: project.id });
    await eventually(async () => {
      expect(await media.keys(`${project.id}/`)).toEqual([]);
      expect(await media.db.photo.count({ where: { projectId: project.id } })).toBe(0);
    });
    expect(await media.keys(`${kept.id}/`)).toHaveLength(5);
  });
});

describe('projects.project.deleted', () => {
  it('is handled once however often it arrives', async () => {
    const owner = actors.user();
    const project = await media.project(owner);
    await upload(media, owner, project.id, [
      { name: 'a.jpg', type: 'image/jpeg', bytes: await jpeg(100, 100) },
    ]);
    const deleted = buildEvent(projectDeleted, SYSTEM, { id: project.id, userId: owner.userId! });
    await media.bus.publishEvent(projectDeleted.subject, deleted, { msgId: deleted.id });
    await media.bus.publishEvent(projectDeleted.subject, deleted, { msgId: randomUUID() });
    await eventually(async () => {
      expect(await media.keys(`${project.id}/`)).toEqual([]);
      expect(
        await media.db.processedEvent.count({
          where: { eventId: deleted.id, consumer: 'delete-objects-when-project-deleted' },
        }),
      ).toBe(1);
    });
  });
});

describe('abandoned uploads', () => {
  it('an object PUT but never completed is removed once its reservation ends, and its quota released', async () => {
    const owner = actors.user();
    const project = await media.project(owner);
    const plan = await media.request(requestPhotoUploads, owner, {
      projectId: project.id,
      files: [{ name: 'left.jpg', size: 1000, contentType: 'image/jpeg' }],
    });
    const slot = plan.slots[0]!;
    await put(slot.url, slot.headers, await jpeg(64, 64));
    expect(await media.keys(`${project.id}/`)).toHaveLength(1);
    await media.db.photo.update({
      where: { id: slot.uploadId },
      data: { uploadExpiresAt: new Date(Date.now() - 1000) },
    });
    await eventually(async () => {
      expect(await media.keys(`${project.id}/`)).toEqual([]);
      expect(await media.request(photoQuota, owner, { projectId: project.id })).toMatchObject({
        count: 0,
      });
    });
    const { results } = await media.request(completePhotoUploads, owner, {
      projectId: project.id,
      uploadIds: [slot.uploadId],
    });
    expect(results[0]).toMatchObject({ photoId: null, error: photoMessages.uploadFailedFor('left.jpg') });
  });

  it('a PUT after complete, accepted or refused, is removed once its reservation ends (S3 cannot refuse it)', async () => {
    const owner = actors.user();
    const project = await media.project(owner);
    const good = await jpeg(64, 64);
    const { plan, results } = await upload(media, owner, project.id, [
      { name: 'kept.jpg', type: 'image/jpeg', bytes: good },
      { name: 'bad.jpg', type: 'image/jpeg', bytes: Buffer.from('not an image') },
    ]);
    const photoId = results[0]!.photoId!;
    expect(results[1]).toMatchObject({ photoId: null });
    for (const slot of plan.slots) await put(slot.url, slot.headers, good);
    expect(await media.keys(`${project.id}/uploads/`)).toHaveLength(2);

    await media.db.photo.updateMany({
      where: { projectId: project.id },
      data: { uploadExpiresAt: new Date(Date.now() - 1000) },
    });
    await eventually(async () => expect(await media.keys(`${project.id}/uploads/`)).toEqual([]));
    expect(await media.keys(`${project.id}/`)).toContain(`${project.id}/${photoId}.jpg`);
    expect(await media.db.photo.findUniqueOrThrow({ where: { id: photoId } })).toMatchObject({
      status: 'stored',
      stagingSweptAt: expect.any(Date),
    });
  });

  it('a PUT after its photo was deleted, while its URL still works, is removed once its upload’s time ends', async () => {
    const owner = actors.user();
    const project = await media.project(owner);
    const good = await jpeg(64, 64);
    const { plan, results } = await upload(media, owner, project.id, [
      { name: 'gone.jpg', type: 'image/jpeg', bytes: good },
    ]);
    const photoId = results[0]!.photoId!;
    await videoReady(media, owner, photoId);
    await media.request(deletePhotos, owner, { projectId: project.id, ids: [photoId] });
    // The row is marked at once; its objects go after (media.photo.deleted).
    await eventually(async () => {
      expect(await media.db.photo.findUnique({ where: { id: photoId } })).toMatchObject({
        status: 'project-deleted',
      });
      expect(await media.keys(`${project.id}/`)).toEqual([]);
    });
    await put(plan.slots[0]!.url, plan.slots[0]!.headers, good);
    expect(await media.keys(`${project.id}/`)).toEqual([`${project.id}/uploads/${photoId}.jpg`]);

    await media.db.photo.update({
      where: { id: photoId },
      data: { uploadExpiresAt: new Date(Date.now() - 1000) },
    });
    await eventually(async () => {
      expect(await media.keys(`${project.id}/`)).toEqual([]);
      expect(await media.db.photo.findUnique({ where: { id: photoId } })).toBeNull();
    });
  });

  it('a PUT that lands after its project was deleted is removed when its URL has expired', async () => {
    const owner = actors.user();
    const project = await media.project(owner);
    const plan = await media.request(requestPhotoUploads, owner, {
      projectId: project.id,
      files: [{ name: 'late.jpg', size: 1000, contentType: 'image/jpeg' }],
    });
    const slot = plan.slots[0]!;
    await media.request(deleteProject, owner, { id: project.id });
    await eventually(async () => {
      expect(await media.db.photo.findUnique({ where: { id: slot.uploadId } })).toMatchObject({
        status: 'project-deleted',
      });
    });
    await put(slot.url, slot.headers, await jpeg(64, 64));
    const { results } = await media.request(completePhotoUploads, owner, {
      projectId: project.id,
      uploadIds: [slot.uploadId],
    });
    expect(results[0]).toMatchObject({ photoId: null, error: photoMessages.photoNotFound });
    await media.db.photo.update({
      where: { id: slot.uploadId },
      data: { uploadExpiresAt: new Date(Date.now() - 1000) },
    });
    await eventually(async () => {
      expect(await media.keys(`${project.id}/`)).toEqual([]);
      expect(await media.db.photo.count({ where: { id: slot.uploadId } })).toBe(0);
    });
  });
});
