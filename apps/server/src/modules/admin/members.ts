import {
  type AdminAuditEntry,
  type AdminMember,
  type AdminRoleChange,
  roleSchema,
} from '@marketplace/contract';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Database, rowCount, rowDate, selectRows } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import { displayName, findAccounts, getAccount, updateAccount } from '../users/index.ts';
import { auditTargetNames } from './audit.ts';
import { adminAuditLog } from './schema.ts';

/** Most members one search answers. */
export const MEMBER_SEARCH_LIMIT = 50;
/** Most audit log entries one read answers. */
export const AUDIT_LOG_LIMIT = 200;

/** A member found by {@link searchMembers}, with the number of ads. */
const foundMemberRow = z.object({
  id: z.string(),
  email: z.string(),
  nickname: z.string().nullable(),
  first_name: z.string().nullable(),
  role: roleSchema,
  created_at: rowDate,
  listings: rowCount,
});

/**
 * Members whose e-mail, nickname, first or last name contains `q` (case-insensitive; empty:
 * the newest members), newest first, at most {@link MEMBER_SEARCH_LIMIT}, with their number of
 * ads. A read-only query over the users and listings tables.
 */
export async function searchMembers(db: Database, q: string): Promise<AdminMember[]> {
  const pattern = `%${q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await selectRows(
    db,
    foundMemberRow,
    sql`select u.id, u.email, u.nickname, u.first_name, u.role, u.created_at,
          (select count(*)::int from listings l where l.seller_id = u.id) as listings
        from users u
        where u.email ilike ${pattern} or u.nickname ilike ${pattern}
          or u.first_name ilike ${pattern} or u.last_name ilike ${pattern}
          or (coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) ilike ${pattern}
        order by u.created_at desc, u.id
        limit ${MEMBER_SEARCH_LIMIT}`,
  );
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    display_name: displayName({ id: row.id, nickname: row.nickname, firstName: row.first_name }),
    role: row.role,
    created_at: row.created_at.toISOString(),
    listings: row.listings,
  }));
}

/**
 * Gives a member another role (SPEC.md §6 roles ADMIN and SELLER) and writes the audit log
 * entry in the same transaction; publishes `user.updated` after the commit, so the member's
 * open tabs reload their role. An admin cannot change their own role (422), so the area never
 * loses its last administrator by accident.
 * @throws AppError user_not_found (404), validation (422)
 */
export async function changeRole(
  deps: { db: Database; events: EventBus },
  adminId: string,
  memberId: string,
  change: AdminRoleChange,
): Promise<AdminMember> {
  if (memberId === adminId) throw new AppError('validation', 'Du kannst deine eigene Rolle nicht ändern.');
  const before = await getAccount(deps.db, memberId);
  if (before.role !== change.role) {
    await deps.db.transaction(async (tx) => {
      await updateAccount(tx, memberId, { role: change.role });
      await tx.insert(adminAuditLog).values({
        adminId,
        action: 'role_changed',
        targetType: 'user',
        targetId: memberId,
        reason: change.reason,
        details: `${before.role} → ${change.role}`,
      });
    });
    deps.events.publish('user.updated', { userId: memberId });
  }
  const [member] = (await searchMembers(deps.db, before.email)).filter((m) => m.id === memberId);
  if (!member) throw new AppError('user_not_found');
  return member;
}

/** Filters of the audit log; each is optional. */
export interface AuditFilters {
  action?: string;
  targetId?: string;
  adminId?: string;
}

/**
 * The audit log, newest first, at most {@link AUDIT_LOG_LIMIT} entries, filtered by action,
 * target and acting admin, each with the acting admin's and the target's current names (one
 * batched read per kind, {@link auditTargetNames}). Entries are only read here; nothing changes
 * or deletes them.
 */
export async function readAuditLog(db: Database, filters: AuditFilters): Promise<AdminAuditEntry[]> {
  const conditions: SQL[] = [];
  if (filters.action) conditions.push(eq(adminAuditLog.action, filters.action));
  if (filters.targetId) conditions.push(eq(adminAuditLog.targetId, filters.targetId));
  if (filters.adminId) conditions.push(eq(adminAuditLog.adminId, filters.adminId));
  const rows = await db
    .select()
    .from(adminAuditLog)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(AUDIT_LOG_LIMIT);
  const admins = new Map(
    (await findAccounts(db, [...new Set(rows.flatMap((r) => (r.adminId ? [r.adminId] : [])))])).map((u) => [
      u.id,
      displayName(u),
    ]),
  );
  const targets = await auditTargetNames(db, rows);
  return rows.map((row) => {
    const target = targets.get(`${row.targetType}:${row.targetId}`);
    return {
      id: row.id,
      admin_id: row.adminId,
      admin_name: row.adminId ? (admins.get(row.adminId) ?? null) : null,
      action: row.action,
      target_type: row.targetType,
      target_id: row.targetId,
      target_name: target?.name ?? row.targetId,
      target_deleted: target?.deleted ?? false,
      target_link: target?.link ?? null,
      reason: row.reason,
      details: row.details,
      created_at: row.createdAt.toISOString(),
    };
  });
}
