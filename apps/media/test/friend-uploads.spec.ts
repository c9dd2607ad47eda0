import {
  type Actor,
  completePhotoUploads,
  createFriendLink,
  deactivateFriendLink,
  getPhotoUrls,
  INVALID_UPLOAD_LINK,
  listPendingPhotos,
  listPhotos,
  pendingPhotosChanged,
  photoQuota,
  requestPhotoUploads,
} from '@memoreel/contracts';
import { BusClient } from '@memoreel/platform';
import { actors } from '@memoreel/testing';
import { describe, expect, it } from 'vitest';
import { smallJpeg as jpeg, put, friendUpload as uploadThrough } from './browser-uploads.js';
import { eventually, useMedia } from './media-harness.js';

const media = useMedia({ collaborators: ['projects'] });

const friendUpload = (friend: Actor, linkId: string, projectId: string, count: number) =>
  uploadThrough(media, friend, linkId, projectId, count);

describe('uploads through a friend link', () => {
  it("arrive pending, submitted by the visitor, on the owner's quota, and ring the owner's bell; the visitor reads nothing back", async () => {
    const owner = actors.user();
    const friend = actors.anonymousUser();
    const project = await media.project(owner);
    const link = await media.request(createFriendLink, owner, {
      projectId: project.id,
      inviterName: 'Ada',
    });
    const bell: { userId: string; projectId: string; total: number }[] = [];
    const live = new BusClient(media.bus).subscribeLive(pendingPhotosChanged, (data) => bell.push(data));

    const { results } = await friendUpload(friend, link.id, project.id, 2);
    expect(results.every((r) => r.photoId && r.error === null)).toBe(true);
    // Stored with the completion: pending at once, and the owner's bell told after it.
    const { photos } = await media.request(listPendingPhotos, owner, { projectId: project.id });
    expect(photos).toHaveLength(2);
    expect(photos.every((p) => p.status === 'pending' && p.submittedBy === friend.userId)).toBe(true);
    expect(photos.every((p) => p.userId === owner.userId)).toBe(true);
    await eventually(async () =>
      expect(bell).toContainEqual({ userId: owner.userId, projectId: project.id, total: 2 }),
    );
    await live.stop();
    expect((await media.request(listPhotos, owner, { projectId: project.id })).photos).toHaveLength(0);
    expect((await media.request(photoQuota, owner, { projectId: project.id })).count).toBe(2);

    const ids = results.map((r) => r.photoId as string);
    await eventually(async () => {
      const { photos } = await media.request(getPhotoUrls, owner, { ids });
      expect(photos.every((p) => p.urls !== null)).toBe(true);
    });
    // The link opens nothing else: not the photos' URLs, not the project's photos.
    expect((await media.request(getPhotoUrls, friend, { ids })).photos).toEqual([]);
    await expect(media.request(listPhotos, friend, { projectId: project.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it("a link is for its own project only, and the owner's uploads are not the visitor's to complete", async () => {
    const owner = actors.user();
    const friend = actors.anonymousUser();
    const project = await media.project(owner);
    const other = await media.project(owner);
    const link = await media.request(createFriendLink, owner, {
      projectId: project.id,
      inviterName: 'Ada',
    });
    await expect(friendUpload(friend, link.id, other.id, 1)).rejects.toMatchObject({
      message: INVALID_UPLOAD_LINK,
    });

    const bytes = await jpeg(10);
    const ownerPlan = await media.request(requestPhotoUploads, owner, {
      projectId: project.id,
      files: [{ name: 'mine.jpg', size: bytes.length, contentType: 'image/jpeg' }],
    });
    const { results } = await media.request(completePhotoUploads, friend, {
      projectId: project.id,
      linkId: link.id,
      uploadIds: ownerPlan.slots.map((s) => s.uploadId),
    });
    expect(results[0]).toMatchObject({ photoId: null, error: 'Photo not found' });
  });

  it('a deactivated link refuses new uploads and the completion of open ones', async () => {
    const owner = actors.user();
    const friend = actors.anonymousUser();
    const project = await media.project(owner);
    const link = await media.request(createFriendLink, owner, {
      projectId: project.id,
      inviterName: 'Ada',
    });
    const bytes = await jpeg(200);
    const plan = await media.request(requestPhotoUploads, friend, {
      projectId: project.id,
      linkId: link.id,
      files: [{ name: 'late.jpg', size: bytes.length, contentType: 'image/jpeg' }],
    });
    await put(plan.slots[0]!.url, plan.slots[0]!.headers, bytes);
    await media.request(deactivateFriendLink, owner, { id: link.id });

    await expect(
      media.request(completePhotoUploads, friend, {
        projectId: project.id,
        linkId: link.id,
        uploadIds: [plan.slots[0]!.uploadId],
      }),
    ).rejects.toMatchObject({ message: INVALID_UPLOAD_LINK });
    await expect(friendUpload(friend, link.id, project.id, 1)).rejects.toMatchObject({
      message: INVALID_UPLOAD_LINK,
    });
  });
});
