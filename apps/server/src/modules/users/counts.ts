import { sql } from 'drizzle-orm';
import { type Database, selectRowsUnchecked } from '../../db/client.ts';

/**
 * Members in total and new since `since` (the admin figures, `GET /api/admin/stats`, SPEC.md
 * §6, §7); read-only.
 */
export async function countMembers(db: Database, since: Date): Promise<{ total: number; newSince: number }> {
  const [row] = await selectRowsUnchecked<{ total: number; recent: number }>(
    db,
    sql`select count(*)::int as total,
          count(*) filter (where created_at > ${since.toISOString()}::timestamptz)::int as recent
        from users`,
  );
  return { total: row?.total ?? 0, newSince: row?.recent ?? 0 };
}

/** New members per UTC day (`YYYY-MM-DD`) from `from` on; days without any are left out. */
export async function countNewMembersPerDay(db: Database, from: Date): Promise<Map<string, number>> {
  const rows = await selectRowsUnchecked<{ day: string; n: number }>(
    db,
    sql`select to_char((created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, count(*)::int as n
        from users where created_at >= ${from.toISOString()}::timestamptz group by 1`,
  );
  return new Map(rows.map((row) => [row.day, row.n]));
}

/**
 * Whether an ADMIN other than `adminId` exists (DSA Art. 20: an appeal goes to another person
 * than the first decision's where the site has one); read-only.
 */
export async function hasOtherAdmin(db: Database, adminId: string): Promise<boolean> {
  const [row] = await selectRowsUnchecked<{ other: boolean }>(
    db,
    sql`select exists (select 1 from users where role = 'ADMIN' and id <> ${adminId}::uuid) as other`,
  );
  return row?.other ?? false;
}
