import { offerTypeSchema, priceTypeSchema, sellerBadgeSchema, traderSchema } from '@marketplace/contract';
import { and, type Column, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { type Database, rowCount, rowDate, selectRows } from '../../db/client.ts';
import { isUuid } from '../../lib/ids.ts';
import { isoTimestamp } from '../../lib/sql.ts';
import { sellerRatingColumns } from '../ratings/index.ts';
import { sellerBadgeColumns } from '../verification/index.ts';
import { listingStats, listings, STORED_LISTING_STATUSES } from './schema.ts';

/**
 * A row of {@link listingColumns}: an ad's `listings` row without the search vector (times as
 * ISO 8601 text with milliseconds, `isoTimestamp`, the same text on both drivers; the price in
 * integer cents), its counters, the seller card and the viewer's flag. Read on every list,
 * search and ad page, so it stays flat: its counts are cast to `int` in the query and read as
 * plain numbers.
 */
export const listingRecordRow = z.object({
  id: z.string(),
  sellerId: z.string(),
  categoryId: z.number(),
  rootCategoryId: z.number(),
  title: z.string(),
  description: z.string(),
  priceCents: z.number(),
  priceType: priceTypeSchema,
  offerType: offerTypeSchema,
  status: z.enum(STORED_LISTING_STATUSES),
  postalCode: z.string(),
  location: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** URLs of the `detail` variants, cover first. */
  images: z.array(z.string()),
  /** Attribute values by the category's attribute key (checked when the ad was written). */
  attributes: z.record(z.string(), z.union([z.string(), z.number()])),
  views: z.number(),
  favoritesCount: z.number(),
  popularity: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  expiresAt: z.string(),
  sellerNickname: z.string().nullable(),
  sellerFirstName: z.string().nullable(),
  sellerAvatar: z.string().nullable(),
  sellerCreatedAt: z.string(),
  /** Active, unexpired ads of the seller. */
  sellerActive: z.number(),
  /** Average stars of the seller's chat ratings (one decimal), null without ratings. */
  sellerRating: z.number().nullable(),
  sellerReviewCount: z.number(),
  /** The seller's verification badge and, for a business, the trader information. */
  sellerBadge: sellerBadgeSchema,
  sellerTrader: traderSchema.nullable(),
  /** Whether the viewer saved the ad; false without a viewer. */
  isFavorite: z.boolean(),
  /** Exact distance in km from the searcher, when a location was given. */
  distanceKm: z.number().nullable(),
});

/** An ad as the list and detail queries read it ({@link listingRecordRow}). */
export type ListingRecord = z.output<typeof listingRecordRow>;

/**
 * The ads under the alias `l`, the name the SQL conditions of this module use (`VISIBLE`,
 * `SELLER_UNSANCTIONED`, the search filters): queries of Drizzle's builder that combine them
 * read `from(l)`.
 */
export const l = alias(listings, 'l');

/**
 * SQL condition: the seller of ad `l` is not kept out by a suspension or ban now (the admin
 * module's view `sanctioned_members`; docs/decisions/0009-reports-queue.md, "Sanctioned members'
 * ads"): their ads are hidden while the sanction holds and back when it ends or is lifted.
 */
export const SELLER_UNSANCTIONED = sql`not exists (select 1 from sanctioned_members sm where sm.user_id = l.seller_id)`;

/**
 * SQL condition: the ad is shown in public lists (active, not past its expiry, its seller not
 * suspended or banned).
 */
export const VISIBLE = sql`(l.status = 'active' and l.expires_at > now() and ${SELLER_UNSANCTIONED})`;

/** The joins `listingColumns` reads from: the seller `u` and the counters `st` of ad `l`. */
export const LISTING_JOINS = sql`join users u on u.id = l.seller_id join listing_stats st on st.listing_id = l.id`;

/**
 * The select list of `ListingRecord` over `listings l` with `LISTING_JOINS`.
 * @param viewerId the member asking (for `is_favorite`), or null
 * @param distance SQL of the distance in km, or null
 */
export function listingColumns(viewerId: string | null, distance: SQL | null): SQL {
  return sql`l.id, l.seller_id as "sellerId", l.category_id as "categoryId",
    l.root_category_id as "rootCategoryId", l.title, l.description, l.price_cents as "priceCents",
    l.price_type as "priceType", l.offer_type as "offerType", l.status, l.postal_code as "postalCode",
    l.location, l.latitude, l.longitude, l.images, l.attributes,
    st.views, st.favorites_count as "favoritesCount", st.popularity,
    ${isoTimestamp('l.created_at')} as "createdAt", ${isoTimestamp('l.updated_at')} as "updatedAt",
    ${isoTimestamp('l.expires_at')} as "expiresAt",
    u.nickname as "sellerNickname", u.first_name as "sellerFirstName",
    u.avatar_url as "sellerAvatar", ${isoTimestamp('u.created_at')} as "sellerCreatedAt",
    (select count(*) from listings s
      where s.seller_id = l.seller_id and s.status = 'active' and s.expires_at > now())::int as "sellerActive",
    ${sellerRatingColumns(sql`l.seller_id`)},
    ${sellerBadgeColumns(sql`l.seller_id`)},
    ${
      viewerId
        ? sql`exists(select 1 from favorites f where f.listing_id = l.id and f.user_id = ${viewerId}::uuid)`
        : sql`false`
    } as "isFavorite",
    ${distance ?? sql`null::float8`} as "distanceKm"`;
}

/** One ad by id with seller and viewer flag, or undefined. */
export async function selectListingRecord(
  db: Database,
  id: string,
  viewerId: string | null,
): Promise<ListingRecord | undefined> {
  const [row] = await selectRows(
    db,
    listingRecordRow,
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
  return selectRows(
    db,
    listingRecordRow,
    sql`select ${listingColumns(page.viewerId, page.distance ?? null)}
        from (select l.id ${page.keyColumns ? sql`, ${page.keyColumns}` : sql``}
              from listings l ${page.innerJoin ?? sql``} where ${where}
              order by ${page.orderBy} limit ${page.limit}) k
        join listings l on l.id = k.id
        ${LISTING_JOINS}
        order by ${page.outerOrderBy}`,
  );
}

/** A count of raw SQL (`count(*)`). */
const countRow = z.object({ n: rowCount });

/**
 * How many ads match, counted up to `cap` (the answer is `cap` when there are more), so that
 * counting stays cheap however many ads there are.
 * @param order an order of the matches that an index serves with the conditions as its bounds
 *   (`l.price_cents` under a price limit): the count then reads no more than the index's range,
 *   even where PostgreSQL expects many matches and would scan the table until `cap` of them,
 *   which for a misjudged filter reads most of it (docs/decisions/0035, Consequences)
 */
export async function countListingsCapped(
  db: Database,
  where: SQL[],
  cap: number,
  order: SQL | null = null,
): Promise<number> {
  const condition = where.length > 0 ? sql.join(where, sql` and `) : sql`true`;
  const ordered = order ? sql`order by ${order}` : sql``;
  const [row] = await selectRows(
    db,
    countRow,
    sql`select count(*)::int as n from (select 1 from listings l where ${condition} ${ordered} limit ${cap}) c`,
  );
  return row?.n ?? 0;
}

/** The planner's estimate of one statement (`EXPLAIN (FORMAT JSON)`), as node-postgres parses it. */
const estimateRow = z.object({
  'QUERY PLAN': z.preprocess(
    (value) => (typeof value === 'string' ? JSON.parse(value) : value),
    z.array(z.object({ Plan: z.object({ 'Plan Rows': z.number() }) })),
  ),
});

/**
 * How many ads match `where` by PostgreSQL's estimate (`EXPLAIN`: planned, not run; the text
 * condition's estimate comes from the word statistics of ANALYZE), to choose a plan without
 * reading the matches.
 */
export async function estimatedMatches(db: Database, where: SQL[]): Promise<number> {
  const condition = where.length > 0 ? sql.join(where, sql` and `) : sql`true`;
  const [row] = await selectRows(
    db,
    estimateRow,
    sql`explain (format json) select 1 from listings l where ${condition}`,
  );
  return row?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0;
}

/** What {@link matchListingsCapped} found: the capped count and the first ids in a sort order. */
export interface CappedMatches {
  /** Matching ads, at most `cap`. */
  total: number;
  /** The first `want` matching ids in the order asked for; complete only when `total < cap`. */
  ids: string[];
}

/** A row of {@link matchListingsCapped}: the capped count, with one of the first ids (none without matches). */
const cappedMatchRow = z.object({ total: rowCount, id: z.string().nullable() });

/**
 * Counts the matching ads up to `cap` and, from the same scan, returns the first `want` of them
 * ordered by `key` (an expression over `l`) in `direction`, ties by id: one pass over the
 * matches instead of a count and then a page that reads them again
 * (docs/decisions/0018-one-pass-search.md). The ids are the true first ones only when
 * `total < cap`; at the cap the scan stopped early.
 */
export async function matchListingsCapped(
  db: Database,
  query: { where: SQL[]; cap: number; key: SQL; direction: 'asc' | 'desc'; want: number },
): Promise<CappedMatches> {
  const condition = query.where.length > 0 ? sql.join(query.where, sql` and `) : sql`true`;
  const dir = sql.raw(query.direction);
  const rows = await selectRows(
    db,
    cappedMatchRow,
    sql`with m as materialized (
          select l.id, ${query.key} as k from listings l where ${condition} limit ${query.cap}
        )
        select (select count(*) from m)::int as total, f.id
        from (select 1) one left join lateral (
          select m.id from m order by m.k ${dir}, m.id ${dir} limit ${query.want}
        ) f on true`,
  );
  return {
    total: rows[0]?.total ?? 0,
    ids: rows.flatMap((row) => (row.id === null ? [] : [row.id])),
  };
}

/** A row of {@link recordView}: the seller of the counted ad and its views after the count. */
const countedViewRow = z.object({ sellerId: z.string(), views: z.number() });

/**
 * Counts one view of an ad for a visitor and day:
 * inserts the (ad, visitor, day) row and raises the ad's `views` counter only when that row is
 * new. The seller's own visits do not count.
 * @param day the visit's day, `YYYY-MM-DD`
 * @returns the ad's seller and views after the count, or null when nothing was counted
 */
export async function recordView(
  db: Database,
  view: { listingId: string; visitor: string; viewerId: string | null; day: string },
): Promise<z.output<typeof countedViewRow> | null> {
  const [row] = await selectRows(
    db,
    countedViewRow,
    sql`with counted as (
      insert into listing_views (listing_id, visitor, day)
      select l.id, ${view.visitor}, ${view.day}::date from listings l
      where l.id = ${view.listingId}::uuid and l.seller_id is distinct from ${view.viewerId}::uuid
      on conflict do nothing
      returning listing_id
    )
    update listing_stats st set views = st.views + 1 from listings l
    where st.listing_id in (select listing_id from counted) and l.id = st.listing_id
    returning l.seller_id as "sellerId", st.views`,
  );
  return row ?? null;
}

/** A row of {@link reserveViewCap}: the address's count after the reservation. */
const viewCapRow = z.object({ count: z.number() });
/** A row of {@link viewCapEnd}: when the address's window started. */
const viewCapWindowRow = z.object({ windowStart: rowDate });

/**
 * Reserves one counted view of `address` (a pseudonym) under its cap of `max` views per window
 * of `windowMs` (ms) with one atomic upsert in a transaction of its own: the window starts with
 * the address's first counted view; a full window reserves nothing. The row is locked only for
 * this statement, so parallel views of one address never wait for each other's transactions.
 * @returns whether a view was reserved (give it back with {@link releaseViewCap} if it counts nothing)
 */
export async function reserveViewCap(
  db: Database,
  address: string,
  max: number,
  windowMs: number,
): Promise<boolean> {
  const expired = sql`listing_view_caps.window_start <= now() - ${`${windowMs} milliseconds`}::interval`;
  const rows = await selectRows(
    db,
    viewCapRow,
    sql`insert into listing_view_caps (address, window_start, count) values (${address}, now(), 1)
        on conflict (address) do update set
          window_start = case when ${expired} then now() else listing_view_caps.window_start end,
          count = case when ${expired} then 1 else listing_view_caps.count + 1 end
        where ${expired} or listing_view_caps.count < ${max}
        returning count`,
  );
  return rows.length > 0;
}

/** Gives back a view reserved by {@link reserveViewCap} that counted nothing (never below 0). */
export async function releaseViewCap(db: Database, address: string): Promise<void> {
  await db.execute(
    sql`update listing_view_caps set count = greatest(0, count - 1) where address = ${address}`,
  );
}

/**
 * When the window of `address` that {@link reserveViewCap} found full ends, in ms since the
 * epoch (now when the address has no window).
 */
export async function viewCapEnd(db: Database, address: string, windowMs: number): Promise<number> {
  const [row] = await selectRows(
    db,
    viewCapWindowRow,
    sql`select window_start as "windowStart" from listing_view_caps where address = ${address}`,
  );
  return row ? row.windowStart.getTime() + windowMs : Date.now();
}

/**
 * Changes an ad's `favorites_count` by `delta` (never below 0), inside the caller's
 * transaction: the favourites module calls it through the listings door when it saves or
 * forgets an ad, so the count changes atomically with the favourite (SPEC.md §3).
 * @returns the ad's seller and count after the change, or null when the ad does not exist
 */
export async function adjustFavoritesCount(
  tx: Database,
  listingId: string,
  delta: number,
): Promise<{ sellerId: string; favoritesCount: number } | null> {
  const [row] = await tx
    .update(listingStats)
    .set({ favoritesCount: sql`greatest(0, ${listingStats.favoritesCount} + ${delta}::int)` })
    .from(listings)
    .where(and(eq(listingStats.listingId, listingId), eq(listings.id, listingStats.listingId)))
    .returning({ sellerId: listings.sellerId, favoritesCount: listingStats.favoritesCount });
  return row ?? null;
}

/**
 * Lowers the `favorites_count` of each listed ad by one (a member's favourites removed with
 * the account, inside that transaction). An id listed twice counts twice.
 */
export async function releaseFavorites(tx: Database, listingIds: readonly string[]): Promise<void> {
  if (listingIds.length === 0) return;
  await tx.execute(sql`
    update listing_stats st set favorites_count = greatest(0, st.favorites_count - c.n)
    from (select id::uuid as id, count(*)::int as n
          from jsonb_array_elements_text(${JSON.stringify(listingIds)}::jsonb) as id group by id) c
    where st.listing_id = c.id`);
}

/** The seller and title of an ad, or undefined when there is no such ad. */
export async function selectListingSeller(
  db: Database,
  listingId: string,
): Promise<{ sellerId: string; title: string } | undefined> {
  const [row] = await db
    .select({ sellerId: listings.sellerId, title: listings.title })
    .from(listings)
    .where(eq(listings.id, listingId));
  return row;
}

/**
 * The ids and titles of a seller's ads in every status, newest first, at most `limit`: what the
 * seller analytics name their figures by (/analytics).
 */
export async function selectSellerAdTitles(
  db: Database,
  sellerId: string,
  limit: number,
): Promise<{ id: string; title: string }[]> {
  return db
    .select({ id: listings.id, title: listings.title })
    .from(listings)
    .where(eq(listings.sellerId, sellerId))
    .orderBy(sql`${listings.createdAt} desc nulls last`, sql`${listings.id} desc nulls last`)
    .limit(limit);
}

/**
 * SQL condition: `column` (a uuid) is one of `ids`, given as one JSON parameter however many
 * there are.
 */
export function idIn(column: SQL | Column, ids: readonly string[]): SQL {
  return sql`${column} in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`;
}

/** Ads by id as `ListingRecord`s, in no particular order; unknown ids are left out. */
export function selectListingRecords(
  db: Database,
  ids: readonly string[],
  viewerId: string | null,
): Promise<ListingRecord[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return selectRows(
    db,
    listingRecordRow,
    sql`select ${listingColumns(viewerId, null)}
        from listings l ${LISTING_JOINS}
        where ${idIn(sql`l.id`, ids)}`,
  );
}

/** Forgets counted views older than yesterday (the counts on the ads stay) and old windows of the view caps. */
export async function pruneViews(db: Database): Promise<void> {
  await db.execute(sql`delete from listing_views where day < current_date - 1`);
  await db.execute(sql`delete from listing_view_caps where window_start < now() - interval '2 days'`);
}

/** Whether the ad exists and was removed by moderation (docs/decisions/0009-reports-queue.md). */
export async function isListingRemoved(db: Database, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const [row] = await db.select({ status: listings.status }).from(listings).where(eq(listings.id, id));
  return row?.status === 'removed';
}

/**
 * SQL expression for other modules' reads (docs/decisions/0006: read, never written): the
 * number of visible ads (`VISIBLE`) of the member `userId` (an SQL expression such as
 * `p.user_id`), e.g. the ads count of a shop in the directory.
 */
export function visibleAdCountSql(userId: SQL): SQL {
  return sql`(select count(*)::int from listings l where l.seller_id = ${userId} and ${VISIBLE})`;
}
