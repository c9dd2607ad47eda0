import type { Photo } from '@memoreel/contracts';
import { Injectable } from '@nestjs/common';
import type { ProjectsDatabase, ProjectsTransaction } from '../database/projects-database.js';
import { PhotosRepository } from './photos.repository.js';

type Reader = ProjectsTransaction | ProjectsDatabase;

/** Friend photos waiting for their owner: status 'pending' rows of the photos table. */
@Injectable()
export class PendingPhotosRepository {
  constructor(private readonly photos: PhotosRepository) {}

  async listOfProject(db: Reader, projectId: string, ids?: readonly string[]): Promise<Photo[]> {
    const rows = await db.photo.findMany({
      where: { projectId, status: 'pending', ...(ids ? { id: { in: [...ids] } } : {}) },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: { id: true },
    });
    const photos = await Promise.all(rows.map((row) => this.photos.getById(db, row.id)));
    return photos.filter((photo): photo is Photo => photo !== null);
  }

  /** Marks them accepted, after every accepted photo in the order they arrived. */
  async accept(tx: ProjectsTransaction, projectId: string, ids: readonly string[]): Promise<void> {
    await tx.$executeRaw`
      UPDATE projects.photos AS p
         SET status = 'accepted',
             display_order = (SELECT coalesce(max(display_order), -1) FROM projects.photos
                               WHERE project_id = ${projectId}::uuid AND status = 'accepted') + o.position,
             updated_at = now()
        FROM unnest(${[...ids]}::uuid[]) WITH ORDINALITY AS o(id, position)
       WHERE p.id = o.id AND p.project_id = ${projectId}::uuid AND p.status = 'pending'`;
  }

  /** The owner's projects with pending photos, newest project first. */
  async countsOfOwner(
    db: Reader,
    userId: string,
  ): Promise<{ projectId: string; projectName: string; count: number }[]> {
    const rows = await db.$queryRaw<{ project_id: string; name: string; count: bigint }[]>`
      SELECT p.project_id::text, pr.name, count(*) AS count
        FROM projects.photos p JOIN projects.projects pr ON pr.id = p.project_id
       WHERE pr.user_id = ${userId}::uuid AND p.status = 'pending'
       GROUP BY p.project_id, pr.name, pr.created_at
       ORDER BY pr.created_at DESC`;
    return rows.map((row) => ({
      projectId: row.project_id,
      projectName: row.name,
      count: Number(row.count),
    }));
  }

  countOfOwner(db: Reader, userId: string): Promise<number> {
    return db.photo.count({ where: { userId, status: 'pending' } });
  }
}
