import {
  adminUserMessages,
  listProjectsOfUsers,
  type ReplyOf,
  type RequestEnvelopeOf,
} from '@memoreel/contracts';
import { tierOf } from '@memoreel/domain';
import { ForbiddenError } from '@memoreel/platform';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ProjectsDatabase } from './database/projects-database.js';

/** Manage Users (/admin/users): each listed user's projects, for their count and tiers; admins only. */
@Controller()
export class AdminUserProjectsHandler {
  constructor(private readonly database: ProjectsDatabase) {}

  @MessagePattern(listProjectsOfUsers.subject)
  async list(
    @Payload() { actor, data }: RequestEnvelopeOf<typeof listProjectsOfUsers>,
  ): Promise<ReplyOf<typeof listProjectsOfUsers>> {
    if (actor.role !== 'admin') throw new ForbiddenError(adminUserMessages.adminRequired);
    const rows = await this.database.project.findMany({
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
  }
}
