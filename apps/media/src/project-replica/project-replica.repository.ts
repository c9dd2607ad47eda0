import type { ProjectOwnerTier } from '@memoreel/contracts';
import { TIERS, type Tier, tierOf } from '@memoreel/domain';
import { Injectable } from '@nestjs/common';
import type { MediaDatabase, MediaTransaction } from '../database/media-database.js';
import { Prisma } from '../generated/prisma/client.js';

type Reader = MediaTransaction | MediaDatabase;

/** On conflict: the incoming name only where it is newer than the one kept (`named_at`). */
const NEWER_NAME = Prisma.sql`
  name = CASE WHEN projects.named_at IS NULL OR projects.named_at < EXCLUDED.named_at
              THEN EXCLUDED.name ELSE projects.name END,
  named_at = GREATEST(projects.named_at, EXCLUDED.named_at)`;

/** What media knows of a project: its owner, plan and name, or that it was deleted. */
export interface KnownProject {
  id: string;
  userId: string;
  tier: Tier;
  /** Null until the created event, a rename or the backfill has brought it. */
  name: string | null;
  createdAt: Date | null;
  deleted: boolean;
}

/**
 * The `projects` table: media's replica of projects (decision 0030). Each write is one statement
 * that is right whatever order the events came in: a tier only rises, a name gives way only to a
 * newer one (`named_at`), a tombstone stays.
 */
@Injectable()
export class ProjectReplicaRepository {
  /** A new project; an event about it that came first keeps its tier, and a newer name stands. */
  async created(
    tx: MediaTransaction,
    project: { id: string; userId: string; tier: Tier; name: string; at: Date },
  ): Promise<void> {
    await tx.$executeRaw`
      INSERT INTO media.projects (id, user_id, tier, name, named_at, created_at)
      VALUES (${project.id}::uuid, ${project.userId}::uuid, ${project.tier}, ${project.name}, ${project.at}, ${project.at})
      ON CONFLICT (id) DO UPDATE SET ${NEWER_NAME},
        created_at = COALESCE(projects.created_at, EXCLUDED.created_at)
      WHERE projects.deleted_at IS NULL`;
  }

  /** The project's tier rose to `tier`; an older, lower one arriving late changes nothing. */
  async tierRaised(tx: MediaTransaction, project: { id: string; userId: string; tier: Tier }): Promise<void> {
    await tx.$executeRaw`
      INSERT INTO media.projects (id, user_id, tier) VALUES (${project.id}::uuid, ${project.userId}::uuid, ${project.tier})
      ON CONFLICT (id) DO UPDATE SET tier = EXCLUDED.tier, updated_at = now()
      WHERE projects.deleted_at IS NULL
        AND array_position(${[...TIERS]}::text[], projects.tier) < array_position(${[...TIERS]}::text[], EXCLUDED.tier)`;
  }

  /** The project was named `name` at `at`; a rename older than the name media has changes nothing. */
  async renamed(
    tx: MediaTransaction,
    project: { id: string; userId: string; name: string; at: Date },
  ): Promise<void> {
    await tx.$executeRaw`
      INSERT INTO media.projects (id, user_id, name, named_at)
      VALUES (${project.id}::uuid, ${project.userId}::uuid, ${project.name}, ${project.at})
      ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, named_at = EXCLUDED.named_at, updated_at = now()
      WHERE projects.deleted_at IS NULL
        AND (projects.named_at IS NULL OR projects.named_at < EXCLUDED.named_at)`;
  }

  /**
   * The project as projects has it now (the backfill, or a read-through): the higher tier, the newer
   * name (dated by the project's `updated_at`, never older than its last rename), its creation time.
   */
  async copied(tx: MediaTransaction, project: ProjectOwnerTier): Promise<void> {
    const namedAt = new Date(project.updatedAt);
    await tx.$executeRaw`
      INSERT INTO media.projects (id, user_id, tier, name, named_at, created_at)
      VALUES (${project.id}::uuid, ${project.userId}::uuid, ${project.tier}, ${project.name}, ${namedAt},
              ${new Date(project.createdAt)})
      ON CONFLICT (id) DO UPDATE SET
        tier = CASE WHEN array_position(${[...TIERS]}::text[], projects.tier) < array_position(${[...TIERS]}::text[], EXCLUDED.tier)
                    THEN EXCLUDED.tier ELSE projects.tier END,
        ${NEWER_NAME},
        created_at = EXCLUDED.created_at,
        updated_at = now()
      WHERE projects.deleted_at IS NULL`;
  }

  /** The project is gone: a tombstone, so a late created or tier-changed cannot bring it back. */
  async deleted(tx: MediaTransaction, project: { id: string; userId: string }): Promise<void> {
    await tx.$executeRaw`
      INSERT INTO media.projects (id, user_id, deleted_at) VALUES (${project.id}::uuid, ${project.userId}::uuid, now())
      ON CONFLICT (id) DO UPDATE SET deleted_at = now(), updated_at = now() WHERE projects.deleted_at IS NULL`;
  }

  async find(db: Reader, id: string): Promise<KnownProject | null> {
    const row = await db.projectReplica.findUnique({ where: { id } });
    return (
      row && {
        id: row.id,
        userId: row.userId,
        tier: tierOf(row.tier),
        name: row.name,
        createdAt: row.createdAt,
        deleted: row.deletedAt !== null,
      }
    );
  }
}
