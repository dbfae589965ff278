import { LISTINGS_LIMIT_MAX, listingQuerySchema } from '@marketplace/contract';
import type { Database } from '../../db/client.ts';
import type { CategoryTree } from '../categories/index.ts';
import { listListings } from './search.ts';
import { checkListingFilters } from './search-filters.ts';

/** Pages of newest ads read at most per check; more new matches are reported as this many pages' worth. */
const NEW_MATCH_PAGES_MAX = 10;

/**
 * How many public ads match `filters` and were posted in the window `after` < created_at <=
 * `upTo`, leaving out the ads of `excludeSellerId` (a member's own ads). The filters are those of
 * `GET /api/listings` as text (`q`, `category`, `price_min`, ..., `attr.*`) and go through the same
 * search as the ad lists, newest first, so the saved searches never hold filter SQL of their own.
 * A search word that finds nothing counts nothing (no spelling correction). Counts up to
 * 1,000 (ten pages of 100); more are answered as 1,000.
 * @throws AppError validation (422) for filters the search refuses (a category or place that is
 *   gone, a bad attribute filter)
 */
export async function countNewMatches(
  deps: { db: Database; categories: CategoryTree },
  filters: Record<string, string>,
  window: { after: Date; upTo: Date },
  excludeSellerId: string | null,
): Promise<number> {
  const queryOf = (cursor: string | undefined) =>
    listingQuerySchema.parse({
      ...filters,
      sort: 'newest',
      limit: LISTINGS_LIMIT_MAX,
      ...(cursor ? { cursor } : {}),
    });
  const after = window.after.getTime();
  const upTo = window.upTo.getTime();
  let count = 0;
  let cursor: string | undefined;
  for (let page = 0; page < NEW_MATCH_PAGES_MAX; page += 1) {
    const answer = await listListings(deps, queryOf(cursor), null);
    if (answer.corrected_q) return 0;
    for (const listing of answer.listings) {
      const created = Date.parse(listing.created_at);
      if (created <= after) return count;
      if (created <= upTo && listing.seller.id !== excludeSellerId) count += 1;
    }
    if (!answer.next_cursor) return count;
    cursor = answer.next_cursor;
  }
  return count;
}

/**
 * Checks a saved search's filters (the text form `countNewMatches` takes) as the ad lists
 * would, without searching: an unknown category or place, or a bad attribute filter, is refused.
 * @throws AppError validation (422) with the ad lists' message
 */
export async function checkSavedFilters(
  deps: { db: Database; categories: CategoryTree },
  filters: Record<string, string>,
): Promise<void> {
  await checkListingFilters(deps, listingQuerySchema.parse({ ...filters, sort: 'newest' }));
}
