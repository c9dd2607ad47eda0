import type { FriendLink, FriendLinkExport } from '@memoreel/contracts';
import { Injectable } from '@nestjs/common';
import type { ProjectsDatabase, ProjectsTransaction } from '../database/projects-database.js';
import type { FriendUploadLink } from '../generated/prisma/client.js';

type Reader = ProjectsTransaction | ProjectsDatabase;

export type FriendLinkRow = FriendUploadLink;

export const toFriendLink = (row: FriendUploadLink): FriendLink => ({
  id: row.id,
  projectId: row.projectId,
  userId: row.userId,
  isActive: row.isActive,
  expiresAt: row.expiresAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
});

/** The friend_upload_links table. */
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
  async lockById(tx: ProjectsTransaction, id: string): Promise<void> {
    await tx.$executeRaw`SELECT 1 FROM projects.friend_upload_links WHERE id = ${id}::uuid FOR UPDATE`;
  }

  /** Counts `photos` more against the link's hour, starting a new hour at `now` when the last is over. */
  async countPhotos(tx: ProjectsTransaction, id: string, hour: { startedAt: Date; photos: number }) {
    await tx.friendUploadLink.update({
      where: { id },
      data: { hourStartedAt: hour.startedAt, hourPhotos: hour.photos },
    });
  }

  /** A page of every link in id order, each with the uploads it holds places for now (decision 0030). */
  async pageForExport(
    db: Reader,
    after: string | null,
    limit: number,
    now: Date,
  ): Promise<FriendLinkExport[]> {
    const rows = await db.friendUploadLink.findMany({
      where: after ? { id: { gt: after } } : {},
      orderBy: { id: 'asc' },
      take: limit,
    });
    const holds = await db.photoUploadReservation.findMany({
      where: { linkId: { in: rows.map((row) => row.id) }, expiresAt: { gt: now } },
      select: { id: true, linkId: true },
    });
    return rows.map((row) => ({
      id: row.id,
      projectId: row.projectId,
      userId: row.userId,
      isActive: row.isActive,
      expiresAt: row.expiresAt.toISOString(),
      inviterName: row.inviterName,
      createdAt: row.createdAt.toISOString(),
      hourStartedAt: row.hourStartedAt?.toISOString() ?? null,
      hourPhotos: row.hourPhotos,
      holds: holds.filter((hold) => hold.linkId === row.id).map((hold) => hold.id),
    }));
  }

  deactivate(db: Reader, id: string): Promise<FriendUploadLink> {
    return db.friendUploadLink.update({ where: { id }, data: { isActive: false } });
  }
}
