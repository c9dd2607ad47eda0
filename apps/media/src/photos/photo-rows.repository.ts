import type { Photo } from '@memoreel/contracts';
import {
  type PhotoCaption,
  type PhotoFilter,
  PhotoFilterSchema,
  type PhotoTransforms,
  parseCaption,
  parseTransforms,
} from '@memoreel/domain';
import { Injectable } from '@nestjs/common';
import type { MediaDatabase, MediaTransaction } from '../database/media-database.js';
import { type Photo as PhotoRow, Prisma } from '../generated/prisma/client.js';
import { UploadStatus } from './photos.repository.js';

type Reader = MediaTransaction | MediaDatabase;

/** A stored photo as its project shows it; a malformed filter, motion or caption reads as the default. */
export const toPhoto = (row: PhotoRow): Photo => ({
  id: row.id,
  projectId: row.projectId,
  userId: row.userId,
  storagePath: row.storagePath,
  originalName: row.originalName,
  displayOrder: row.displayOrder ?? 0,
  status: row.review === 'pending' ? 'pending' : 'accepted',
  submittedBy: row.submittedBy && row.submittedBy !== row.userId ? row.submittedBy : null,
  filter: PhotoFilterSchema.safeParse(row.filter).data ?? 'none',
  transforms: parseTransforms(row.transforms),
  caption: parseCaption(row.caption),
  width: row.width ?? 1,
  height: row.height ?? 1,
  createdAt: (row.storedAt ?? row.createdAt).toISOString(),
});

const inDisplayOrder = [
  { displayOrder: 'asc' as const },
  { storedAt: 'asc' as const },
  { id: 'asc' as const },
];

/** Photos as their project holds them: the accepted ones in order, each photo's look and caption. */
@Injectable()
export class PhotoRowsRepository {
  listAccepted(db: Reader, projectId: string, ids?: readonly string[]): Promise<PhotoRow[]> {
    return db.photo.findMany({
      where: {
        projectId,
        status: UploadStatus.stored,
        review: 'accepted',
        ...(ids ? { id: { in: [...ids] } } : {}),
      },
      orderBy: inDisplayOrder,
    });
  }

  /**
   * What a project's plan counts: its stored photos (accepted or pending) and its uploads whose time
   * has not run out, in one statement (one snapshot). An upload through a friend link holds its place
   * only while the link works: once deactivated or expired, the upload cannot be completed.
   */
  async usedQuota(db: Reader, projectId: string, now: Date): Promise<number> {
    const [row] = await db.$queryRaw<{ used: number }[]>`
      SELECT count(*)::int AS used
        FROM media.photos p
       WHERE p.project_id = ${projectId}::uuid
         AND (p.status = ${UploadStatus.stored}
              OR (p.status = ${UploadStatus.awaitingUpload} AND p.upload_expires_at > ${now}
                  AND (p.link_id IS NULL OR EXISTS (
                        SELECT 1 FROM media.friend_upload_links l
                         WHERE l.id = p.link_id AND l.is_active AND l.expires_at > ${now}))))`;
    return row?.used ?? 0;
  }

  /**
   * For each of the owner's projects named, its accepted photo count and its first `perProject`
   * photos in order; others' projects are left out.
   */
  async cardsOf(
    db: Reader,
    userId: string,
    projectIds: readonly string[],
    perProject: number,
  ): Promise<{ projectId: string; count: number; photos: PhotoRow[] }[]> {
    if (projectIds.length === 0) return [];
    const rows = await db.$queryRaw<{ project_id: string; ids: string[]; count: bigint }[]>`
      SELECT project_id::text,
             (array_agg(id::text ORDER BY display_order, stored_at, id))[1:${perProject}] AS ids,
             count(*) AS count
        FROM media.photos
       WHERE project_id = ANY(${[...projectIds]}::uuid[]) AND user_id = ${userId}::uuid
         AND status = ${UploadStatus.stored} AND review = 'accepted'
       GROUP BY project_id`;
    const first = await db.photo.findMany({ where: { id: { in: rows.flatMap((row) => row.ids) } } });
    const byId = new Map(first.map((photo) => [photo.id, photo]));
    return rows.map((row) => ({
      projectId: row.project_id,
      count: Number(row.count),
      photos: row.ids.flatMap((id) => byId.get(id) ?? []),
    }));
  }

  /** A stored photo, with its row locked until commit. */
  async lockStored(tx: MediaTransaction, id: string): Promise<PhotoRow | null> {
    const [row] = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM media.photos WHERE id = ${id}::uuid AND status = ${UploadStatus.stored} FOR UPDATE`;
    return row ? tx.photo.findUnique({ where: { id } }) : null;
  }

  /** A change of the photo's look, dated (`updatedAt` names a new filter's derivative job). */
  update(
    tx: MediaTransaction,
    id: string,
    changes: { filter?: PhotoFilter; transforms?: PhotoTransforms; caption?: PhotoCaption | null },
  ): Promise<PhotoRow> {
    const now = new Date();
    const { caption, filter, ...rest } = changes;
    return tx.photo.update({
      where: { id },
      data: {
        ...rest,
        ...(filter === undefined ? {} : { filter }),
        ...(caption === undefined ? {} : { caption: caption === null ? Prisma.DbNull : caption }),
        updatedAt: now,
      },
    });
  }

  /** Writes display_order 0..n-1 in the given order in one statement. */
  async renumber(tx: MediaTransaction, orderedIds: readonly string[]): Promise<void> {
    if (orderedIds.length === 0) return;
    await tx.$executeRaw`
      UPDATE media.photos AS p
         SET display_order = o.position - 1, updated_at = now()
        FROM unnest(${[...orderedIds]}::uuid[]) WITH ORDINALITY AS o(id, position)
       WHERE p.id = o.id AND p.display_order IS DISTINCT FROM o.position - 1`;
  }

  /**
   * The stored photos of `ids` in the project leave it at once (no list shows them); the rows stay,
   * as gone, until their objects are removed (PhotoCleanupService).
   */
  async markDeleted(tx: MediaTransaction, projectId: string, ids: readonly string[]): Promise<PhotoRow[]> {
    const rows = await tx.photo.findMany({
      where: { projectId, id: { in: [...ids] }, status: UploadStatus.stored },
    });
    await tx.photo.updateMany({
      where: { id: { in: rows.map((row) => row.id) } },
      data: { status: UploadStatus.projectDeleted, review: null, displayOrder: null, updatedAt: new Date() },
    });
    return rows;
  }
}
