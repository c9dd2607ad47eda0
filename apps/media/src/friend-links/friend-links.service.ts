import { randomUUID } from 'node:crypto';
import {
  type Actor,
  FRIEND_LINK_DEFAULT_DAYS,
  type FriendLink,
  type FriendLinkPublic,
  INVALID_UPLOAD_LINK,
} from '@memoreel/contracts';
import { NotFoundError, ownedOrNotFound, requireSignedIn } from '@memoreel/platform';
import { Injectable } from '@nestjs/common';
import { MediaDatabase, type MediaTransaction } from '../database/media-database.js';
import type { FriendUploadLink } from '../generated/prisma/client.js';
import type { KnownProject } from '../project-replica/project-replica.repository.js';
import { ProjectReplicaRepository } from '../project-replica/project-replica.repository.js';
import { ProjectReplicaService } from '../project-replica/project-replica.service.js';
import { FriendLinksRepository, toFriendLink } from './friend-links.repository.js';

const DAY_MS = 24 * 3600 * 1000;

/**
 * Upload links. Only the project's owner creates, lists or deactivates them; a visitor holding one
 * learns the project's name and the inviter and may add pending photos, nothing more. A link of a
 * deleted project works no more, whatever its own state.
 */
@Injectable()
export class FriendLinksService {
  constructor(
    private readonly database: MediaDatabase,
    private readonly projects: ProjectReplicaService,
    private readonly replica: ProjectReplicaRepository,
    private readonly links: FriendLinksRepository,
  ) {}

  async create(
    actor: Actor,
    request: { projectId: string; expiresInDays?: number | undefined; inviterName: string },
  ): Promise<FriendLink> {
    const project = await this.projects.ownedBy(actor, request.projectId);
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
    await this.projects.ownedBy(actor, projectId);
    return (await this.links.listOfProject(this.database, projectId)).map(toFriendLink);
  }

  /**
   * The link works no more; the places its open uploads held are the owner's again at once (the
   * plan counts an upload through a link only while the link works: PhotoRowsRepository.usedQuota).
   */
  async deactivate(actor: Actor, id: string): Promise<FriendLink> {
    const userId = requireSignedIn(actor);
    ownedOrNotFound(
      await this.links.getById(this.database, id),
      (link) => link.userId,
      userId,
      INVALID_UPLOAD_LINK,
    );
    return toFriendLink(await this.links.deactivate(this.database, id));
  }

  /** Public: anyone may ask, and learns only the project's name and who invited them. */
  async describe(_actor: Actor, id: string): Promise<FriendLinkPublic> {
    const { link, project } = await this.usable(this.database, id, new Date());
    return {
      id: link.id,
      projectId: project.id,
      projectName: project.name ?? '',
      inviterName: link.inviterName,
      expiresAt: link.expiresAt.toISOString(),
    };
  }

  /**
   * The link while it works, and its project while that exists; "Invalid or expired upload link"
   * otherwise, and for a link of another project than `projectId` when one is named.
   */
  async usable(
    db: MediaTransaction | MediaDatabase,
    id: string,
    now: Date,
    projectId?: string,
  ): Promise<{ link: FriendUploadLink; project: KnownProject }> {
    const link = await this.links.usable(db, id, now);
    const project = link && (await this.replica.find(db, link.projectId));
    if (!link || !project || project.deleted || (projectId !== undefined && link.projectId !== projectId)) {
      throw new NotFoundError(INVALID_UPLOAD_LINK);
    }
    return { link, project };
  }
}
