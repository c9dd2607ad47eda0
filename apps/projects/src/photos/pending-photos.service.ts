import { type Actor, type Photo, pendingPhotosChanged } from '@memoreel/contracts';
import { BusClient, LOGGER, type Logger, requireSignedIn } from '@memoreel/platform';
import { Inject, Injectable } from '@nestjs/common';
import { ProjectsDatabase } from '../database/projects-database.js';
import { lockedOwnedProject, ownedProject } from '../projects/owned-project.js';
import { ProjectsRepository } from '../projects/projects.repository.js';
import { deletePhotosTellingMedia } from './delete-photos.js';
import { PendingPhotosRepository } from './pending-photos.repository.js';
import { PhotosRepository } from './photos.repository.js';

/**
 * Friend photos waiting for the owner: listed apart, accepted into the order or rejected (deleted
 * with their objects). Every change is pushed live to the owner (the header bell), after commit.
 */
@Injectable()
export class PendingPhotosService {
  constructor(
    private readonly database: ProjectsDatabase,
    private readonly projects: ProjectsRepository,
    private readonly photos: PhotosRepository,
    private readonly pending: PendingPhotosRepository,
    private readonly bus: BusClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async list(actor: Actor, projectId: string): Promise<Photo[]> {
    await ownedProject(this.projects, this.database, actor, projectId);
    return this.pending.listOfProject(this.database, projectId);
  }

  async accept(actor: Actor, projectId: string, ids: readonly string[]): Promise<{ ids: string[] }> {
    const accepted = await this.database.$transaction(async (tx) => {
      await lockedOwnedProject(this.projects, tx, actor, projectId);
      const photos = await this.pending.listOfProject(tx, projectId, ids);
      await this.pending.accept(
        tx,
        projectId,
        photos.map((photo) => photo.id),
      );
      return photos.map((photo) => photo.id);
    });
    await this.announce(requireSignedIn(actor), projectId);
    return { ids: accepted };
  }

  /** Rejected photos go like deleted ones: projects.photo.deleted makes media remove their objects. */
  async reject(actor: Actor, projectId: string, ids: readonly string[]): Promise<{ ids: string[] }> {
    const rejected = await this.database.$transaction(async (tx) => {
      await lockedOwnedProject(this.projects, tx, actor, projectId);
      const photos = await this.pending.listOfProject(tx, projectId, ids);
      return deletePhotosTellingMedia(
        this.photos,
        tx,
        actor,
        projectId,
        photos.map((photo) => photo.id),
      );
    });
    await this.announce(requireSignedIn(actor), projectId);
    return { ids: rejected };
  }

  async summary(actor: Actor) {
    const userId = requireSignedIn(actor);
    const projects = await this.pending.countsOfOwner(this.database, userId);
    return { total: projects.reduce((sum, project) => sum + project.count, 0), projects };
  }

  /**
   * Tells the owner's open bells that their pending photos changed. Best effort (a live message):
   * a bell that missed it refetches when it reconnects.
   */
  async announce(userId: string, projectId: string): Promise<void> {
    try {
      const total = await this.pending.countOfOwner(this.database, userId);
      await this.bus.publishLive(pendingPhotosChanged, { userId, projectId, total });
    } catch (error) {
      this.logger.warn({ err: error, userId, projectId }, 'pending photos change not pushed');
    }
  }
}
