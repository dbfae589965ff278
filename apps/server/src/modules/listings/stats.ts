import { sql } from 'drizzle-orm';
import { type Database, selectRows } from '../../db/client.ts';

/** Active, unexpired ads of a member (public profile, seller card). */
export async function countActiveListings(db: Database, sellerId: string): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from listings
        where seller_id = ${sellerId}::uuid and status = 'active' and expires_at > now()`,
  );
  return row?.n ?? 0;
}

/**
 * Active, unexpired ads per category id (`GET /api/categories/all` fills `listing_count` from
 * it), in one grouped scan. The listings plugin caches it for a minute and until an ad changes.
 */
export async function countActiveListingsByCategory(db: Database): Promise<Map<number, number>> {
  const rows = await selectRows<{ category_id: number; n: number }>(
    db,
    sql`select category_id, count(*)::int as n from listings
        where status = 'active' and expires_at > now() group by category_id`,
  );
  return new Map(rows.map((row) => [row.category_id, row.n]));
}
