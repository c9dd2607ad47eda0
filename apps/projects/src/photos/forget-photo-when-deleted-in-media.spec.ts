import {
  type Actor,
  createProject,
  getPhotoQuota,
  listPhotos,
  mediaPhotoDeleted,
  photoDeleted,
} from '@memoreel/contracts';
import { buildEvent } from '@memoreel/platform';
import { actors } from '@memoreel/testing';
import { startedForTests } from '@memoreel/testing/hooks';
import { describe, expect, it } from 'vitest';
import { asMedia } from '../../test/photo-events.js';
import { eventually, startProjects } from '../../test/projects-harness.js';

const projects = startedForTests('projects', () => startProjects());

const newProject = (owner: Actor) => projects.request(createProject, owner, { name: 'Photos' });
const { stored, withPhotos, reserve } = asMedia(projects);

describe('photos deleted in media', () => {
  /** What media records when its owner deletes a photo (or rejects a friend's). */
  async function deletedInMedia(owner: Actor, projectId: string, id: string) {
    const event = buildEvent(mediaPhotoDeleted, owner, {
      id,
      projectId,
      userId: owner.userId!,
      storagePath: `${projectId}/${id}.jpg`,
    });
    await projects.bus.publishEvent(mediaPhotoDeleted.subject, event, { msgId: event.id });
    return event;
  }
  const countOf = async (owner: Actor, projectId: string) =>
    (await projects.request(getPhotoQuota, owner, { projectId })).count;

  it('no longer count in the quota, and no projects.photo.deleted goes back to media', async () => {
    const owner = actors.user();
    const project = await withPhotos(owner, 3);
    const { photos } = await projects.request(listPhotos, owner, { projectId: project.id });
    await deletedInMedia(owner, project.id, photos[1]!.id);
    await eventually(async () => expect(await countOf(owner, project.id)).toBe(2));
    const echoed = (await projects.events(photoDeleted)).filter((e) => e.data.projectId === project.id);
    expect(echoed).toEqual([]);
  });

  it('heard before the photo was stored here, leave no copy to count, and its reservation ends', async () => {
    const owner = actors.user();
    const project = await newProject(owner);
    const { reservations } = await reserve(owner, project.id, 1);
    const id = reservations[0]!.id as string;
    const deletion = await deletedInMedia(owner, project.id, id);
    await eventually(async () =>
      expect(await projects.db.processedEvent.count({ where: { eventId: deletion.id } })).toBe(1),
    );
    const arrival = await stored(owner, project.id, id);
    await eventually(async () =>
      expect(await projects.db.processedEvent.count({ where: { eventId: arrival.id } })).toBe(1),
    );
    expect(await projects.db.photo.findUnique({ where: { id } })).toBeNull();
    expect(await countOf(owner, project.id)).toBe(0);
  });
});
