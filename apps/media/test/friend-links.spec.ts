import { randomUUID } from 'node:crypto';
import {
  type Actor,
  createFriendLink,
  deactivateFriendLink,
  deleteProject,
  getFriendLink,
  INVALID_UPLOAD_LINK,
  listFriendLinks,
  photoQuota,
  requestPhotoUploads,
} from '@memoreel/contracts';
import { actors } from '@memoreel/testing';
import { describe, expect, it } from 'vitest';
import { eventually, useMedia } from './media-harness.js';

/**
 * Upload links in media (decision 0016; moved with the photo intake, decision 0030): who may make and
 * read them, what a visitor learns, and how the places they hold count against the owner's plan.
 */

const media = useMedia({ collaborators: ['projects'] });

const newLink = (owner: Actor, projectId: string, expiresInDays?: number) =>
  media.request(createFriendLink, owner, { projectId, inviterName: 'Ada', expiresInDays });
const files = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ name: `f${i}.jpg`, size: 1000, contentType: 'image/jpeg' }));
/** A visitor's request for `count` places through the link, as the public upload page makes it. */
const reserveFor = (linkId: string, projectId: string, friend: Actor, count: number) =>
  media.request(requestPhotoUploads, friend, { projectId, linkId, files: files(count) });
const quotaOf = (owner: Actor, projectId: string) => media.request(photoQuota, owner, { projectId });
const openUploads = async (projectId: string) =>
  media.db.photo.count({ where: { projectId, status: 'awaiting-upload' } });

describe('upload links', () => {
  it('last 7 days unless the owner picks another, and show visitors only the project name and inviter', async () => {
    const owner = actors.user();
    const project = await media.project(owner);
    const link = await newLink(owner, project.id);
    const days = (Date.parse(link.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const short = await newLink(owner, project.id, 1);
    expect((Date.parse(short.expiresAt) - Date.now()) / 86_400_000).toBeLessThanOrEqual(1);

    expect(await media.request(getFriendLink, actors.guest(), { id: link.id })).toEqual({
      id: link.id,
      projectId: project.id,
      projectName: 'Holiday',
      inviterName: 'Ada',
      expiresAt: link.expiresAt,
    });
    const { links } = await media.request(listFriendLinks, owner, { projectId: project.id });
    expect(links.map((l) => l.id)).toEqual([short.id, link.id]);
  });

  it('deactivated, expired or unknown: "Invalid or expired upload link", and no place is held', async () => {
    const owner = actors.user();
    const friend = actors.user();
    const project = await media.project(owner);
    const deactivated = await newLink(owner, project.id);
    await media.request(deactivateFriendLink, owner, { id: deactivated.id });
    const expired = await newLink(owner, project.id);
    await media.db.friendUploadLink.update({
      where: { id: expired.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    for (const id of [deactivated.id, expired.id, randomUUID()]) {
      await expect(media.request(getFriendLink, actors.guest(), { id })).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: INVALID_UPLOAD_LINK,
      });
      await expect(reserveFor(id, project.id, friend, 1)).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: INVALID_UPLOAD_LINK,
      });
    }
    expect(await openUploads(project.id)).toBe(0);
  });

  it('only the owner creates, lists or deactivates them', async () => {
    const owner = actors.user();
    const other = actors.user();
    const project = await media.project(owner);
    const link = await newLink(owner, project.id);
    await expect(newLink(other, project.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(media.request(listFriendLinks, other, { projectId: project.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(media.request(deactivateFriendLink, other, { id: link.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: INVALID_UPLOAD_LINK,
    });
    await expect(newLink(actors.guest(), project.id)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const { links } = await media.request(listFriendLinks, owner, { projectId: project.id });
    expect(links[0]?.isActive).toBe(true);
  });

  it("count against the OWNER's plan together with the owner's uploads, under concurrency", async () => {
    const owner = actors.user();
    const project = await media.project(owner);
    const link = await newLink(owner, project.id);
    const friends = [actors.user(), actors.user(), actors.user()];
    // 50 places (free): the owner asks for 20 while three friends ask for 15 each, all at once.
    const plans = await Promise.all([
      media.request(requestPhotoUploads, owner, { projectId: project.id, files: files(20) }),
      ...friends.map((friend) => reserveFor(link.id, project.id, friend, 15)),
    ]);
    expect(plans.reduce((sum, plan) => sum + plan.slots.length, 0)).toBe(50);
    expect(await quotaOf(owner, project.id)).toEqual({ count: 50, limit: 50, remaining: 0 });
    expect((await reserveFor(link.id, project.id, friends[0]!, 1)).slots).toHaveLength(0);
  });

  it('give the places their open uploads hold back at once when deactivated or expired', async () => {
    const owner = actors.user();
    const friend = actors.user();
    const project = await media.project(owner);
    const [first, second] = [await newLink(owner, project.id), await newLink(owner, project.id)];
    await reserveFor(first.id, project.id, friend, 20);
    await reserveFor(second.id, project.id, friend, 10);
    expect(await quotaOf(owner, project.id)).toMatchObject({ count: 30, remaining: 20 });

    await media.request(deactivateFriendLink, owner, { id: first.id });
    expect(await quotaOf(owner, project.id)).toMatchObject({ count: 10, remaining: 40 });
    await media.db.friendUploadLink.update({
      where: { id: second.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await quotaOf(owner, project.id)).toMatchObject({ count: 0, remaining: 50 });
    // Deactivating again changes nothing; the owner's own uploads have every place.
    await media.request(deactivateFriendLink, owner, { id: first.id });
    const own = await media.request(requestPhotoUploads, owner, { projectId: project.id, files: files(50) });
    expect(own.slots).toHaveLength(50);
  });

  it('of a deleted project hold nothing and show nothing', async () => {
    const owner = actors.user();
    const friend = actors.user();
    const project = await media.project(owner);
    const link = await newLink(owner, project.id);
    await media.request(deleteProject, owner, { id: project.id });
    await eventually(async () =>
      expect(media.request(getFriendLink, actors.guest(), { id: link.id })).rejects.toMatchObject({
        message: INVALID_UPLOAD_LINK,
      }),
    );
    await expect(reserveFor(link.id, project.id, friend, 5)).rejects.toMatchObject({
      message: INVALID_UPLOAD_LINK,
    });
    expect(await openUploads(project.id)).toBe(0);
  });
});
