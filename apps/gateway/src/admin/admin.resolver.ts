import {
  type Actor,
  type AdminUser,
  type AdminUserProject,
  adminUserMessages,
  ErrorCodes,
  listAdminAuditLog,
  listProjectsOfUsers,
  listUsersForAdmin,
  serviceOverviews,
  setProjectTier,
  setUserSignInDisabled,
} from '@memoreel/contracts';
import { BusClient, RemoteError } from '@memoreel/platform';
import { Args, ID, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CurrentActor } from '../http/current-actor.js';
import {
  AdminAuditEntryModel,
  AdminUserModel,
  AdminUserPageModel,
  AdminUserProjectModel,
  ServiceOverviewResultModel,
} from './admin.model.js';

/** Listing a bucket of many objects takes a while; the default 5 s would cut a large one short. */
const OVERVIEW_TIMEOUT_MS = 20_000;

/**
 * Manage Users and Database Admin. Each service checks the admin role itself; refusing here
 * first keeps a non-admin from even reaching them (and from learning which services answer).
 */
@Resolver()
export class AdminResolver {
  constructor(private readonly bus: BusClient) {}

  @Query(() => AdminUserPageModel, {
    description: 'Users newest first, those whose e-mail or name contains `search` when given. Admins only.',
  })
  async adminUsers(
    @CurrentActor() actor: Actor,
    @Args('search', { nullable: true }) search?: string,
    @Args('page', { type: () => Int, nullable: true }) page?: number,
    @Args('pageSize', { type: () => Int, nullable: true }) pageSize?: number,
  ): Promise<AdminUserPageModel> {
    assertAdmin(actor);
    const reply = await this.bus.request(listUsersForAdmin, actor, {
      ...(search ? { search } : {}),
      ...(page ? { page } : {}),
      ...(pageSize ? { pageSize } : {}),
    });
    const projects = await this.projectsOf(actor, reply.users);
    return { ...reply, users: reply.users.map((user) => withProjects(user, projects)) };
  }

  @Mutation(() => AdminUserModel, {
    description:
      'Bars a user from signing in (their sessions end) or lets them in again; logged. Admins only.',
  })
  async setUserSignInDisabled(
    @CurrentActor() actor: Actor,
    @Args('userId', { type: () => ID }) userId: string,
    @Args('disabled') disabled: boolean,
    @Args('reason', { nullable: true }) reason?: string,
  ): Promise<AdminUserModel> {
    assertAdmin(actor);
    const user = await this.bus.request(setUserSignInDisabled, actor, {
      userId,
      disabled,
      ...(reason ? { reason } : {}),
    });
    return withProjects(user, await this.projectsOf(actor, [user]));
  }

  @Mutation(() => AdminUserProjectModel, {
    description: "Raises a project's tier (tiers only go up); logged. Admins only.",
  })
  async adminSetProjectTier(
    @CurrentActor() actor: Actor,
    @Args('projectId', { type: () => ID }) projectId: string,
    @Args('tier') tier: string,
  ): Promise<AdminUserProjectModel> {
    assertAdmin(actor);
    const project = await this.bus.request(setProjectTier, actor, {
      id: projectId,
      tier: tier as AdminUserProject['product'],
    });
    return {
      id: project.id,
      userId: project.userId,
      name: project.name,
      product: project.product,
      createdAt: project.createdAt,
    };
  }

  @Query(() => [AdminAuditEntryModel], {
    description: 'The newest admin actions, all or on one user. Admins only.',
  })
  async adminAuditLog(
    @CurrentActor() actor: Actor,
    @Args('userId', { type: () => ID, nullable: true }) userId?: string,
    @Args('limit', { type: () => Int, nullable: true }) limit?: number,
  ): Promise<AdminAuditEntryModel[]> {
    assertAdmin(actor);
    const { entries } = await this.bus.request(listAdminAuditLog, actor, {
      ...(userId ? { targetUserId: userId } : {}),
      ...(limit ? { limit } : {}),
    });
    return entries.map((entry) => ({
      ...entry,
      details: Object.entries(entry.details).map(([name, value]) => ({ name, value })),
    }));
  }

  @Query(() => [ServiceOverviewResultModel], {
    description:
      "Each data-owning service's schema, migration, tables, storage and bus consumers. Admins only.",
  })
  async serviceOverviews(@CurrentActor() actor: Actor): Promise<ServiceOverviewResultModel[]> {
    assertAdmin(actor);
    // One service down must not blank the screen: each answers, or says why not, on its own.
    return Promise.all(
      serviceOverviews.map(async (contract) => {
        try {
          const overview = await this.bus.request(contract, actor, {}, { timeoutMs: OVERVIEW_TIMEOUT_MS });
          return { service: contract.service, overview, error: null };
        } catch (error) {
          if (error instanceof RemoteError && error.code === ErrorCodes.forbidden) throw error;
          return { service: contract.service, overview: null, error: errorText(error) };
        }
      }),
    );
  }

  /** The listed users' projects, or null when the projects service does not answer (the list still shows). */
  private async projectsOf(
    actor: Actor,
    users: AdminUser[],
  ): Promise<Map<string, AdminUserProject[]> | null> {
    if (users.length === 0) return new Map();
    try {
      const { projects } = await this.bus.request(listProjectsOfUsers, actor, {
        userIds: users.map((user) => user.id),
      });
      const byUser = new Map<string, AdminUserProject[]>();
      for (const project of projects)
        byUser.set(project.userId, [...(byUser.get(project.userId) ?? []), project]);
      return byUser;
    } catch (error) {
      if (error instanceof RemoteError && error.code === ErrorCodes.forbidden) throw error;
      return null;
    }
  }
}

function assertAdmin(actor: Actor): void {
  if (actor.role !== 'admin') {
    throw new RemoteError({ code: ErrorCodes.forbidden, message: adminUserMessages.adminRequired });
  }
}

function withProjects(user: AdminUser, projects: Map<string, AdminUserProject[]> | null): AdminUserModel {
  return { ...user, projects: projects ? (projects.get(user.id) ?? []) : null };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : 'No answer';
}
