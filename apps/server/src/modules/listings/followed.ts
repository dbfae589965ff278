import { type FollowedListingsQuery, LISTINGS_COUNT_SHOWN, type ListingList } from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import { followedBy } from '../follows/index.ts';
import type { Actor } from '../users/index.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import type { ListingReadDeps } from './deps.ts';
import { iso, toListing } from './present.ts';
import { countListingsCapped, selectListingPage, VISIBLE } from './queries.ts';

/**
 * `GET /api/me/feed` (the /feed page, SPEC.md §2 "/feed"): the visible ads of the members
 * `viewer` follows, newest first, `limit` per page, keyset paged by `cursor` (as 'Meine
 * Anzeigen': the index `listings_seller_idx` per followed member). `total` counts them up to
 * {@link LISTINGS_COUNT_SHOWN} (`total_capped` when there are more). Follows are read through the follows door's `followedBy`.
 * @throws AppError validation (422) for a cursor of another list
 */
export async function listFollowedListings(
  deps: ListingReadDeps,
  viewer: Actor,
  query: Required<Pick<FollowedListingsQuery, 'limit'>> & Pick<FollowedListingsQuery, 'cursor'>,
): Promise<ListingList> {
  const limit = Number(query.limit);
  const cursor = query.cursor ? decodeCursor(query.cursor, 'following') : null;
  const where = [VISIBLE, followedBy(viewer.id, sql`l.seller_id`)];
  const pageWhere = cursor
    ? [...where, sql`(l.created_at, l.id) < (${cursor.k}::timestamptz, ${cursor.id}::uuid)`]
    : where;
  const [records, total] = await Promise.all([
    selectListingPage(deps.db, {
      where: pageWhere,
      orderBy: sql`l.created_at desc nulls last, l.id desc nulls last`,
      outerOrderBy: sql`l.created_at desc nulls last, l.id desc nulls last`,
      limit: limit + 1,
      viewerId: viewer.id,
    }),
    countListingsCapped(deps.db, where, LISTINGS_COUNT_SHOWN + 1),
  ]);
  const page = records.slice(0, limit);
  const last = page[page.length - 1];
  return {
    listings: page.map((record) => toListing(record, deps.categories, viewer)),
    total: Math.min(total, LISTINGS_COUNT_SHOWN),
    total_capped: total > LISTINGS_COUNT_SHOWN,
    next_cursor:
      records.length > limit && last
        ? encodeCursor({ s: 'following', k: iso(last.createdAt), id: last.id })
        : null,
  };
}
