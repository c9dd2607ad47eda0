import type { FriendLinkExport, PhotoExport } from '@memoreel/contracts';
import {
  PHOTO_STATUSES,
  PhotoFilterSchema,
  type PhotoStatus,
  parseCaption,
  parseTransforms,
} from '@memoreel/domain';
import { Injectable } from '@nestjs/common';
import type { ProjectsDatabase, ProjectsTransaction } from '../database/projects-database.js';

type Reader = ProjectsTransaction | ProjectsDatabase;

/**
 * Projects' photo rows and upload links as they were when media took them over (decision 0030):
 * read page by page, never written since docs/plans/photo-move.md C6; the tables go in C7.
 */
@Injectable()
export class PhotoExportsRepository {
  /** A page of every photo row in id order; a malformed stored value reads as its default. */
  async photos(db: Reader, after: string | null, limit: number): Promise<PhotoExport[]> {
    const rows = await db.photo.findMany({
      where: after ? { id: { gt: after } } : {},
      orderBy: { id: 'asc' },
      take: limit,
    });
    return rows.map((row) => ({
      id: row.id,
      projectId: row.projectId,
      displayOrder: row.displayOrder,
      status: (PHOTO_STATUSES as readonly string[]).includes(row.status)
        ? (row.status as PhotoStatus)
        : 'pending',
      submittedBy: row.submittedBy,
      filter: PhotoFilterSchema.safeParse(row.filter).data ?? 'none',
      transforms: parseTransforms(row.transforms),
      caption: parseCaption(row.caption),
      updatedAt: row.updatedAt.toISOString(),
    }));
  }

  /** A page of every link in id order, each with the uploads it holds places for now. */
  async friendLinks(db: Reader, after: string | null, limit: number, now: Date): Promise<FriendLinkExport[]> {
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
}
