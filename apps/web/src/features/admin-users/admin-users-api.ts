import type { Tier } from '@memoreel/domain';
import { graphqlField } from '../../lib/graphql';

/** The gateway's Manage Users operations (apps/gateway/src/admin). */

export interface AdminUserProject {
  id: string;
  userId: string;
  name: string;
  product: string;
  createdAt: string;
}

export interface AdminUser {
  id: string;
  email: string | null;
  fullName: string | null;
  isAnonymous: boolean;
  roles: string[];
  createdAt: string;
  lastSignInAt: string | null;
  disabledAt: string | null;
  /** Newest first; null when the projects service did not answer. */
  projects: AdminUserProject[] | null;
}

export interface AdminUserPage {
  users: AdminUser[];
  total: number;
  page: number;
  pageSize: number;
}

export interface AdminAuditEntry {
  id: string;
  action: string;
  adminEmail: string | null;
  targetProjectId: string | null;
  details: { name: string; value: string }[];
  createdAt: string;
}

const PROJECT = 'id userId name product createdAt';
const USER = `id email fullName isAnonymous roles createdAt lastSignInAt disabledAt projects { ${PROJECT} }`;

export const adminUserKeys = {
  all: ['admin-users'] as const,
  page: (search: string, page: number) => ['admin-users', 'page', search, page] as const,
  audit: (userId: string) => ['admin-users', 'audit', userId] as const,
};

export function fetchAdminUsers(
  query: { search: string; page: number; pageSize: number },
  signal?: AbortSignal,
): Promise<AdminUserPage> {
  return graphqlField(
    'adminUsers',
    `query AdminUsers($search: String, $page: Int, $pageSize: Int) { adminUsers(search: $search, page: $page, pageSize: $pageSize) { total page pageSize users { ${USER} } } }`,
    query,
    signal,
  );
}

export function setUserSignInDisabled(input: {
  userId: string;
  disabled: boolean;
  reason?: string;
}): Promise<AdminUser> {
  return graphqlField(
    'setUserSignInDisabled',
    `mutation SetUserSignInDisabled($userId: ID!, $disabled: Boolean!, $reason: String) { setUserSignInDisabled(userId: $userId, disabled: $disabled, reason: $reason) { ${USER} } }`,
    input,
  );
}

export function setProjectTier(input: { projectId: string; tier: Tier }): Promise<AdminUserProject> {
  return graphqlField(
    'adminSetProjectTier',
    `mutation AdminSetProjectTier($projectId: ID!, $tier: String!) { adminSetProjectTier(projectId: $projectId, tier: $tier) { ${PROJECT} } }`,
    input,
  );
}

export function fetchAuditLog(userId: string, signal?: AbortSignal): Promise<AdminAuditEntry[]> {
  return graphqlField(
    'adminAuditLog',
    'query AdminAuditLog($userId: ID) { adminAuditLog(userId: $userId, limit: 20) { id action adminEmail targetProjectId details { name value } createdAt } }',
    { userId },
    signal,
  );
}
