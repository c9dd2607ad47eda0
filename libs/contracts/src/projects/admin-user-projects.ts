import { TierSchema } from '@memoreel/domain';
import { z } from 'zod';
import { defineRequest } from '../common/define.js';

/** A project as the Manage Users screen lists it under its owner. */
export const AdminUserProjectSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  name: z.string(),
  product: TierSchema,
  createdAt: z.iso.datetime(),
});
export type AdminUserProject = z.infer<typeof AdminUserProjectSchema>;

export const listProjectsOfUsers = defineRequest('projects.admin-user.list-projects', {
  summary:
    'Every project of each given user, newest first (Manage Users: counts and tiers); FORBIDDEN unless the actor is an admin.',
  request: z.object({ userIds: z.array(z.uuid()).max(100) }),
  reply: z.object({ projects: z.array(AdminUserProjectSchema) }),
});
