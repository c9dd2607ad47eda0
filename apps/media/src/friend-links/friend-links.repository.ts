import type { FriendLink, FriendLinkExport } from '@memoreel/contracts';
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

  /**
   * Links as projects had them (decision 0030), each added once; one media already has stays as it
   * is, except that a deactivation in projects holds (a link is never made active again), so taking
   * them over a second time brings only what projects changed since. The uploads each held places
   * for learn their link. Answers how many links were new.
   */
  async takeFromProjects(tx: MediaTransaction, links: readonly FriendLinkExport[]): Promise<number> {
    if (links.length === 0) return 0;
    const { count } = await tx.friendUploadLink.createMany({
      data: links.map(({ holds: _, ...link }) => ({
        ...link,
        expiresAt: new Date(link.expiresAt),
        createdAt: new Date(link.createdAt),
        hourStartedAt: link.hourStartedAt ? new Date(link.hourStartedAt) : null,
      })),
      skipDuplicates: true,
    });
    const deactivated = links.filter((link) => !link.isActive).map((link) => link.id);
    await tx.friendUploadLink.updateMany({ where: { id: { in: deactivated } }, data: { isActive: false } });
    for (const { id, projectId, holds } of links.filter((link) => link.holds.length > 0)) {
      await tx.photo.updateMany({
        where: { id: { in: holds }, projectId, linkId: null },
        data: { linkId: id },
      });
    }
    return count;
  }
}
