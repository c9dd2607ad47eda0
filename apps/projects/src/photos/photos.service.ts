import { randomUUID } from 'node:crypto';
import {
  type Actor,
  type DataOf,
  type mediaPhotoDeleted,
  type Photo,
  type PhotoQuota,
  photoFilterChanged,
  type photoStored,
} from '@memoreel/contracts';
import {
  clampTransforms,
  DEFAULT_TRANSFORMS,
  type PhotoCaption,
  type PhotoFilter,
  type PhotoTransforms,
  photoLimitFor,
  photoMessages,
  photoQuotaOf,
  projectMessages,
} from '@memoreel/domain';
import {
  buildEvent,
  NotFoundError,
  ownedOrNotFound,
  recordEvent,
  requireSignedIn,
  requireSystem,
  runOnce,
  ValidationError,
} from '@memoreel/platform';
import { Injectable } from '@nestjs/common';
import { ProjectsDatabase, type ProjectsTransaction } from '../database/projects-database.js';
import { lockedOwnedProject, ownedProject } from '../projects/owned-project.js';
import { ProjectsRepository } from '../projects/projects.repository.js';
import { deletePhotosTellingMedia } from './delete-photos.js';
import { PhotosRepository } from './photos.repository.js';

/**
 * A project's photos. Only the project's owner sees or changes them: anyone else, signed in or a
 * guest session, is told the project (or photo) does not exist. Everything that depends on the
 * photo count or the display order runs under the project's row lock.
 */
@Injectable()
export class PhotosService {
  constructor(
    private readonly database: ProjectsDatabase,
    private readonly projects: ProjectsRepository,
    private readonly photos: PhotosRepository,
  ) {}

  async list(actor: Actor, projectId: string, ids?: readonly string[]): Promise<Photo[]> {
    await ownedProject(this.projects, this.database, actor, projectId);
    return this.photos.listAccepted(this.database, projectId, ids);
  }

  async quota(actor: Actor, projectId: string): Promise<PhotoQuota> {
    const project = await ownedProject(this.projects, this.database, actor, projectId);
    return photoQuotaOf(await this.photos.usedQuota(this.database, projectId, new Date()), project.product);
  }

  /**
   * Holds quota for as many of `count` uploads as the plan allows. Counted under the project's row
   * lock, so two browsers uploading at once cannot both take the last places.
   */
  reserveUploads(
    actor: Actor,
    request: { projectId: string; userId: string; count: number; expiresInSeconds: number },
  ): Promise<{ reservations: { id: string }[]; quota: PhotoQuota }> {
    // Media asks as itself, naming the user it verified the request for.
    requireSystem(actor);
    const { projectId, count, expiresInSeconds } = request;
    return this.database.$transaction(async (tx) => {
      await this.projects.lockById(tx, projectId);
      const project = await this.projects.getById(tx, projectId);
      if (!project || project.userId !== request.userId) throw new NotFoundError(projectMessages.notFound);
      const now = new Date();
      await this.photos.releaseExpired(tx, projectId, now);
      const used = await this.photos.usedQuota(tx, projectId, now);
      const granted = Math.max(0, Math.min(count, photoLimitFor(project.product) - used));
      const reservations = Array.from({ length: granted }, () => ({
        id: randomUUID(),
        projectId,
        userId: project.userId,
        expiresAt: new Date(now.getTime() + expiresInSeconds * 1000),
      }));
      await this.photos.reserve(tx, reservations);
      return {
        reservations: reservations.map(({ id }) => ({ id })),
        quota: photoQuotaOf(used + granted, project.product),
      };
    });
  }

  /** Deletes the photos, renumbers the rest, and tells media (projects.photo.deleted) to remove their objects. */
  deleteMany(actor: Actor, projectId: string, ids: readonly string[]): Promise<{ ids: string[] }> {
    return this.database.$transaction(async (tx) => {
      await lockedOwnedProject(this.projects, tx, actor, projectId);
      const deleted = await deletePhotosTellingMedia(this.photos, tx, actor, projectId, ids);
      await this.renumber(tx, projectId);
      return { ids: deleted };
    });
  }

  /** Moves one photo; the whole order is rewritten densely under the row lock, so concurrent moves serialise. */
  reorder(actor: Actor, projectId: string, from: number, to: number): Promise<Photo[]> {
    return this.database.$transaction(async (tx) => {
      await lockedOwnedProject(this.projects, tx, actor, projectId);
      const photos = await this.photos.listAccepted(tx, projectId);
      if (from >= photos.length || to >= photos.length) {
        throw new ValidationError(projectMessages.toasts.photoOrderFailed);
      }
      const order = photos.map((photo) => photo.id);
      const [moved] = order.splice(from, 1);
      order.splice(to, 0, moved as string);
      await this.photos.renumber(tx, order);
      return this.photos.listAccepted(tx, projectId);
    });
  }

  /** A new filter is announced with the change: media bakes it into the photo's video derivative. */
  setFilter(actor: Actor, id: string, filter: PhotoFilter): Promise<Photo> {
    return this.database.$transaction(async (tx) => {
      const before = await this.ownedPhoto(tx, actor, id);
      const photo = await this.photos.update(tx, id, { filter });
      if (before.filter !== filter) {
        await recordEvent(
          tx,
          'projects',
          buildEvent(photoFilterChanged, actor, {
            id,
            projectId: photo.projectId,
            userId: photo.userId,
            filter,
          }),
        );
      }
      return photo;
    });
  }

  /** The motion is clamped to the spec's bounds here, whatever the client sent. */
  setTransforms(actor: Actor, id: string, transforms: PhotoTransforms): Promise<Photo> {
    return this.database.$transaction(async (tx) => {
      await this.ownedPhoto(tx, actor, id);
      return this.photos.update(tx, id, { transforms: clampTransforms(transforms) });
    });
  }

  /** The caption was checked against its limits by the contract; null removes it. */
  setCaption(actor: Actor, id: string, caption: PhotoCaption | null): Promise<Photo> {
    return this.database.$transaction(async (tx) => {
      await this.ownedPhoto(tx, actor, id);
      return this.photos.update(tx, id, { caption });
    });
  }

  /**
   * Media stored a verified photo: its row goes last in the project's order and its reservation
   * is released, in one transaction, once however often the event arrives.
   */
  addStored(event: { id: string; consumer: string; data: DataOf<typeof photoStored> }): Promise<void> {
    const { data } = event;
    return this.database.$transaction(async (tx) => {
      await runOnce(tx, 'projects', event.consumer, event.id, async () => {
        await this.projects.lockById(tx, data.projectId);
        const project = await this.projects.getById(tx, data.projectId);
        // A project deleted meanwhile: media removes the project's objects on projects.project.deleted.
        if (!project || (await this.photos.exists(tx, data.id))) return;
        // Deleted in media before this event came: no copy to count, and its reservation is done with.
        if (await this.photos.wasDeletedInMedia(tx, data.id)) return this.photos.release(tx, data.id);
        await this.photos.insert(tx, {
          id: data.id,
          userId: project.userId,
          projectId: data.projectId,
          storagePath: data.storagePath,
          originalName: data.originalName,
          displayOrder: await this.photos.nextDisplayOrder(tx, data.projectId),
          status: data.submittedBy && data.submittedBy !== project.userId ? 'pending' : 'accepted',
          submittedBy: data.submittedBy && data.submittedBy !== project.userId ? data.submittedBy : null,
          width: data.width,
          height: data.height,
          transforms: DEFAULT_TRANSFORMS,
        });
        await this.photos.release(tx, data.id);
      });
    });
  }

  /**
   * Media deleted a photo: its copy here goes, so the quota counts it no more. Heard before the
   * photo's media.photo.stored (two consumers, no order between them), there is no copy yet: it is
   * remembered, and the copy is never added.
   */
  forgetDeleted(event: {
    id: string;
    consumer: string;
    data: DataOf<typeof mediaPhotoDeleted>;
  }): Promise<void> {
    const { data } = event;
    return this.database.$transaction(async (tx) => {
      await runOnce(tx, 'projects', event.consumer, event.id, () =>
        this.photos.dropDeletedInMedia(tx, data.projectId, [data.id]),
      );
    });
  }

  /** Media refused an upload: the place it held is free again at once. */
  releaseRejected(event: { id: string; consumer: string; uploadId: string }): Promise<void> {
    return this.database.$transaction(async (tx) => {
      await runOnce(tx, 'projects', event.consumer, event.id, () => this.photos.release(tx, event.uploadId));
    });
  }

  private async renumber(tx: ProjectsTransaction, projectId: string): Promise<void> {
    const photos = await this.photos.listAccepted(tx, projectId);
    await this.photos.renumber(
      tx,
      photos.map((photo) => photo.id),
    );
  }

  private async ownedPhoto(tx: ProjectsTransaction, actor: Actor, id: string): Promise<Photo> {
    const userId = requireSignedIn(actor);
    const photo = await this.photos.getById(tx, id);
    return ownedOrNotFound(photo, (found) => found.userId, userId, photoMessages.photoNotFound);
  }
}
