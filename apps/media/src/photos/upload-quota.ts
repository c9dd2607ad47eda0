import {
  checkFriendLink,
  INVALID_UPLOAD_LINK,
  type PhotoQuota,
  reserveFriendUploads,
  reservePhotoUploads,
  SYSTEM,
} from '@memoreel/contracts';
import { BusClient, NotFoundError, passRemoteErrors } from '@memoreel/platform';
import { Injectable } from '@nestjs/common';
import { UPLOAD_RESERVATION_SECONDS } from './upload-window.js';

/** Places held for uploads, each with the id its photo will have. */
export interface Reserved {
  reservations: { id: string }[];
  quota: PhotoQuota;
  /** Whose photos they become: the project's owner. */
  ownerId: string;
  /** The friend who uploads through a link; null for the owner's own uploads. */
  submittedBy: string | null;
}

/**
 * What media asks projects about uploads: projects holds the plan quota and the friend links, and
 * answers as the system for the user media verified. Its refusals ("Project not found", an invalid
 * link) reach the browser unchanged.
 */
@Injectable()
export class UploadQuota {
  constructor(private readonly bus: BusClient) {}

  /** Places in the user's own project: projects checks that the project is theirs. */
  async reserve(userId: string, projectId: string, count: number): Promise<Reserved> {
    const reply = await passRemoteErrors(() =>
      this.bus.request(reservePhotoUploads, SYSTEM, {
        projectId,
        userId,
        count,
        expiresInSeconds: UPLOAD_RESERVATION_SECONDS,
      }),
    );
    return { ...reply, ownerId: userId, submittedBy: null };
  }

  /** Places through a friend link, held against the link's project under its owner's plan. */
  async reserveForFriend(
    submittedBy: string,
    linkId: string,
    projectId: string,
    count: number,
  ): Promise<Reserved> {
    const reply = await passRemoteErrors(() =>
      this.bus.request(reserveFriendUploads, SYSTEM, {
        linkId,
        projectId,
        submittedBy,
        count,
        expiresInSeconds: UPLOAD_RESERVATION_SECONDS,
      }),
    );
    // A link names its own project: uploads to any other through it are refused like an unknown link.
    if (reply.projectId !== projectId) throw new NotFoundError(INVALID_UPLOAD_LINK);
    return { reservations: reply.reservations, quota: reply.quota, ownerId: reply.ownerId, submittedBy };
  }

  /** The owner of a link's project, while the link still works and names this project. */
  async friendLinkOwner(linkId: string, projectId: string): Promise<string> {
    const link = await passRemoteErrors(() => this.bus.request(checkFriendLink, SYSTEM, { linkId }));
    if (link.projectId !== projectId) throw new NotFoundError(INVALID_UPLOAD_LINK);
    return link.ownerId;
  }
}
