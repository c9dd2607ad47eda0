import { randomUUID } from 'node:crypto';
import type { Actor, PhotoQuota } from '@memoreel/contracts';
import {
  friendLinkErrorCodes,
  friendLinkHour,
  friendLinkMessages,
  photoLimitFor,
  photoQuotaOf,
  type Tier,
} from '@memoreel/domain';
import { DomainError, requireSignedIn } from '@memoreel/platform';
import { Injectable } from '@nestjs/common';
import { MediaDatabase, type MediaTransaction } from '../database/media-database.js';
import { FriendLinksRepository } from '../friend-links/friend-links.repository.js';
import { FriendLinksService } from '../friend-links/friend-links.service.js';
import { ProjectReplicaService } from '../project-replica/project-replica.service.js';
import { PhotoRowsRepository } from './photo-rows.repository.js';
import { type NewUpload, PhotosRepository } from './photos.repository.js';

/** Whose uploads they are: the owner's own, or a friend's through a link (pending photos of the owner). */
export interface Uploader {
  ownerId: string;
  /** The friend who uploads through a link; null for the owner's own uploads. */
  submittedBy: string | null;
  linkId: string | null;
}

/** The places taken: one upload row each (the row is the hold), with the ids their photos will have. */
export interface Held {
  uploader: Uploader;
  ids: string[];
  quota: PhotoQuota;
}

/** Places asked for: whose, where, under which plan, how many, and the rows that will hold them. */
interface Wanted {
  uploader: Uploader;
  projectId: string;
  tier: Tier;
  count: number;
  rowsOf: UploadRowsOf;
}

/** What an upload's row holds besides who and where: its file's key, name and type (from its new id). */
export type UploadRowsOf = (
  ids: string[],
) => Omit<NewUpload, 'userId' | 'submittedBy' | 'linkId' | 'projectId'>[];

/**
 * The plan's places in a project, given to uploads (decision 0016, in media since decision 0030): the
 * owner's and their friends' counted together, under the project's places lock, against its stored
 * photos and the uploads still open (PhotoRowsRepository.usedQuota). The uploads' rows are written in
 * the same transaction, with the ids their photos will have, so a place is never given twice.
 */
@Injectable()
export class UploadPlaces {
  constructor(
    private readonly database: MediaDatabase,
    private readonly photos: PhotosRepository,
    private readonly rows: PhotoRowsRepository,
    private readonly projects: ProjectReplicaService,
    private readonly friendLinks: FriendLinksService,
    private readonly links: FriendLinksRepository,
  ) {}

  /**
   * Up to `count` places in the actor's own project ("Project not found" for another's). Short of
   * places, the plan is read from projects once more before any is given: one raised a moment ago
   * may not have reached media's replica yet.
   */
  async forOwner(actor: Actor, projectId: string, count: number, rowsOf: UploadRowsOf): Promise<Held> {
    const project = await this.projects.ownedBy(actor, projectId);
    const uploader: Uploader = { ownerId: project.userId, submittedBy: null, linkId: null };
    const wanted = { uploader, projectId, tier: project.tier, count, rowsOf };
    const held = await this.take(wanted, { evenShort: false });
    if (held) return held;
    const { tier } = (await this.projects.readThrough(actor, projectId)) ?? project;
    return (await this.take({ ...wanted, tier }, { evenShort: true })) as Held;
  }

  /**
   * Up to `count` places through a friend link, in the link's project under its owner's plan and at
   * most the link's hourly cap. The link and its project are checked before anything is held: a link
   * of another project than `projectId`, deactivated, expired or of a deleted project holds nothing.
   */
  forFriend(
    actor: Actor,
    linkId: string,
    projectId: string,
    count: number,
    rowsOf: UploadRowsOf,
  ): Promise<Held> {
    const submittedBy = requireSignedIn(actor);
    return this.database.$transaction(async (tx) => {
      const now = new Date();
      await this.friendLinks.usable(tx, linkId, now, projectId);
      await this.photos.lockPlaces(tx, projectId);
      await this.links.lockById(tx, linkId);
      // Read again under its lock: deactivated meanwhile, it holds nothing.
      const { link, project } = await this.friendLinks.usable(tx, linkId, now, projectId);
      const hour = friendLinkHour(link.hourStartedAt, link.hourPhotos, now);
      if (hour.left === 0) {
        throw new DomainError(friendLinkErrorCodes.hourlyLimit, friendLinkMessages.hourlyLimit);
      }
      const uploader: Uploader = { ownerId: project.userId, submittedBy, linkId };
      const wanted = { uploader, projectId, tier: project.tier, count: Math.min(count, hour.left), rowsOf };
      const held = (await this.give(tx, wanted, { evenShort: true })) as Held;
      await this.links.countPhotos(tx, link.id, {
        startedAt: hour.startedAt,
        photos: hour.photos + held.ids.length,
      });
      return held;
    });
  }

  /** The places given, or null (nothing given) when fewer than asked for are free and `evenShort` is false. */
  private take(wanted: Wanted, { evenShort }: { evenShort: boolean }): Promise<Held | null> {
    return this.database.$transaction(async (tx) => {
      await this.photos.lockPlaces(tx, wanted.projectId);
      return this.give(tx, wanted, { evenShort });
    });
  }

  /**
   * As many of the places wanted as the plan leaves, their rows written; none (null) when not all fit
   * and `evenShort` is false. Call under the places lock.
   */
  private async give(
    tx: MediaTransaction,
    { uploader, projectId, tier, count, rowsOf }: Wanted,
    { evenShort }: { evenShort: boolean },
  ): Promise<Held | null> {
    const used = await this.rows.usedQuota(tx, projectId, new Date());
    const granted = Math.max(0, Math.min(count, photoLimitFor(tier) - used));
    if (granted < count && !evenShort) return null;
    const ids = Array.from({ length: granted }, () => randomUUID());
    const { ownerId: userId, submittedBy, linkId } = uploader;
    await this.photos.insertMany(
      tx,
      rowsOf(ids).map((row) => ({ ...row, userId, submittedBy, linkId, projectId })),
    );
    return { uploader, ids, quota: photoQuotaOf(used + granted, tier) };
  }
}
