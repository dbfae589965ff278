import type { Listing, MyListingList, myListingsQuerySchema } from '@marketplace/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Database, rowCount, selectRows } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Actor } from '../users/index.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import type { ListingReadDeps } from './deps.ts';
import { iso, toListing } from './present.ts';
import {
  LISTING_JOINS,
  listingColumns,
  listingRecordRow,
  selectListingPage,
  selectListingRecord,
  selectListingRecords,
  VISIBLE,
} from './queries.ts';
import { listings } from './schema.ts';

/**
 * The reads of ads by id: one ad and several as the viewer sees them, the ads similar to one, and
 * a seller's own ads. The lists and the search are in `search.ts`.
 */

export type MyListingsQuery = z.output<typeof myListingsQuerySchema>;

/**
 * Ad `id` as `viewer` sees it, in any status, with the approved shop its business seller
 * publishes as (`seller.shop`); the writes answer with it too.
 * @throws AppError listing_not_found (404)
 */
export async function answer(deps: ListingReadDeps, id: string, viewer: Actor | null): Promise<Listing> {
  const record = await selectListingRecord(deps.db, id, viewer?.id ?? null);
  if (!record) throw new AppError('listing_not_found');
  const listing = toListing(record, deps.categories, viewer);
  // Only a business seller can have an approved shop (docs/decisions/0041).
  const shop = record.sellerBadge === 'business' ? await deps.sellerShops?.of(record.sellerId) : null;
  return { ...listing, seller: { ...listing.seller, shop: shop ?? null } };
}

/** A row of {@link sellerSanctioned}. */
const sanctionedRow = z.object({ yes: z.boolean() });

/** Whether a suspension or ban keeps the seller out now (the admin module's view `sanctioned_members`). */
async function sellerSanctioned(db: Database, sellerId: string): Promise<boolean> {
  const [row] = await selectRows(
    db,
    sanctionedRow,
    sql`select exists (select 1 from sanctioned_members where user_id = ${sellerId}::uuid) as yes`,
  );
  return row?.yes ?? false;
}

/**
 * `GET /api/listings/{id}`: the ad in any status (sold and reserved ads say so) as `viewer`
 * sees it, with what the viewer may do (`can`); the route counts the view first (`countView`).
 * @param viewer the member asking, or null (the public answer: every `can` false)
 * @throws AppError listing_not_found (404) 'Anzeige nicht gefunden', also for malformed ids, and
 *   to everyone but the seller and ADMINs for a removed ad or an ad of a suspended or banned seller
 */
export async function readListing(deps: ListingReadDeps, id: string, viewer: Actor | null): Promise<Listing> {
  if (!isUuid(id)) throw new AppError('listing_not_found');
  const listing = await answer(deps, id, viewer);
  // An ad removed by moderation (docs/decisions/0009) is shown only to its seller and ADMINs;
  // so is every ad of a seller while a suspension or ban holds (back when it ends).
  if (
    !listing.can.edit &&
    (listing.status === 'removed' || (await sellerSanctioned(deps.db, listing.seller.id)))
  )
    throw new AppError('listing_not_found');
  return listing;
}

/**
 * Ads by id as `viewer` sees them, in the order of `ids`; unknown ids are left out (the
 * favourites list, SPEC.md §7 `GET /api/favorites`).
 */
export async function readListings(
  deps: ListingReadDeps,
  ids: readonly string[],
  viewer: Actor | null,
): Promise<Listing[]> {
  const records = await selectListingRecords(deps.db, ids.filter(isUuid), viewer?.id ?? null);
  const byId = new Map(records.map((record) => [record.id, record]));
  return ids.flatMap((id) => {
    const record = byId.get(id);
    return record ? [toListing(record, deps.categories, viewer)] : [];
  });
}

/**
 * `GET /api/listings/{id}/similar`: active ads of the same category nearest in price (two
 * index ranges, below and above the price), the ad itself excluded.
 * @throws AppError listing_not_found (404)
 */
export async function similarListings(
  deps: ListingReadDeps,
  id: string,
  limit: number,
  viewer: Actor | null,
): Promise<Listing[]> {
  const viewerId = viewer?.id ?? null;
  const row = isUuid(id)
    ? (
        await deps.db
          .select({ categoryId: listings.categoryId, priceCents: listings.priceCents })
          .from(listings)
          .where(eq(listings.id, id))
      )[0]
    : undefined;
  if (!row) throw new AppError('listing_not_found');
  const near = (op: SQL, dir: SQL) => sql`(select l.id, abs(l.price_cents - ${row.priceCents}) as gap
      from listings l where l.category_id = ${row.categoryId} and ${VISIBLE} and l.id <> ${id}::uuid
        and l.price_cents ${op} ${row.priceCents}
      order by l.price_cents ${dir}, l.id ${dir} limit ${limit})`;
  const records = await selectRows(
    deps.db,
    listingRecordRow,
    sql`select ${listingColumns(viewerId, null)}
        from (select id, gap from (${near(sql`>=`, sql`asc`)} union all ${near(sql`<`, sql`desc`)}) c
              order by gap, id limit ${limit}) k
        join listings l on l.id = k.id ${LISTING_JOINS}
        order by k.gap, l.id`,
  );
  return records.map((record) => toListing(record, deps.categories, viewer));
}

/** Status filter of my ads as SQL (expired is derived from the expiry); null for every status. */
export function statusCondition(status: MyListingsQuery['status']): SQL | null {
  switch (status) {
    case 'active':
      return VISIBLE;
    case 'expired':
      return sql`(l.status = 'active' and l.expires_at <= now())`;
    case 'reserved':
    case 'sold':
    case 'removed':
      return sql`l.status = ${status}`;
    default:
      return null;
  }
}

/** My ads per status (`MyListingList['counts']`), one row of {@link listMyListings}. */
const myListingCountsRow = z.object({
  active: rowCount,
  reserved: rowCount,
  sold: rowCount,
  removed: rowCount,
  expired: rowCount,
});

/**
 * `GET /api/me/listings`: my ads in every status, newest first,
 * with views and favourite counts, paged by cursor, plus the number of ads per status.
 * @throws AppError validation (422) for a bad cursor
 */
export async function listMyListings(
  deps: ListingReadDeps,
  userId: string,
  query: MyListingsQuery,
): Promise<MyListingList> {
  const cursor = query.cursor ? decodeCursor(query.cursor, 'mine') : null;
  const where: SQL[] = [sql`l.seller_id = ${userId}::uuid`];
  const status = statusCondition(query.status);
  if (status) where.push(status);
  const pageWhere = cursor
    ? [...where, sql`(l.created_at, l.id) < (${cursor.k}::timestamptz, ${cursor.id}::uuid)`]
    : where;
  const [records, [counts]] = await Promise.all([
    selectListingPage(deps.db, {
      where: pageWhere,
      // `nulls last` matches the descending index listings_seller_idx.
      orderBy: sql`l.created_at desc nulls last, l.id desc nulls last`,
      outerOrderBy: sql`l.created_at desc nulls last, l.id desc nulls last`,
      limit: query.limit + 1,
      viewerId: userId,
    }),
    selectRows(
      deps.db,
      myListingCountsRow,
      sql`select count(*) filter (where status = 'active' and expires_at > now())::int as active,
                 count(*) filter (where status = 'reserved')::int as reserved,
                 count(*) filter (where status = 'sold')::int as sold,
                 count(*) filter (where status = 'removed')::int as removed,
                 count(*) filter (where status = 'active' and expires_at <= now())::int as expired
          from listings where seller_id = ${userId}::uuid`,
    ),
  ]);
  const page = records.slice(0, query.limit);
  const last = page[page.length - 1];
  const countsOrZero = counts ?? { active: 0, reserved: 0, sold: 0, expired: 0, removed: 0 };
  // The seller sees their own ads: the role does not change what they may do with them.
  const owner: Actor = { id: userId, role: 'SELLER' };
  return {
    listings: page.map((record) => toListing(record, deps.categories, owner)),
    total: query.status
      ? countsOrZero[query.status]
      : countsOrZero.active +
        countsOrZero.reserved +
        countsOrZero.sold +
        countsOrZero.expired +
        countsOrZero.removed,
    next_cursor:
      records.length > query.limit && last
        ? encodeCursor({ s: 'mine', k: iso(last.createdAt), id: last.id })
        : null,
    counts: countsOrZero,
  };
}
