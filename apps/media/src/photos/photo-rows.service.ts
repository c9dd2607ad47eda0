import {
  type Actor,
  makePhotoVideoDerivative,
  type PhotoQuota,
  type PhotoWithUrls,
  type photoCards,
  type ReplyOf,
  SYSTEM,
} from '@memoreel/contracts';
import {
  clampTransforms,
  type PhotoCaption,
  type PhotoFilter,
  type PhotoTransforms,
  PROJECT_LIST_PHOTOS,
  photoMessages,
  photoQuotaOf,
  projectMessages,
} from '@memoreel/domain';
import {
  buildJob,
  ownedOrNotFound,
  recordJob,
  requireSignedIn,
  stableUuid,
  ValidationError,
} from '@memoreel/platform';
import { Injectable } from '@nestjs/common';
import { MediaDatabase, type MediaTransaction } from '../database/media-database.js';
import type { Photo as PhotoRow } from '../generated/prisma/client.js';
import { ProjectReplicaService } from '../project-replica/project-replica.service.js';
import { deletePhotosTellingCleanup } from './delete-photos.js';
import { PhotoRowsRepository, toPhoto } from './photo-rows.repository.js';
import { PhotoUrlsService } from './photo-urls.service.js';
import { PhotosRepository } from './photos.repository.js';

/**
 * Changes of one project's order queue behind its places lock: a burst of moves (a drag repeated
 * fast, two tabs) waits its turn instead of failing at Prisma's default 2 s wait and 5 s run.
 */
const IN_TURN = { maxWait: 10_000, timeout: 15_000 };
type PhotoCard = ReplyOf<typeof photoCards>['cards'][number];

/**
 * A project's photos as media owns them (decision 0030): listed with their URLs, ordered, filtered,
 * moved and captioned, deleted. Only the project's owner sees or changes them; anyone else is told
 * the project (or photo) does not exist. Whatever depends on the order runs under the project's
 * places lock (the one a photo joining the project takes).
 */
@Injectable()
export class PhotoRowsService {
  constructor(
    private readonly database: MediaDatabase,
    private readonly projects: ProjectReplicaService,
    private readonly photos: PhotosRepository,
    private readonly rows: PhotoRowsRepository,
    private readonly urls: PhotoUrlsService,
  ) {}

  async list(actor: Actor, projectId: string, ids?: readonly string[]): Promise<PhotoWithUrls[]> {
    await this.projects.ownedBy(actor, projectId);
    return this.withUrls(await this.rows.listAccepted(this.database, projectId, ids));
  }

  /** The plan's quota as the upload page shows it, read from media's own rows (the plan from the replica). */
  async quota(actor: Actor, projectId: string): Promise<PhotoQuota> {
    const project = await this.projects.ownedBy(actor, projectId);
    return photoQuotaOf(await this.rows.usedQuota(this.database, projectId, new Date()), project.tier);
  }

  /** Deletes the photos and closes the gap; media.photo.deleted removes their objects and edits after. */
  async deleteMany(actor: Actor, projectId: string, ids: readonly string[]): Promise<{ ids: string[] }> {
    await this.projects.ownedBy(actor, projectId);
    const deleted = await this.database.$transaction(async (tx) => {
      await this.photos.lockPlaces(tx, projectId);
      const removed = await deletePhotosTellingCleanup(this.rows, tx, actor, projectId, ids);
      await this.renumber(tx, projectId);
      return removed;
    }, IN_TURN);
    return { ids: deleted };
  }

  /** The dashboard's cards: each of the actor's projects' photo count and first photos' grid thumbnails. */
  async cards(actor: Actor, projectIds: readonly string[]): Promise<PhotoCard[]> {
    const userId = requireSignedIn(actor);
    const cards = await this.rows.cardsOf(this.database, userId, projectIds, PROJECT_LIST_PHOTOS);
    return Promise.all(
      cards.map(async ({ projectId, count, photos }) => ({
        projectId,
        count,
        photos: (
          await Promise.all(photos.map(async (photo) => ({ photo, ...(await this.urls.signedOf(photo)) })))
        ).flatMap(({ photo, urls }) => (urls ? [{ id: photo.id, url: urls.grid }] : [])),
      })),
    );
  }

  /** Moves one photo; the whole order is rewritten densely under the places lock, so concurrent moves serialise. */
  async reorder(actor: Actor, projectId: string, from: number, to: number): Promise<PhotoWithUrls[]> {
    await this.projects.ownedBy(actor, projectId);
    const rows = await this.database.$transaction(async (tx) => {
      await this.photos.lockPlaces(tx, projectId);
      const order = (await this.rows.listAccepted(tx, projectId)).map((row) => row.id);
      if (from >= order.length || to >= order.length) {
        throw new ValidationError(projectMessages.toasts.photoOrderFailed);
      }
      const [moved] = order.splice(from, 1);
      order.splice(to, 0, moved as string);
      await this.rows.renumber(tx, order);
      return this.rows.listAccepted(tx, projectId);
    }, IN_TURN);
    return this.withUrls(rows);
  }

  /** A new filter gets its video derivative made, queued with the change (the job is the change's). */
  setFilter(actor: Actor, id: string, filter: PhotoFilter): Promise<PhotoWithUrls> {
    return this.change(actor, id, async (tx, before) => {
      const photo = await this.rows.update(tx, id, { filter });
      if (before.filter !== filter) {
        const job = stableUuid(`video:set:${id}:${photo.updatedAt?.toISOString()}`);
        await recordJob(tx, 'media', buildJob(makePhotoVideoDerivative, SYSTEM, { id }, job));
      }
      return photo;
    });
  }

  /** The motion is clamped to the spec's bounds here, whatever the client sent. */
  setTransforms(actor: Actor, id: string, transforms: PhotoTransforms): Promise<PhotoWithUrls> {
    return this.change(actor, id, (tx) =>
      this.rows.update(tx, id, { transforms: clampTransforms(transforms) }),
    );
  }

  /** The caption was checked against its limits by the contract; null removes it. */
  setCaption(actor: Actor, id: string, caption: PhotoCaption | null): Promise<PhotoWithUrls> {
    return this.change(actor, id, (tx) => this.rows.update(tx, id, { caption }));
  }

  /** One photo of the actor's changed under its row lock; another's, or one not stored, is "Photo not found". */
  private async change(
    actor: Actor,
    id: string,
    apply: (tx: MediaTransaction, before: PhotoRow) => Promise<PhotoRow>,
  ): Promise<PhotoWithUrls> {
    const userId = requireSignedIn(actor);
    const row = await this.database.$transaction(async (tx) => {
      const before = await this.rows.lockStored(tx, id);
      const owned = ownedOrNotFound(before, (photo) => photo.userId, userId, photoMessages.photoNotFound);
      return apply(tx, owned);
    });
    return { ...toPhoto(row), ...(await this.urls.signedOf(row)) };
  }

  private async renumber(tx: MediaTransaction, projectId: string): Promise<void> {
    const rows = await this.rows.listAccepted(tx, projectId);
    await this.rows.renumber(
      tx,
      rows.map((row) => row.id),
    );
  }

  private withUrls(rows: PhotoRow[]): Promise<PhotoWithUrls[]> {
    return Promise.all(rows.map(async (row) => ({ ...toPhoto(row), ...(await this.urls.signedOf(row)) })));
  }
}
