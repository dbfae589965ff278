import {
  type MyListingRow,
  type MyListingsSort,
  type MyListingsTable,
  type myListingsExportQuerySchema,
  type myListingsTableQuerySchema,
  priceTypeSchema,
} from '@marketplace/contract';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Database, rowCount, selectRows } from '../../db/client.ts';
import { escapeLike, isoTimestamp } from '../../lib/sql.ts';
import { effectiveStatus, iso } from './present.ts';
import { statusCondition } from './reading.ts';
import { STORED_LISTING_STATUSES } from './schema.ts';

export type SellerTableQuery = z.output<typeof myListingsTableQuerySchema>;
export type SellerTableFilter = z.output<typeof myListingsExportQuerySchema>;

/**
 * SQL of a count per ad, handed in by a module above this one (the chat's conversations about
 * the ad): `listingId` is the SQL of the ad's id.
 */
export type ListingCountSql = (listingId: SQL) => SQL;

/** The shown status of ad `l` (`expired` derived from the expiry, as `effectiveStatus`). */
const SHOWN_STATUS = sql`(case when l.status = 'active' and l.expires_at <= now() then 'expired' else l.status end)`;

/**
 * The SQL each column sorts by. Title, price, creation and expiry are served by the seller
 * indexes (`listings_seller_*_idx`, seller first); the counters and the shown status are sorted
 * among the seller's ads only, a bounded set however many ads the market holds.
 */
function sortKey(sort: MyListingsSort, messages: ListingCountSql): SQL {
  switch (sort) {
    case 'title':
      return sql`l.title`;
    case 'price':
      return sql`l.price_cents`;
    case 'status':
      return SHOWN_STATUS;
    case 'views':
      return sql`coalesce(st.views, 0)`;
    case 'favorites':
      return sql`coalesce(st.favorites_count, 0)`;
    case 'messages':
      return messages(sql`l.id`);
    case 'created_at':
      return sql`l.created_at`;
    case 'expires_at':
      return sql`l.expires_at`;
  }
}

/** The conditions of a seller's filtered ads over `listings l`. */
function filterConditions(sellerId: string, filter: SellerTableFilter): SQL {
  const where: SQL[] = [sql`l.seller_id = ${sellerId}::uuid`];
  const status = statusCondition(filter.status);
  if (status) where.push(status);
  if (filter.q) where.push(sql`l.title ilike ${`%${escapeLike(filter.q)}%`}`);
  return sql.join(where, sql` and `);
}

/** A row of the table as the query reads it. */
const tableRow = z.object({
  id: z.string(),
  title: z.string(),
  priceCents: z.number(),
  priceType: priceTypeSchema,
  status: z.enum(STORED_LISTING_STATUSES),
  views: z.number(),
  favorites: z.number(),
  messages: rowCount,
  createdAt: z.string(),
  expiresAt: z.string(),
});

const countRow = z.object({ n: rowCount });

/**
 * The seller's ads of `filter` in its order (ties by id in the same direction), `limit` rows
 * from `offset`: the inner query picks the ids by the sort key (reading the counters only when
 * it sorts by one, so a sort by a column of the ad walks a seller index and stops at the page),
 * the outer one reads the counters of those rows only.
 */
async function selectRowsOfPage(
  db: Database,
  sellerId: string,
  filter: SellerTableFilter,
  messages: ListingCountSql,
  page: { limit: number | null; offset: number },
): Promise<MyListingRow[]> {
  const direction = filter.order === 'asc' ? sql`asc` : sql`desc`;
  const key = sortKey(filter.sort, messages);
  const stats =
    filter.sort === 'views' || filter.sort === 'favorites'
      ? sql`left join listing_stats st on st.listing_id = l.id`
      : sql``;
  const rows = await selectRows(
    db,
    tableRow,
    sql`select l.id, l.title, l.price_cents as "priceCents", l.price_type as "priceType", l.status,
          coalesce(st.views, 0) as views, coalesce(st.favorites_count, 0) as favorites,
          ${messages(sql`l.id`)}::int as messages,
          ${isoTimestamp('l.created_at')} as "createdAt", ${isoTimestamp('l.expires_at')} as "expiresAt"
        from (select l.id, ${key} as key from listings l ${stats}
              where ${filterConditions(sellerId, filter)}
              order by ${key} ${direction}, l.id ${direction}
              ${page.limit === null ? sql`` : sql`limit ${page.limit}`} offset ${page.offset}) k
        join listings l on l.id = k.id
        left join listing_stats st on st.listing_id = l.id
        order by k.key ${direction}, k.id ${direction}`,
  );
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    price: row.priceCents / 100,
    price_type: row.priceType,
    status: effectiveStatus(row),
    views: row.views,
    favorites: row.favorites,
    messages: row.messages,
    created_at: iso(row.createdAt),
    expires_at: iso(row.expiresAt),
  }));
}

/**
 * `GET /api/my-listings/table`: page `query.page` (from 1) of `query.page_size` of the seller's
 * own ads in every status, filtered by shown status and a part of the title, sorted on the
 * server by any column (ties by id), with how many ads match. Only ads of `sellerId`, ever.
 * @param messages SQL of the conversations about an ad (the chat's door)
 */
export async function readSellerTable(
  db: Database,
  sellerId: string,
  query: SellerTableQuery,
  messages: ListingCountSql,
): Promise<MyListingsTable> {
  const [rows, [count]] = await Promise.all([
    selectRowsOfPage(db, sellerId, query, messages, {
      limit: query.page_size,
      offset: (query.page - 1) * query.page_size,
    }),
    selectRows(
      db,
      countRow,
      sql`select count(*)::int as n from listings l where ${filterConditions(sellerId, query)}`,
    ),
  ]);
  return { rows, total: count?.n ?? 0, page: query.page, page_size: query.page_size };
}

/**
 * Every ad of the seller matching `filter`, in its order (the CSV export of the table: all
 * pages). Only ads of `sellerId`.
 */
export function readSellerTableRows(
  db: Database,
  sellerId: string,
  filter: SellerTableFilter,
  messages: ListingCountSql,
): Promise<MyListingRow[]> {
  return selectRowsOfPage(db, sellerId, filter, messages, { limit: null, offset: 0 });
}
