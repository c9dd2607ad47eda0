import { adminUserMessages, listProjectsOfUsers } from '@memoreel/contracts';
import { tierOf } from '@memoreel/domain';
import { ForbiddenError, requestHandlers } from '@memoreel/platform';
import { ProjectsDatabase } from './database/projects-database.js';

/** Manage Users (/admin/users): each listed user's projects, for their count and tiers; admins only. */
export const AdminUserProjectsHandler = requestHandlers(ProjectsDatabase, (answer) => [
  answer(listProjectsOfUsers, async (database, { actor, data }) => {
    if (actor.role !== 'admin') throw new ForbiddenError(adminUserMessages.adminRequired);
    const rows = await database.project.findMany({
      where: { userId: { in: data.userIds } },
      select: { id: true, userId: true, name: true, product: true, createdAt: true },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    });
    return {
      projects: rows.map((row) => ({
        ...row,
        product: tierOf(row.product),
        createdAt: row.createdAt.toISOString(),
      })),
    };
  }),
]);
