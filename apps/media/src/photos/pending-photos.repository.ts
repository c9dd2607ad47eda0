import { Injectable } from '@nestjs/common';
import type { MediaDatabase, MediaTransaction } from '../database/media-database.js';
import type { Photo as PhotoRow } from '../generated/prisma/client.js';
import { UploadStatus } from './photos.repository.js';

type Reader = MediaTransaction | MediaDatabase;

/** Friends' photos waiting for their owner: stored photos under review 'pending'. */
@Injectable()
export class PendingPhotosRepository {
  listOfProject(db: Reader, projectId: string, ids?: readonly string[]): Promise<PhotoRow[]> {
    return db.photo.findMany({
      where: {
        projectId,
        status: UploadStatus.stored,
        review: 'pending',
        ...(ids ? { id: { in: [...ids] } } : {}),
      },
      orderBy: [{ storedAt: 'asc' }, { id: 'asc' }],
    });
  }

  /** Marks them accepted, after every accepted photo, in the order given. Call under the places lock. */
  async accept(tx: MediaTransaction, projectId: string, ids: readonly string[]): Promise<void> {
    await tx.$executeRaw`
      UPDATE media.photos AS p
         SET review = 'accepted',
             display_order = (SELECT coalesce(max(display_order), -1) FROM media.photos
                               WHERE project_id = ${projectId}::uuid AND status = ${UploadStatus.stored}
                                 AND review = 'accepted') + o.position,
             updated_at = now()
        FROM unnest(${[...ids]}::uuid[]) WITH ORDINALITY AS o(id, position)
       WHERE p.id = o.id AND p.project_id = ${projectId}::uuid AND p.review = 'pending'`;
  }

  /** The owner's projects with pending photos, newest project first, named as media's replica has them. */
  async countsOfOwner(
    db: Reader,
    userId: string,
  ): Promise<{ projectId: string; projectName: string; count: number }[]> {
    const rows = await db.$queryRaw<{ project_id: string; name: string | null; count: bigint }[]>`
      SELECT p.project_id::text, pr.name, count(*) AS count
        FROM media.photos p LEFT JOIN media.projects pr ON pr.id = p.project_id
       WHERE p.user_id = ${userId}::uuid AND p.status = ${UploadStatus.stored} AND p.review = 'pending'
         AND pr.deleted_at IS NULL
       GROUP BY p.project_id, pr.name, pr.created_at
       ORDER BY pr.created_at DESC NULLS LAST, p.project_id`;
    return rows.map((row) => ({
      projectId: row.project_id,
      projectName: row.name ?? '',
      count: Number(row.count),
    }));
  }

  countOfOwner(db: Reader, userId: string): Promise<number> {
    return db.photo.count({ where: { userId, status: UploadStatus.stored, review: 'pending' } });
  }
}
