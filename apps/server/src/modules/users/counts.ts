import { and, count, eq, gte, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Database, rowCount, selectRows } from '../../db/client.ts';
import { users } from './schema.ts';

/** Members in total and new since a time ({@link countMembers}). */
const memberCountsRow = z.object({ total: rowCount, recent: rowCount });

/**
 * Members in total and new since `since` (the admin figures, `GET /api/admin/stats`, SPEC.md
 * §6, §7); read-only.
 */
export async function countMembers(db: Database, since: Date): Promise<{ total: number; newSince: number }> {
  const [row] = await selectRows(
    db,
    memberCountsRow,
    sql`select count(*)::int as total,
          count(*) filter (where created_at > ${since.toISOString()}::timestamptz)::int as recent
        from users`,
  );
  return { total: row?.total ?? 0, newSince: row?.recent ?? 0 };
}

/** New members per UTC day (`YYYY-MM-DD`) from `from` on; days without any are left out. */
export async function countNewMembersPerDay(db: Database, from: Date): Promise<Map<string, number>> {
  const day = sql`to_char((${users.createdAt} at time zone 'UTC')::date, 'YYYY-MM-DD')`.mapWith(String);
  const rows = await db
    .select({ day, n: count() })
    .from(users)
    .where(gte(users.createdAt, from))
    .groupBy(day);
  return new Map(rows.map((row) => [row.day, row.n]));
}

/**
 * Whether an ADMIN other than `adminId` exists (DSA Art. 20: an appeal goes to another person
 * than the first decision's where the site has one); read-only.
 */
export async function hasOtherAdmin(db: Database, adminId: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'ADMIN'), ne(users.id, adminId)))
    .limit(1);
  return rows.length > 0;
}
