import type { AdminAction, AdminAuditEntry, AdminUser } from '@memoreel/contracts';
import { Injectable } from '@nestjs/common';
import type { AuthDb } from '../database/auth-database.js';

interface AdminUserRow {
  id: string;
  email: string | null;
  full_name: string | null;
  is_anonymous: boolean;
  roles: string[];
  created_at: Date;
  last_sign_in_at: Date | null;
  disabled_at: Date | null;
}

const USER_COLUMNS = `
  u.id::text, u.email, u.user_metadata->>'fullName' AS full_name, u.is_anonymous, u.created_at, u.disabled_at,
  (SELECT max(s.created_at) FROM "auth".sessions s WHERE s.user_id = u.id) AS last_sign_in_at,
  COALESCE((SELECT array_agg(r.role ORDER BY r.role) FROM "auth".user_roles r WHERE r.user_id = u.id), '{}') AS roles`;

/** `$1` is a LIKE pattern or null for everyone. */
const MATCHES_SEARCH = `($1::text IS NULL OR u.email ILIKE $1 OR u.user_metadata->>'fullName' ILIKE $1)`;

/** Contains `search`, with LIKE's wildcards in it taken literally. */
function containsPattern(search: string | undefined): string | null {
  if (!search) return null;
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function toAdminUser(row: AdminUserRow): AdminUser {
  return {
    id: row.id,
    email: row.email,
    fullName: row.full_name,
    isAnonymous: row.is_anonymous,
    roles: row.roles,
    createdAt: row.created_at.toISOString(),
    lastSignInAt: row.last_sign_in_at?.toISOString() ?? null,
    disabledAt: row.disabled_at?.toISOString() ?? null,
  };
}

export interface NewAuditEntry {
  id: string;
  action: AdminAction;
  adminUserId: string;
  adminEmail: string | null;
  targetUserId: string;
  targetProjectId?: string | null;
  details: Record<string, string>;
}

/** Reads and writes of the Manage Users screen: users with their last sign-in, and the admin audit log. */
@Injectable()
export class AdminUsersRepository {
  async page(
    db: AuthDb,
    query: { search?: string | undefined; page: number; pageSize: number },
  ): Promise<{ users: AdminUser[]; total: number }> {
    const pattern = containsPattern(query.search);
    const rows = await db.$queryRawUnsafe<AdminUserRow[]>(
      `SELECT ${USER_COLUMNS} FROM "auth".users u WHERE ${MATCHES_SEARCH}
        ORDER BY u.created_at DESC, u.id LIMIT $2 OFFSET $3`,
      pattern,
      query.pageSize,
      (query.page - 1) * query.pageSize,
    );
    const [counted] = await db.$queryRawUnsafe<{ total: bigint }[]>(
      `SELECT count(*) AS total FROM "auth".users u WHERE ${MATCHES_SEARCH}`,
      pattern,
    );
    return { users: rows.map(toAdminUser), total: Number(counted?.total ?? 0) };
  }

  async find(db: AuthDb, userId: string): Promise<AdminUser | null> {
    const [row] = await db.$queryRawUnsafe<AdminUserRow[]>(
      `SELECT ${USER_COLUMNS} FROM "auth".users u WHERE u.id = $1::uuid`,
      userId,
    );
    return row ? toAdminUser(row) : null;
  }

  async setDisabledAt(db: AuthDb, userId: string, disabledAt: Date | null): Promise<void> {
    await db.user.update({ where: { id: userId }, data: { disabledAt } });
  }

  /** Records an entry once: an entry with the same id (a redelivered event) is ignored. */
  async record(db: AuthDb, entry: NewAuditEntry): Promise<void> {
    await db.adminAuditEntry.createMany({
      data: [{ ...entry, targetProjectId: entry.targetProjectId ?? null }],
      skipDuplicates: true,
    });
  }

  async auditLog(
    db: AuthDb,
    query: { targetUserId?: string | undefined; limit: number },
  ): Promise<AdminAuditEntry[]> {
    const rows = await db.adminAuditEntry.findMany({
      where: query.targetUserId ? { targetUserId: query.targetUserId } : {},
      orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
      take: query.limit,
    });
    return rows.map((row) => ({
      id: row.id,
      action: row.action as AdminAction,
      adminUserId: row.adminUserId,
      adminEmail: row.adminEmail,
      targetUserId: row.targetUserId,
      targetProjectId: row.targetProjectId,
      details: stringRecord(row.details),
      createdAt: row.createdAt.toISOString(),
    }));
  }
}

function stringRecord(json: unknown): Record<string, string> {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return {};
  return Object.fromEntries(
    Object.entries(json).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
