import { and, count, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Database, rowCount, selectRows } from '../../db/client.ts';
import { l, VISIBLE } from './queries.ts';

/** Active, unexpired ads of a member (public profile, seller card); none while they are suspended or banned. */
export async function countActiveListings(db: Database, sellerId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(l)
    .where(and(eq(l.sellerId, sellerId), VISIBLE));
  return row?.n ?? 0;
}

/**
 * Active, unexpired ads of unsanctioned sellers per category id (`GET /api/categories/all` fills `listing_count` from
 * it), in one grouped scan. The listings plugin caches it for a minute and until an ad changes.
 */
export async function countActiveListingsByCategory(db: Database): Promise<Map<number, number>> {
  const rows = await db
    .select({ categoryId: l.categoryId, n: count() })
    .from(l)
    .where(VISIBLE)
    .groupBy(l.categoryId);
  return new Map(rows.map((row) => [row.categoryId, row.n]));
}

/** A row of {@link countListingsByStatus}. */
const statusCountsRow = z.object({ active: rowCount, reserved: rowCount, sold: rowCount, recent: rowCount });

/**
 * Ads by status for the admin figures (`GET /api/admin/stats`): active and unexpired (whatever
 * the seller's sanctions), reserved, sold, and created since `since`.
 */
export async function countListingsByStatus(
  db: Database,
  since: Date,
): Promise<{ active: number; reserved: number; sold: number; newSince: number }> {
  const [row] = await selectRows(
    db,
    statusCountsRow,
    sql`select count(*) filter (where status = 'active' and expires_at > now())::int as active,
          count(*) filter (where status = 'reserved')::int as reserved,
          count(*) filter (where status = 'sold')::int as sold,
          count(*) filter (where created_at > ${since.toISOString()}::timestamptz)::int as recent
        from listings`,
  );
  return {
    active: row?.active ?? 0,
    reserved: row?.reserved ?? 0,
    sold: row?.sold ?? 0,
    newSince: row?.recent ?? 0,
  };
}

/** A row of {@link countNewListingsPerDay}: a UTC day (`YYYY-MM-DD`) and its new ads. */
const newListingsDayRow = z.object({ day: z.string(), n: rowCount });

/** New ads per UTC day (`YYYY-MM-DD`) from `from` on; days without any are left out. */
export async function countNewListingsPerDay(db: Database, from: Date): Promise<Map<string, number>> {
  const rows = await selectRows(
    db,
    newListingsDayRow,
    sql`select to_char((created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, count(*)::int as n
        from listings where created_at >= ${from.toISOString()}::timestamptz group by 1`,
  );
  return new Map(rows.map((row) => [row.day, row.n]));
}
