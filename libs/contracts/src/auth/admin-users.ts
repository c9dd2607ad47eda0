import { z } from 'zod';
import { defineRequest } from '../common/define.js';

/** The Manage Users screen (/admin/users): a support person's view of accounts, admins only. */
export const ADMIN_USERS_PAGE_SIZE = 25;
export const ADMIN_USERS_MAX_PAGE_SIZE = 100;
export const ADMIN_USERS_MAX_SEARCH = 200;
export const ADMIN_REASON_MAX_LENGTH = 500;

export const adminUserMessages = {
  adminRequired: 'Admin access required',
  userNotFound: 'User not found',
  cannotDisableSelf: 'You cannot disable your own account',
  cannotDisableAdmin:
    'Administrators come from the configuration; remove the address from ADMIN_EMAILS first',
} as const;

export const AdminUserSchema = z.object({
  id: z.uuid(),
  email: z.string().nullable(),
  fullName: z.string().nullable(),
  /** A guest: a session without e-mail (spec §1). */
  isAnonymous: z.boolean(),
  roles: z.array(z.string()),
  createdAt: z.iso.datetime(),
  /** When the newest session was opened; null if the user never signed in (an unconfirmed sign-up). */
  lastSignInAt: z.iso.datetime().nullable(),
  /** Set while an administrator bars the user from signing in. */
  disabledAt: z.iso.datetime().nullable(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const listUsersForAdmin = defineRequest('auth.admin-user.list', {
  summary:
    'A page of users, newest first, optionally those whose e-mail or name contains `search`; FORBIDDEN unless the actor is an admin.',
  request: z.object({
    search: z.string().trim().max(ADMIN_USERS_MAX_SEARCH).optional(),
    page: z.number().int().min(1).default(1),
    pageSize: z.number().int().min(1).max(ADMIN_USERS_MAX_PAGE_SIZE).default(ADMIN_USERS_PAGE_SIZE),
  }),
  reply: z.object({
    users: z.array(AdminUserSchema),
    /** Users matching the search over all pages. */
    total: z.number().int().nonnegative(),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  }),
});

export const setUserSignInDisabled = defineRequest('auth.admin-user.set-disabled', {
  summary:
    'Bars a user from signing in (ending every session of theirs) or lets them in again; audit-logged. FORBIDDEN unless the actor is an admin; an admin cannot disable themselves or another admin.',
  request: z.object({
    userId: z.uuid(),
    disabled: z.boolean(),
    reason: z.string().trim().max(ADMIN_REASON_MAX_LENGTH).optional(),
  }),
  reply: AdminUserSchema,
});

export const ADMIN_ACTIONS = [
  'user.sign-in-disabled',
  'user.sign-in-enabled',
  'project.tier-changed',
  'share.updated',
  'share.deleted',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

/** Who changed what, for the record (the auth service keeps the log; tier changes arrive as events). */
export const AdminAuditEntrySchema = z.object({
  id: z.uuid(),
  action: z.enum(ADMIN_ACTIONS),
  adminUserId: z.uuid(),
  /** The admin's e-mail when the entry was written. */
  adminEmail: z.string().nullable(),
  targetUserId: z.uuid(),
  targetProjectId: z.uuid().nullable(),
  /**
   * What changed: `{ reason }` for sign-in changes, `{ from, to }` tiers for a project, `{ shareId }`
   * and `<field>.from`/`<field>.to` for each edited field of a share.
   */
  details: z.record(z.string(), z.string()),
  createdAt: z.iso.datetime(),
});
export type AdminAuditEntry = z.infer<typeof AdminAuditEntrySchema>;

export const listAdminAuditLog = defineRequest('auth.admin-audit.list', {
  summary: 'The newest admin actions, all or those on one user; FORBIDDEN unless the actor is an admin.',
  request: z.object({
    targetUserId: z.uuid().optional(),
    limit: z.number().int().min(1).max(100).default(20),
  }),
  reply: z.object({ entries: z.array(AdminAuditEntrySchema) }),
});
