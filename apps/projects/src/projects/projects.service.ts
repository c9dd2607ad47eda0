import { randomUUID } from 'node:crypto';
import {
  type Actor,
  type Project,
  type ProjectListItem,
  projectCreated,
  projectDeleted,
  projectErrorCodes,
  projectRenamed,
  projectTierChanged,
  type VideoSettingsUpdate,
} from '@memoreel/contracts';
import {
  canCreateProject,
  defaultVideoSettings,
  FIRST_PROJECT_NAME,
  isUpgrade,
  MAX_PROJECTS,
  mergeVideoSettings,
  PROJECT_LIST_LIMIT,
  projectMessages,
  type Tier,
} from '@memoreel/domain';
import {
  buildEvent,
  DomainError,
  ForbiddenError,
  LOGGER,
  type Logger,
  NotFoundError,
  ownedOrNotFound,
  recordEvent,
  requireSignedIn,
  runOnce,
} from '@memoreel/platform';
import { Inject, Injectable } from '@nestjs/common';
import { ProjectsDatabase, type ProjectsTransaction } from '../database/projects-database.js';
import { ownedProject } from './owned-project.js';
import { ProjectsRepository } from './projects.repository.js';

@Injectable()
export class ProjectsService {
  constructor(
    private readonly database: ProjectsDatabase,
    private readonly projects: ProjectsRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * The actor's newest projects. Their photos are media's (decision 0030): the gateway adds each card's
   * count and thumbnails. Videos arrive with the render issue.
   */
  async list(actor: Actor): Promise<ProjectListItem[]> {
    const userId = requireSignedIn(actor);
    const projects = await this.projects.listByOwner(this.database, userId, PROJECT_LIST_LIMIT);
    return projects.map((project) => ({ ...project, videos: [] }));
  }

  /** The owner reads their project; an admin may read anyone's. Anyone else is told it does not exist. */
  async get(actor: Actor, id: string): Promise<Project> {
    const userId = requireSignedIn(actor);
    const project = await this.projects.getById(this.database, id);
    if (project && actor.role === 'admin') return project;
    return ownedOrNotFound(project, (found) => found.userId, userId, projectMessages.notFound);
  }

  async count(actor: Actor): Promise<{ count: number; limit: number }> {
    const userId = requireSignedIn(actor);
    return { count: await this.projects.countByOwner(this.database, userId), limit: MAX_PROJECTS };
  }

  /** Counted under the owner's lock, so concurrent creates cannot pass the limit together. */
  create(actor: Actor, name: string): Promise<Project> {
    const userId = requireSignedIn(actor);
    return this.database.$transaction(async (tx) => {
      await this.projects.lockOwner(tx, userId);
      if (!canCreateProject(await this.projects.countByOwner(tx, userId))) {
        throw new DomainError(projectErrorCodes.limitReached, projectMessages.limitReached);
      }
      return this.insert(tx, actor, userId, name);
    });
  }

  /** The get-started flow may fire twice at once: the owner's lock makes the second find the first's project. */
  createInitial(actor: Actor): Promise<{ project: Project; created: boolean }> {
    const userId = requireSignedIn(actor);
    return this.database.$transaction(async (tx) => {
      await this.projects.lockOwner(tx, userId);
      const existing = await this.projects.newestOfOwner(tx, userId);
      if (existing) return { project: existing, created: false };
      return { project: await this.insert(tx, actor, userId, FIRST_PROJECT_NAME), created: true };
    });
  }

  rename(actor: Actor, id: string, name: string): Promise<Project> {
    return this.database.$transaction(async (tx) => {
      await ownedProject(this.projects, tx, actor, id);
      const renamed = await this.projects.update(tx, id, { name });
      // Built after the update: the event's time is never older than the row's `updated_at`.
      await recordEvent(
        tx,
        'projects',
        buildEvent(projectRenamed, actor, { id, userId: renamed.userId, name: renamed.name }),
      );
      return renamed;
    });
  }

  updateVideoSettings(actor: Actor, id: string, update: VideoSettingsUpdate): Promise<Project> {
    return this.database.$transaction(async (tx) => {
      const project = await ownedProject(this.projects, tx, actor, id);
      return this.projects.update(tx, id, {
        videoSettings: mergeVideoSettings(project.videoSettings, update),
      });
    });
  }

  /** The row and its event commit together: services holding the project's photos, shares and renders follow. */
  delete(actor: Actor, id: string): Promise<{ id: string }> {
    return this.database.$transaction(async (tx) => {
      const project = await ownedProject(this.projects, tx, actor, id);
      await this.projects.delete(tx, id);
      await recordEvent(tx, 'projects', buildEvent(projectDeleted, actor, { id, userId: project.userId }));
      return { id };
    });
  }

  /** Tiers move only up, and only by an admin or a service acting on a purchase. */
  setTier(actor: Actor, id: string, tier: Tier): Promise<Project> {
    if (actor.role !== 'admin' && actor.role !== 'system') {
      throw new ForbiddenError(projectMessages.tierChangeForbidden);
    }
    return this.database.$transaction(async (tx) => {
      const project = await this.lockedProject(tx, id);
      if (!project) throw new NotFoundError(projectMessages.notFound);
      if (!isUpgrade(project.product, tier)) {
        throw new DomainError(projectErrorCodes.tierNotUpgrade, projectMessages.tierNotUpgrade);
      }
      return this.raiseTier(tx, actor, project, tier);
    });
  }

  /**
   * Applies a completed purchase once per event. A purchase for a deleted project, or one that no
   * longer raises the tier (a later purchase got there first), changes nothing: retrying would not help.
   */
  raiseTierAfterPurchase(
    actor: Actor,
    event: { id: string; consumer: string; projectId: string; tier: Tier },
  ): Promise<void> {
    return this.database.$transaction(async (tx) => {
      await runOnce(tx, 'projects', event.consumer, event.id, async () => {
        const project = await this.lockedProject(tx, event.projectId);
        if (project && isUpgrade(project.product, event.tier)) {
          await this.raiseTier(tx, actor, project, event.tier);
        } else {
          this.logger.warn(
            { projectId: event.projectId, tier: event.tier, current: project?.product ?? null },
            'purchase completed without raising the tier',
          );
        }
      });
    });
  }

  /**
   * A deleted user's projects go with them, once per event: each gets its own
   * `projects.project.deleted`, so media and sharing delete what hangs off it.
   */
  deleteAllOfUser(actor: Actor, event: { id: string; consumer: string; userId: string }): Promise<number> {
    return this.database.$transaction(async (tx) => {
      let deleted = 0;
      await runOnce(tx, 'projects', event.consumer, event.id, async () => {
        await this.projects.lockOwner(tx, event.userId);
        for (const project of await this.projects.listByOwner(tx, event.userId, Number.MAX_SAFE_INTEGER)) {
          await this.projects.delete(tx, project.id);
          await recordEvent(
            tx,
            'projects',
            buildEvent(projectDeleted, actor, { id: project.id, userId: event.userId }),
          );
          deleted += 1;
        }
      });
      return deleted;
    });
  }

  private async insert(
    tx: ProjectsTransaction,
    actor: Actor,
    userId: string,
    name: string,
  ): Promise<Project> {
    const project = await this.projects.insert(tx, {
      id: randomUUID(),
      userId,
      name,
      videoSettings: defaultVideoSettings(),
    });
    await recordEvent(
      tx,
      'projects',
      buildEvent(projectCreated, actor, { id: project.id, userId, name, product: project.product }),
    );
    return project;
  }

  private async raiseTier(
    tx: ProjectsTransaction,
    actor: Actor,
    project: Project,
    tier: Tier,
  ): Promise<Project> {
    const raised = await this.projects.update(tx, project.id, { product: tier });
    await recordEvent(
      tx,
      'projects',
      buildEvent(projectTierChanged, actor, {
        id: project.id,
        userId: project.userId,
        from: project.product,
        to: tier,
      }),
    );
    return raised;
  }

  private async lockedProject(tx: ProjectsTransaction, id: string): Promise<Project | null> {
    await this.projects.lockById(tx, id);
    return this.projects.getById(tx, id);
  }
}
