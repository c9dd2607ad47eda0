import { TIERS, type Tier, tierOf } from '@memoreel/domain';
import { Injectable } from '@nestjs/common';
import type { MediaDatabase, MediaTransaction } from '../database/media-database.js';

type Reader = MediaTransaction | MediaDatabase;

/** What media knows of a project: its owner and plan, or that it was deleted. */
export interface KnownProject {
  id: string;
  userId: string;
  tier: Tier;
  deleted: boolean;
}

/**
 * The `projects` table: media's replica of projects (decision 0030). Each write is one statement
 * that is right whatever order the events came in: a tier only rises, a tombstone stays.
 */
@Injectable()
export class ProjectReplicaRepository {
  /** A new project, unless an event about it came first (its tier then stands). */
  async created(tx: MediaTransaction, project: { id: string; userId: string; tier: Tier }): Promise<void> {
    await tx.$executeRaw`
      INSERT INTO media.projects (id, user_id, tier) VALUES (${project.id}::uuid, ${project.userId}::uuid, ${project.tier})
      ON CONFLICT (id) DO NOTHING`;
  }

  /** The project's tier rose to `tier`; an older, lower one arriving late changes nothing. */
  async tierRaised(tx: MediaTransaction, project: { id: string; userId: string; tier: Tier }): Promise<void> {
    await tx.$executeRaw`
      INSERT INTO media.projects (id, user_id, tier) VALUES (${project.id}::uuid, ${project.userId}::uuid, ${project.tier})
      ON CONFLICT (id) DO UPDATE SET tier = EXCLUDED.tier, updated_at = now()
      WHERE projects.deleted_at IS NULL
        AND array_position(${[...TIERS]}::text[], projects.tier) < array_position(${[...TIERS]}::text[], EXCLUDED.tier)`;
  }

  /** The project is gone: a tombstone, so a late created or tier-changed cannot bring it back. */
  async deleted(tx: MediaTransaction, project: { id: string; userId: string }): Promise<void> {
    await tx.$executeRaw`
      INSERT INTO media.projects (id, user_id, deleted_at) VALUES (${project.id}::uuid, ${project.userId}::uuid, now())
      ON CONFLICT (id) DO UPDATE SET deleted_at = now(), updated_at = now() WHERE projects.deleted_at IS NULL`;
  }

  async find(db: Reader, id: string): Promise<KnownProject | null> {
    const row = await db.projectReplica.findUnique({ where: { id } });
    return row && { id: row.id, userId: row.userId, tier: tierOf(row.tier), deleted: row.deletedAt !== null };
  }
}
