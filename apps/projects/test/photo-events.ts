import { randomUUID } from 'node:crypto';
import {
  type Actor,
  createProject,
  listPhotos,
  photoStored,
  reservePhotoUploads,
  SYSTEM,
} from '@memoreel/contracts';
import { buildEvent } from '@memoreel/platform';
import { expect } from 'vitest';
import { eventually, type ProjectsHarness } from './projects-harness.js';

/** What the photo specs do as media would: photos stored, places reserved, for one projects harness. */
export function asMedia(projects: ProjectsHarness) {
  /** What media records once an upload passed verification (a friend's when `submittedBy` is given). */
  async function stored(
    owner: Actor,
    projectId: string,
    id: string = randomUUID(),
    name = `${id.slice(0, 4)}.jpg`,
    submittedBy: string | null = null,
  ) {
    const event = buildEvent(photoStored, SYSTEM, {
      id,
      projectId,
      userId: owner.userId!,
      submittedBy,
      storagePath: `${projectId}/${id}.jpg`,
      originalName: name,
      contentType: 'image/jpeg',
      width: 640,
      height: 480,
    });
    await projects.bus.publishEvent(photoStored.subject, event, { msgId: event.id });
    return event;
  }

  /** A new project of `owner` with `n` photos of theirs, once projects has them all. */
  async function withPhotos(owner: Actor, n: number) {
    const project = await projects.request(createProject, owner, { name: 'Photos' });
    for (let i = 0; i < n; i++) await stored(owner, project.id);
    await eventually(async () => {
      expect((await projects.request(listPhotos, owner, { projectId: project.id })).photos).toHaveLength(n);
    });
    return project;
  }

  const reserve = (owner: Actor, projectId: string, count: number) =>
    projects.requestAs('media', reservePhotoUploads, SYSTEM, {
      projectId,
      userId: owner.userId!,
      count,
      expiresInSeconds: 3600,
    });

  return { stored, withPhotos, reserve };
}
