import { listingQuerySchema } from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { CategoryTree } from '../categories/index.ts';
import { countListingsCapped } from './queries.ts';
import { buildFilters, checkListingFilters, textCondition } from './search-filters.ts';
import { textQuery } from './terms.ts';

/** New matches counted at most per check; more are answered as this many. */
const NEW_MATCHES_MAX = 1_000;

/**
 * How many public ads match `filters` and were posted in the window `after` < created_at <=
 * `upTo`, leaving out the ads of `excludeSellerId` (a member's own ads). The filters are those of
 * `GET /api/listings` as text (`q`, `category`, `price_min`, ..., `attr.*`) and become SQL as the
 * ad lists' do (`buildFilters`, `textQuery`), so the saved searches never hold filter SQL of their
 * own. The window is part of the count's condition, so a check reads only the ads posted since
 * the last one (through the date index, or under RUM the text index with the time attached;
 * docs/decisions/0035), however many older ads match. A search word counts as typed (no spelling
 * correction). Counts up to 1,000; more are answered as 1,000.
 * @throws AppError validation (422) for filters the search refuses (a category or place that is
 *   gone, a bad attribute filter)
 */
export async function countNewMatches(
  deps: { db: Database; categories: CategoryTree },
  filters: Record<string, string>,
  window: { after: Date; upTo: Date },
  excludeSellerId: string | null,
): Promise<number> {
  const query = listingQuerySchema.parse({ ...filters, sort: 'newest' });
  const where = [
    ...(await buildFilters(deps, query)).where,
    sql`l.created_at > ${window.after.toISOString()}::timestamptz`,
    sql`l.created_at <= ${window.upTo.toISOString()}::timestamptz`,
  ];
  const q = query.q?.trim();
  if (q) where.push(textCondition(await textQuery(deps.db, q)));
  if (excludeSellerId) where.push(sql`l.seller_id <> ${excludeSellerId}::uuid`);
  return countListingsCapped(deps.db, where, NEW_MATCHES_MAX);
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
