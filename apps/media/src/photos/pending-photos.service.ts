import { type Actor, type PhotoWithUrls, pendingPhotosChanged } from '@memoreel/contracts';
import { BusClient, LOGGER, type Logger, requireSignedIn } from '@memoreel/platform';
import { Inject, Injectable } from '@nestjs/common';
import { MediaDatabase, type MediaTransaction } from '../database/media-database.js';
import { ProjectReplicaService } from '../project-replica/project-replica.service.js';
import { deletePhotosTellingCleanup } from './delete-photos.js';
import { PendingPhotosRepository } from './pending-photos.repository.js';
import { PhotoRowsRepository, toPhoto } from './photo-rows.repository.js';
import { PhotoUrlsService } from './photo-urls.service.js';
import { PhotosRepository } from './photos.repository.js';

/**
 * Friends' photos waiting for the owner (decision 0016), as media owns them: listed apart, accepted
 * into the order or rejected (taken out, their objects removed after). Every change is pushed live
 * to the owner (the header bell), after commit.
 */
@Injectable()
export class PendingPhotosService {
  constructor(
    private readonly database: MediaDatabase,
    private readonly projects: ProjectReplicaService,
    private readonly photos: PhotosRepository,
    private readonly rows: PhotoRowsRepository,
    private readonly pending: PendingPhotosRepository,
    private readonly urls: PhotoUrlsService,
    private readonly bus: BusClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async list(actor: Actor, projectId: string): Promise<PhotoWithUrls[]> {
    await this.projects.ownedBy(actor, projectId);
    const rows = await this.pending.listOfProject(this.database, projectId);
    return Promise.all(rows.map(async (row) => ({ ...toPhoto(row), ...(await this.urls.signedOf(row)) })));
  }

  async accept(actor: Actor, projectId: string, ids: readonly string[]): Promise<{ ids: string[] }> {
    const accepted = await this.underPlaces(actor, projectId, ids, async (tx, pending) => {
      await this.pending.accept(tx, projectId, pending);
      return pending;
    });
    await this.announce(requireSignedIn(actor), projectId);
    return { ids: accepted };
  }

  /** Rejected photos go like deleted ones: media.photo.deleted removes their objects. */
  async reject(actor: Actor, projectId: string, ids: readonly string[]): Promise<{ ids: string[] }> {
    const rejected = await this.underPlaces(actor, projectId, ids, (tx, pending) =>
      deletePhotosTellingCleanup(this.rows, tx, actor, projectId, pending),
    );
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

  /** Of `ids`, the actor's project's pending photos (in the order they arrived), changed under its places lock. */
  private async underPlaces(
    actor: Actor,
    projectId: string,
    ids: readonly string[],
    change: (tx: MediaTransaction, pending: string[]) => Promise<string[]>,
  ): Promise<string[]> {
    await this.projects.ownedBy(actor, projectId);
    return this.database.$transaction(async (tx) => {
      await this.photos.lockPlaces(tx, projectId);
      const pending = await this.pending.listOfProject(tx, projectId, ids);
      return change(
        tx,
        pending.map((row) => row.id),
      );
    });
  }
}
