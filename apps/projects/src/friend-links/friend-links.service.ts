import { randomUUID } from 'node:crypto';
import {
  type Actor,
  FRIEND_LINK_DEFAULT_DAYS,
  type FriendLink,
  type FriendLinkPublic,
  INVALID_UPLOAD_LINK,
  type PhotoQuota,
} from '@memoreel/contracts';
import { friendLinkErrorCodes, friendLinkHour, friendLinkMessages, photoLimitFor } from '@memoreel/domain';
import {
  DomainError,
  NotFoundError,
  ownedOrNotFound,
  requireSignedIn,
  requireSystem,
} from '@memoreel/platform';
import { Injectable } from '@nestjs/common';
import { ProjectsDatabase } from '../database/projects-database.js';
import { PhotosRepository } from '../photos/photos.repository.js';
import { ownedProject } from '../projects/owned-project.js';
import { ProjectsRepository } from '../projects/projects.repository.js';
import { FriendLinksRepository, toFriendLink } from './friend-links.repository.js';

const DAY_MS = 24 * 3600 * 1000;

/**
 * Upload links. Only the project's owner creates, lists or deactivates them; a visitor holding
 * one learns the project's name and the inviter and may add pending photos, nothing more.
 */
@Injectable()
export class FriendLinksService {
  constructor(
    private readonly database: ProjectsDatabase,
    private readonly projects: ProjectsRepository,
    private readonly photos: PhotosRepository,
    private readonly links: FriendLinksRepository,
  ) {}

  async create(
    actor: Actor,
    request: { projectId: string; expiresInDays?: number | undefined; inviterName: string },
  ): Promise<FriendLink> {
    const project = await ownedProject(this.projects, this.database, actor, request.projectId);
    const days = request.expiresInDays ?? FRIEND_LINK_DEFAULT_DAYS;
    const row = await this.links.insert(this.database, {
      id: randomUUID(),
      projectId: project.id,
      userId: project.userId,
      expiresAt: new Date(Date.now() + days * DAY_MS),
      inviterName: request.inviterName,
    });
    return toFriendLink(row);
  }

  async list(actor: Actor, projectId: string): Promise<FriendLink[]> {
    await ownedProject(this.projects, this.database, actor, projectId);
    return (await this.links.listOfProject(this.database, projectId)).map(toFriendLink);
  }

  async deactivate(actor: Actor, id: string): Promise<FriendLink> {
    const userId = requireSignedIn(actor);
    ownedOrNotFound(
      await this.links.getById(this.database, id),
      (link) => link.userId,
      userId,
      INVALID_UPLOAD_LINK,
    );
    // What visitors hold through it (open uploads) is the owner's quota again at once.
    const deactivated = await this.database.$transaction(async (tx) => {
      await this.links.lockById(tx, id);
      const current = await this.links.deactivate(tx, id);
      await this.photos.releaseOfLink(tx, id);
      return current;
    });
    return toFriendLink(deactivated);
  }

  /** Public: anyone may ask, and learns only the project's name and who invited them. */
  async describe(_actor: Actor, id: string): Promise<FriendLinkPublic> {
    const link = await this.links.usable(this.database, id, new Date());
    const project = link && (await this.projects.getById(this.database, link.projectId));
    if (!link || !project) throw new NotFoundError(INVALID_UPLOAD_LINK);
    return {
      id: link.id,
      projectId: project.id,
      projectName: project.name,
      inviterName: link.inviterName,
      expiresAt: link.expiresAt.toISOString(),
    };
  }

  /** Media asks before it verifies a friend's uploads: a link deactivated meanwhile refuses them. */
  async check(actor: Actor, linkId: string): Promise<{ projectId: string; ownerId: string }> {
    requireSystem(actor);
    const link = await this.links.usable(this.database, linkId, new Date());
    if (!link) throw new NotFoundError(INVALID_UPLOAD_LINK);
    return { projectId: link.projectId, ownerId: link.userId };
  }

  /**
   * Holds quota of the link's project for a friend's uploads: the owner's plan, counted with every
   * photo (pending ones too) and every open reservation, under the project's row lock — the same
   * lock the owner's own uploads take, so the two cannot both take the last places. The link, its
   * project and its hourly cap are all checked before anything is held.
   */
  reserveUploads(
    actor: Actor,
    request: {
      linkId: string;
      projectId: string;
      submittedBy: string;
      count: number;
      expiresInSeconds: number;
    },
  ): Promise<{
    projectId: string;
    ownerId: string;
    reservations: { id: string }[];
    quota: PhotoQuota;
  }> {
    requireSystem(actor);
    return this.database.$transaction(async (tx) => {
      const now = new Date();
      const found = await this.links.usable(tx, request.linkId, now);
      // A link names its own project: naming another reserves nothing on either.
      if (!found || found.projectId !== request.projectId) throw new NotFoundError(INVALID_UPLOAD_LINK);
      await this.projects.lockById(tx, found.projectId);
      const project = await this.projects.getById(tx, found.projectId);
      if (!project) throw new NotFoundError(INVALID_UPLOAD_LINK);
      await this.links.lockById(tx, found.id);
      // Read again under its lock: deactivated meanwhile, it holds nothing more.
      const link = await this.links.usable(tx, found.id, now);
      if (!link) throw new NotFoundError(INVALID_UPLOAD_LINK);
      const hour = friendLinkHour(link.hourStartedAt, link.hourPhotos, now);
      if (hour.left === 0) {
        throw new DomainError(friendLinkErrorCodes.hourlyLimit, friendLinkMessages.hourlyLimit);
      }
      await this.photos.releaseExpired(tx, project.id, now);
      const used = await this.photos.usedQuota(tx, project.id, now);
      const limit = photoLimitFor(project.product);
      const granted = Math.max(0, Math.min(request.count, limit - used, hour.left));
      const reservations = Array.from({ length: granted }, () => ({
        id: randomUUID(),
        projectId: project.id,
        userId: project.userId,
        expiresAt: new Date(now.getTime() + request.expiresInSeconds * 1000),
        linkId: link.id,
      }));
      await this.photos.reserve(tx, reservations);
      await this.links.countPhotos(tx, link.id, { startedAt: hour.startedAt, photos: hour.photos + granted });
      const count = used + granted;
      return {
        projectId: project.id,
        ownerId: project.userId,
        reservations: reservations.map(({ id }) => ({ id })),
        quota: { count, limit, remaining: Math.max(0, limit - count) },
      };
    });
  }
}
