import type { Project } from '@memoreel/contracts';
import { parseVideoSettings, tierOf, type VideoSettings } from '@memoreel/domain';
import { Injectable } from '@nestjs/common';
import type { ProjectsDatabase, ProjectsTransaction } from '../database/projects-database.js';

type ProjectRow = {
  id: string;
  userId: string;
  name: string;
  product: string;
  videoSettings: unknown;
  createdAt: Date;
  updatedAt: Date;
};
type Reader = ProjectsTransaction | ProjectsDatabase;

/** Every read goes through here: the tier and video_settings are parsed, so bad stored values read as defaults. */
const toProject = (row: ProjectRow): Project => ({
  id: row.id,
  userId: row.userId,
  name: row.name,
  product: tierOf(row.product),
  videoSettings: parseVideoSettings(row.videoSettings),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const newestFirst = [{ createdAt: 'desc' as const }, { id: 'desc' as const }];

@Injectable()
export class ProjectsRepository {
  /**
   * Serialises the transactions that check and change how many projects a user has (create, create
   * initial) until commit, so 12 concurrent creates cannot all see 9 and pass the limit of 10.
   */
  async lockOwner(tx: ProjectsTransaction, userId: string): Promise<void> {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`projects.owner:${userId}`}, 0))`;
  }

  /** Locks one project's row until commit (tier changes read, compare, then write). Raw SQL is not schema-qualified by the adapter. */
  async lockById(tx: ProjectsTransaction, id: string): Promise<void> {
    await tx.$executeRaw`SELECT 1 FROM projects.projects WHERE id = ${id}::uuid FOR UPDATE`;
  }

  async getById(db: Reader, id: string): Promise<Project | null> {
    const row = await db.project.findUnique({ where: { id } });
    return row ? toProject(row) : null;
  }

  async listByOwner(db: Reader, userId: string, limit: number): Promise<Project[]> {
    const rows = await db.project.findMany({ where: { userId }, orderBy: newestFirst, take: limit });
    return rows.map(toProject);
  }

  /** Owner, tier and name of up to `limit` projects after `after` in id order: a replica's backfill. */
  async pageOfOwnersAndTiers(db: Reader, after: string | null, limit: number) {
    const rows = await db.project.findMany({
      where: after ? { id: { gt: after } } : {},
      select: { id: true, userId: true, product: true, name: true, createdAt: true, updatedAt: true },
      orderBy: { id: 'asc' },
      take: limit,
    });
    return rows.map((row) => ({
      id: row.id,
      userId: row.userId,
      tier: tierOf(row.product),
      name: row.name,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }));
  }

  async newestOfOwner(db: Reader, userId: string): Promise<Project | null> {
    const row = await db.project.findFirst({ where: { userId }, orderBy: newestFirst });
    return row ? toProject(row) : null;
  }

  countByOwner(db: Reader, userId: string): Promise<number> {
    return db.project.count({ where: { userId } });
  }

  async insert(
    tx: ProjectsTransaction,
    project: { id: string; userId: string; name: string; videoSettings: VideoSettings },
  ): Promise<Project> {
    return toProject(await tx.project.create({ data: project }));
  }

  async update(
    tx: ProjectsTransaction,
    id: string,
    changes: { name?: string; videoSettings?: VideoSettings; product?: string },
  ): Promise<Project> {
    return toProject(await tx.project.update({ where: { id }, data: changes }));
  }

  async delete(tx: ProjectsTransaction, id: string): Promise<void> {
    await tx.project.delete({ where: { id } });
  }
}
