import type { FriendLink } from '@memoreel/contracts';
import { Injectable } from '@nestjs/common';
import type { MediaDatabase, MediaTransaction } from '../database/media-database.js';
import type { FriendUploadLink } from '../generated/prisma/client.js';

type Reader = MediaTransaction | MediaDatabase;

export const toFriendLink = (row: FriendUploadLink): FriendLink => ({
  id: row.id,
  projectId: row.projectId,
  userId: row.userId,
  isActive: row.isActive,
  expiresAt: row.expiresAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
});

/** The friend_upload_links table (decision 0016; in media since decision 0030). */
@Injectable()
export class FriendLinksRepository {
  insert(
    db: Reader,
    link: { id: string; projectId: string; userId: string; expiresAt: Date; inviterName: string },
  ): Promise<FriendUploadLink> {
    return db.friendUploadLink.create({ data: link });
  }

  getById(db: Reader, id: string): Promise<FriendUploadLink | null> {
    return db.friendUploadLink.findUnique({ where: { id } });
  }

  /** The link when it can still be used (spec §7: active and expires_at in the future). */
  usable(db: Reader, id: string, now: Date): Promise<FriendUploadLink | null> {
    return db.friendUploadLink.findFirst({ where: { id, isActive: true, expiresAt: { gt: now } } });
  }

  listOfProject(db: Reader, projectId: string): Promise<FriendUploadLink[]> {
    return db.friendUploadLink.findMany({
      where: { projectId },
      orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
      take: 100,
    });
  }

  /** Locks the link's row until commit: its hourly count is read and raised by one caller at a time. */
  async lockById(tx: MediaTransaction, id: string): Promise<void> {
    await tx.$executeRaw`SELECT 1 FROM media.friend_upload_links WHERE id = ${id}::uuid FOR UPDATE`;
  }

  /** Counts `photos` against the link's hour, starting a new hour at `startedAt` when the last is over. */
  async countPhotos(tx: MediaTransaction, id: string, hour: { startedAt: Date; photos: number }) {
    await tx.friendUploadLink.update({
      where: { id },
      data: { hourStartedAt: hour.startedAt, hourPhotos: hour.photos },
    });
  }

  deactivate(db: Reader, id: string): Promise<FriendUploadLink> {
    return db.friendUploadLink.update({ where: { id }, data: { isActive: false } });
  }
}
