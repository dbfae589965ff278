import type { AttributeValues } from '@marketplace/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, selectRows } from '../../db/client.ts';
import type { StoredListingStatus } from './schema.ts';

/**
 * A timestamp column as ISO 8601 text. Raw queries read timestamps as text on both drivers
 * (Drizzle maps them only for its typed queries); JSON's encoding is ISO 8601.
 */
export function isoTimestamp(column: string): SQL {
  return sql.raw(`(to_json(${column}) #>> '{}')`);
}

/** An ad as the list and detail queries select it, with its seller and the viewer's flag. */
export interface ListingRecord {
  id: string;
  seller_id: string;
  category_id: number;
  title: string;
  description: string;
  price_cents: number;
  price_type: 'fixed' | 'negotiable' | 'free';
  offer_type: 'offer' | 'wanted';
  status: StoredListingStatus;
  postal_code: string;
  location: string;
  latitude: number;
  longitude: number;
  images: string[];
  attributes: AttributeValues;
  views: number;
  favorites_count: number;
  popularity: number;
  /** ISO 8601 (milliseconds). */
  created_at: string;
  updated_at: string;
  expires_at: string;
  seller_nickname: string | null;
  seller_first_name: string | null;
  seller_email: string;
  seller_avatar: string | null;
  seller_created_at: string;
  /** Active, unexpired ads of the seller. */
  seller_active: number;
  is_favorite: boolean;
  /** Exact distance in km from the searcher, when a location was given. */
  distance_km: number | null;
}

/** SQL condition: the ad is shown in public lists (active and not past its expiry). */
export const VISIBLE = sql`(l.status = 'active' and l.expires_at > now())`;

/** The joins `listingColumns` reads from: the seller `u` and the counters `st` of ad `l`. */
export const LISTING_JOINS = sql`join users u on u.id = l.seller_id join listing_stats st on st.listing_id = l.id`;

/**
 * The select list of `ListingRecord` over `listings l` with `LISTING_JOINS`.
 * @param viewerId the member asking (for `is_favorite`), or null
 * @param distance SQL of the distance in km, or null
 */
export function listingColumns(viewerId: string | null, distance: SQL | null): SQL {
  return sql`l.id, l.seller_id, l.category_id, l.title, l.description, l.price_cents, l.price_type,
    l.offer_type, l.status, l.postal_code, l.location, l.latitude, l.longitude, l.images, l.attributes,
    st.views, st.favorites_count, st.popularity, ${isoTimestamp('l.created_at')} as created_at,
    ${isoTimestamp('l.updated_at')} as updated_at, ${isoTimestamp('l.expires_at')} as expires_at,
    u.nickname as seller_nickname, u.first_name as seller_first_name, u.email as seller_email,
    u.avatar_url as seller_avatar, ${isoTimestamp('u.created_at')} as seller_created_at,
    (select count(*) from listings s
      where s.seller_id = l.seller_id and s.status = 'active' and s.expires_at > now())::int as seller_active,
    ${
      viewerId
        ? sql`exists(select 1 from favorites f where f.listing_id = l.id and f.user_id = ${viewerId}::uuid)`
        : sql`false`
    } as is_favorite,
    ${distance ?? sql`null::float8`} as distance_km`;
}

/** One ad by id with seller and viewer flag, or undefined. */
export async function selectListingRecord(
  db: Database,
  id: string,
  viewerId: string | null,
): Promise<ListingRecord | undefined> {
  const [row] = await selectRows<ListingRecord>(
    db,
    sql`select ${listingColumns(viewerId, null)}
        from listings l ${LISTING_JOINS}
        where l.id = ${id}::uuid`,
  );
  return row;
}

/**
 * A page of ads: the inner query picks ids in order with `where`, `orderBy` and `limit`, the
 * outer one reads the full records for those ids only (so the per-ad subqueries run for the
 * page, never for every match).
 * @param keyColumns extra columns of the inner query (e.g. the distance) exposed as `k.<alias>`
 */
export function selectListingPage(
  db: Database,
  page: {
    where: SQL[];
    orderBy: SQL;
    outerOrderBy: SQL;
    limit: number;
    viewerId: string | null;
    keyColumns?: SQL;
    /** Joins of the inner query (e.g. the counters for `popular`). */
    innerJoin?: SQL;
    distance?: SQL | null;
  },
): Promise<ListingRecord[]> {
  const where = page.where.length > 0 ? sql.join(page.where, sql` and `) : sql`true`;
  return selectRows<ListingRecord>(
    db,
    sql`select ${listingColumns(page.viewerId, page.distance ?? null)}
        from (select l.id ${page.keyColumns ? sql`, ${page.keyColumns}` : sql``}
              from listings l ${page.innerJoin ?? sql``} where ${where}
              order by ${page.orderBy} limit ${page.limit}) k
        join listings l on l.id = k.id
        ${LISTING_JOINS}
        order by ${page.outerOrderBy}`,
  );
}

/**
 * How many ads match, counted up to `cap` (the answer is `cap` when there are more), so that
 * counting stays cheap however many ads there are.
 */
export async function countListingsCapped(db: Database, where: SQL[], cap: number): Promise<number> {
  const condition = where.length > 0 ? sql.join(where, sql` and `) : sql`true`;
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from listings l where ${condition} limit ${cap}) c`,
  );
  return row?.n ?? 0;
}

/**
 * Counts one view of an ad for a visitor and day (issue 4 "one view per visitor per day"):
 * inserts the (ad, visitor, day) row and raises the ad's `views` counter only when that row is
 * new. The seller's own visits do not count.
 * @param day the visit's day, `YYYY-MM-DD`
 */
export async function recordView(
  db: Database,
  listingId: string,
  visitor: string,
  viewerId: string | null,
  day: string,
): Promise<void> {
  await db.execute(sql`
    with counted as (
      insert into listing_views (listing_id, visitor, day)
      select l.id, ${visitor}, ${day}::date from listings l
      where l.id = ${listingId}::uuid and l.seller_id is distinct from ${viewerId}::uuid
      on conflict do nothing
      returning listing_id
    )
    update listing_stats set views = views + 1 where listing_id in (select listing_id from counted)`);
}

/** Forgets counted views older than yesterday (the counts on the ads stay). */
export async function pruneViews(db: Database): Promise<void> {
  await db.execute(sql`delete from listing_views where day < current_date - 1`);
}
