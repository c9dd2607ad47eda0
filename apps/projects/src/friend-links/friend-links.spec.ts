import { randomUUID } from 'node:crypto';
import {
  type Actor,
  acceptPendingPhotos,
  checkFriendLink,
  createFriendLink,
  createProject,
  deactivateFriendLink,
  getFriendLink,
  getPhotoQuota,
  INVALID_UPLOAD_LINK,
  listFriendLinks,
  listPendingPhotos,
  listPhotos,
  pendingPhotoSummary,
  pendingPhotosChanged,
  photoDeleted,
  photoStored,
  rejectPendingPhotos,
  reserveFriendUploads,
  reservePhotoUploads,
  SYSTEM,
} from '@memoreel/contracts';
import { buildEvent } from '@memoreel/platform';
import { actors } from '@memoreel/testing';
import { startedForTests } from '@memoreel/testing/hooks';
import { describe, expect, it } from 'vitest';
import { asMedia } from '../../test/photo-events.js';
import { eventually, startProjects } from '../../test/projects-harness.js';

const projects = startedForTests('projects', () => startProjects());
const { stored } = asMedia(projects);

const newProject = (owner: Actor, name = 'Summer') => projects.request(createProject, owner, { name });
const newLink = (owner: Actor, projectId: string, expiresInDays?: number) =>
  projects.request(createFriendLink, owner, { projectId, inviterName: 'Ada', expiresInDays });
const reserveFor = (linkId: string, projectId: string, friend: Actor, count: number) =>
  projects.requestAs('media', reserveFriendUploads, SYSTEM, {
    linkId,
    projectId,
    submittedBy: friend.userId!,
    count,
    expiresInSeconds: 3600,
  });

/** What media does once a friend's upload passed verification. */
const friendStored = async (owner: Actor, friend: Actor, projectId: string, id = randomUUID()) =>
  (await stored(owner, projectId, id, undefined, friend.userId!)).data.id;

describe('upload links', () => {
  it('last 7 days unless the owner picks another, and show visitors only the project name and inviter', async () => {
    const owner = actors.user();
    const project = await newProject(owner);
    const link = await newLink(owner, project.id);
    const days = (Date.parse(link.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const short = await newLink(owner, project.id, 1);
    expect((Date.parse(short.expiresAt) - Date.now()) / 86_400_000).toBeLessThanOrEqual(1);

    const visitor = await projects.request(getFriendLink, actors.guest(), { id: link.id });
    expect(visitor).toEqual({
      id: link.id,
      projectId: project.id,
      projectName: 'Summer',
      inviterName: 'Ada',
      expiresAt: link.expiresAt,
    });
    const { links } = await projects.request(listFriendLinks, owner, { projectId: project.id });
    expect(links.map((l) => l.id)).toEqual([short.id, link.id]);
  });

  it('deactivated, expired or unknown: "Invalid or expired upload link", and no upload is reserved', async () => {
    const owner = actors.user();
    const friend = actors.user();
    const project = await newProject(owner);
    const deactivated = await newLink(owner, project.id);
    await projects.request(deactivateFriendLink, owner, { id: deactivated.id });
    const expired = await newLink(owner, project.id);
    await projects.db.friendUploadLink.update({
      where: { id: expired.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    for (const id of [deactivated.id, expired.id, randomUUID()]) {
      await expect(projects.request(getFriendLink, actors.guest(), { id })).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: INVALID_UPLOAD_LINK,
      });
      await expect(reserveFor(id, project.id, friend, 1)).rejects.toMatchObject({
        message: INVALID_UPLOAD_LINK,
      });
      await expect(
        projects.requestAs('media', checkFriendLink, SYSTEM, { linkId: id }),
      ).rejects.toMatchObject({ message: INVALID_UPLOAD_LINK });
    }
    expect(await projects.db.photoUploadReservation.count({ where: { projectId: project.id } })).toBe(0);
  });

  it('only the owner creates, lists or deactivates them; only media reserves', async () => {
    const owner = actors.user();
    const other = actors.user();
    const project = await newProject(owner);
    const link = await newLink(owner, project.id);
    await expect(newLink(other, project.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(projects.request(listFriendLinks, other, { projectId: project.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(projects.request(deactivateFriendLink, other, { id: link.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(newLink(actors.guest(), project.id)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    // The gateway cannot ask for a reservation as the system, nor as the user.
    await expect(
      projects.request(reserveFriendUploads, owner, {
        linkId: link.id,
        projectId: project.id,
        submittedBy: other.userId!,
        count: 1,
        expiresInSeconds: 3600,
      }),
    ).rejects.toBeTruthy();
    const { links } = await projects.request(listFriendLinks, owner, { projectId: project.id });
    expect(links[0]?.isActive).toBe(true);
  });

  it("count against the OWNER's plan together with the owner's uploads, under concurrency", async () => {
    const owner = actors.user();
    const project = await newProject(owner);
    const link = await newLink(owner, project.id);
    const friends = [actors.user(), actors.user(), actors.user()];
    // 50 places (free): the owner asks for 20 while three friends ask for 15 each, all at once.
    const results = await Promise.all([
      projects.requestAs('media', reservePhotoUploads, SYSTEM, {
        projectId: project.id,
        userId: owner.userId!,
        count: 20,
        expiresInSeconds: 3600,
      }),
      ...friends.map((friend) => reserveFor(link.id, project.id, friend, 15)),
    ]);
    const granted = results.reduce((sum, r) => sum + r.reservations.length, 0);
    expect(granted).toBe(50);
    expect(await projects.request(getPhotoQuota, owner, { projectId: project.id })).toEqual({
      count: 50,
      limit: 50,
      remaining: 0,
    });
    expect((await reserveFor(link.id, project.id, friends[0]!, 1)).reservations).toHaveLength(0);
  });
});

describe('pending photos', () => {
  it('stay out of the photo list until accepted; rejected ones are deleted with their objects', async () => {
    const owner = actors.user();
    const friend = actors.user();
    const project = await newProject(owner);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push(await friendStored(owner, friend, project.id));
    await eventually(async () => {
      const { photos } = await projects.request(listPendingPhotos, owner, { projectId: project.id });
      expect(photos).toHaveLength(3);
    });
    const { photos: pending } = await projects.request(listPendingPhotos, owner, { projectId: project.id });
    expect(pending.every((p) => p.status === 'pending' && p.submittedBy === friend.userId)).toBe(true);
    expect((await projects.request(listPhotos, owner, { projectId: project.id })).photos).toHaveLength(0);
    // Pending photos count against the plan.
    expect((await projects.request(getPhotoQuota, owner, { projectId: project.id })).count).toBe(3);
    expect(await projects.request(pendingPhotoSummary, owner, {})).toEqual({
      total: 3,
      projects: [{ projectId: project.id, projectName: 'Summer', count: 3 }],
    });

    // Nobody else lists, accepts or rejects them.
    const other = actors.user();
    await expect(projects.request(listPendingPhotos, other, { projectId: project.id })).rejects.toMatchObject(
      { code: 'NOT_FOUND' },
    );
    await expect(
      projects.request(acceptPendingPhotos, other, { projectId: project.id, ids }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      projects.request(rejectPendingPhotos, friend, { projectId: project.id, ids }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await projects.request(pendingPhotoSummary, other, {})).toEqual({ total: 0, projects: [] });

    const deleted: string[] = [];
    const live: { userId: string; total: number }[] = [];
    const deletions = projects.bus.subscribeLive(pendingPhotosChanged.subject, (m) =>
      live.push(m.payload as { userId: string; total: number }),
    );
    expect(
      await projects.request(acceptPendingPhotos, owner, { projectId: project.id, ids: ids.slice(0, 2) }),
    ).toEqual({ ids: ids.slice(0, 2) });
    expect(
      await projects.request(rejectPendingPhotos, owner, { projectId: project.id, ids: ids.slice(2) }),
    ).toEqual({ ids: ids.slice(2) });
    const { photos } = await projects.request(listPhotos, owner, { projectId: project.id });
    expect(photos.map((p) => [p.id, p.displayOrder, p.status])).toEqual([
      [ids[0], 0, 'accepted'],
      [ids[1], 1, 'accepted'],
    ]);
    // The owner's next photo goes right after them: the order stays dense.
    const own = randomUUID();
    await projects.bus.publishEvent(
      photoStored.subject,
      buildEvent(photoStored, SYSTEM, {
        id: own,
        projectId: project.id,
        userId: owner.userId!,
        submittedBy: null,
        storagePath: `${project.id}/${own}.jpg`,
        originalName: 'own.jpg',
        contentType: 'image/jpeg',
        width: 640,
        height: 480,
      }),
      { msgId: randomUUID() },
    );
    await eventually(async () => {
      const after = await projects.request(listPhotos, owner, { projectId: project.id });
      expect(after.photos.map((p) => p.displayOrder)).toEqual([0, 1, 2]);
    });
    await eventually(async () => {
      const events = await projects.db.outboxEvent.findMany({ where: { type: photoDeleted.subject } });
      for (const e of events) deleted.push(JSON.stringify(e));
      expect(deleted.some((e) => e.includes(ids[2] as string))).toBe(true);
    });
    await eventually(async () => {
      expect(live.map((m) => m.total)).toEqual([1, 0]);
      expect(live.every((m) => m.userId === owner.userId)).toBe(true);
    });
    await deletions.stop();
  });
});
