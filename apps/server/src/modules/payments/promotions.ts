import { type Listing, type PromotionLabels, TOP_SLOTS_PER_PAGE } from '@marketplace/contract';
import { and, asc, eq, gt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { CountCache } from '../../lib/count-cache.ts';
import { AppError } from '../../lib/errors.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import type { CategoryTree } from '../categories/index.ts';
import { filtersMatchingListing, readListings } from '../listings/index.ts';
import type { Actor } from '../users/index.ts';
import { paymentPromotions } from './schema.ts';

/** Running Top-Anzeigen looked at for one results list; more are not rotated in. */
const TOP_CANDIDATES_MAX = 60;
/** How long one rotation step lasts (ms): the slots' order moves on by one each minute. */
export const TOP_ROTATION_MS = 60_000;

/** What the promotion reads need from the running application. */
export interface PromotionDeps {
  db: Database;
  events: EventBus;
  categories: CategoryTree;
  /** The matching Top-Anzeigen per list (ids, in booking order), fresh 15 s and until one changes. */
  tops: CountCache<string[]>;
  /** The ads running a promotion now, fresh 15 s and until one changes. */
  labels: CountCache<PromotionLabels>;
}

/**
 * The ids of the public ads whose Top-Anzeige runs now and that the list of `filters` (category
 * slug, search text) would show, in booking order. Its own small query on the running
 * promotions (`payment_promotions_active_idx`), then each candidate is tested against the
 * list's filters by the ad search's own rules (`filtersMatchingListing`: public, in the
 * category, with the words), so the search's queries and plans stay as they are.
 */
async function matchingTops(
  deps: PromotionDeps,
  filters: { category?: string; q?: string },
): Promise<string[]> {
  const category = filters.category ? deps.categories.resolve(filters.category) : undefined;
  if (filters.category && !category)
    throw new AppError('validation', "Parameter 'category': Diese Kategorie gibt es nicht.");
  const running = await deps.db
    .selectDistinctOn([paymentPromotions.listingId, paymentPromotions.startsAt], {
      listingId: paymentPromotions.listingId,
    })
    .from(paymentPromotions)
    .where(
      and(
        eq(paymentPromotions.kind, 'top'),
        gt(paymentPromotions.endsAt, sql`now()`),
        category
          ? or(
              eq(paymentPromotions.categoryId, category.id),
              eq(paymentPromotions.rootCategoryId, category.id),
            )
          : undefined,
      ),
    )
    .orderBy(asc(paymentPromotions.startsAt), asc(paymentPromotions.listingId))
    .limit(TOP_CANDIDATES_MAX);
  const ids = [...new Set(running.map((row) => row.listingId))];
  const set: Record<string, string> = {};
  if (category) set.category = category.slug;
  if (filters.q) set.q = filters.q;
  const matching = await Promise.all(
    ids.map(async (id) => ((await filtersMatchingListing(deps, id, [set])).has(0) ? id : null)),
  );
  return matching.filter((id): id is string => id !== null);
}

/**
 * `GET /api/promotions/top`: the Top-Anzeigen shown above results page `page` (from 0) of the
 * list with `category` and `q`: at most 3 (`TOP_SLOTS_PER_PAGE`). With more booked, they take
 * turns fairly: each page shows the next 3 in a circle that starts one further every minute, so
 * over time every booked ad stands in the slots equally often. Ranking and matches of the list
 * itself do not change.
 * @throws AppError validation (422) for an unknown category
 */
export async function topListings(
  deps: PromotionDeps,
  filters: { category?: string; q?: string; page: number },
  viewer: Actor | null,
  now = Date.now(),
): Promise<Listing[]> {
  const key = `${filters.category ?? ''}|${(filters.q ?? '').toLowerCase()}`;
  const ids = await deps.tops.get(key, () => matchingTops(deps, filters));
  if (ids.length === 0) return [];
  let chosen = ids;
  if (ids.length > TOP_SLOTS_PER_PAGE) {
    const start = Math.floor(now / TOP_ROTATION_MS) + filters.page * TOP_SLOTS_PER_PAGE;
    chosen = Array.from({ length: TOP_SLOTS_PER_PAGE }, (_, i) => ids[(start + i) % ids.length] as string);
  }
  const listings = await readListings(deps, chosen, viewer);
  return listings.filter((listing) => listing.status === 'active');
}

/** `GET /api/promotions/labels`: ids of the ads with a running Top-Anzeige or Highlight. */
export function promotionLabels(deps: PromotionDeps): Promise<PromotionLabels> {
  return deps.labels.get('all', async () => {
    const rows = await deps.db
      .selectDistinct({ listingId: paymentPromotions.listingId, kind: paymentPromotions.kind })
      .from(paymentPromotions)
      .where(gt(paymentPromotions.endsAt, sql`now()`));
    return {
      top: rows.filter((row) => row.kind === 'top').map((row) => row.listingId),
      highlight: rows.filter((row) => row.kind === 'highlight').map((row) => row.listingId),
    };
  });
}

/** Statuses of an ad that end its promotions; a reserved ad keeps them. */
const ENDING_STATUSES: ReadonlySet<string> = new Set(['sold', 'removed', 'expired']);

/**
 * Ends the running promotions of ads that are sold, removed (by moderation) or expired: the remaining days are not refunded (decision 0040). Run by the daily
 * job and when an ad's status changes.
 * @param listingIds the ads to look at; all with a running promotion when absent
 * @returns how many ads' promotions ended
 */
export async function endPromotionsOfGoneAds(
  deps: PromotionDeps,
  listingIds?: readonly string[],
): Promise<number> {
  const ids =
    listingIds ??
    (
      await deps.db
        .selectDistinct({ listingId: paymentPromotions.listingId })
        .from(paymentPromotions)
        .where(gt(paymentPromotions.endsAt, sql`now()`))
    ).map((row) => row.listingId);
  const status = new Map(
    (await readListings(deps, ids, null)).map((listing) => [listing.id, listing.status]),
  );
  let ended = 0;
  for (const listingId of ids) {
    if (!ENDING_STATUSES.has(status.get(listingId) ?? 'removed')) continue;
    const changed = await deps.events.transaction(deps.db, async (tx, emit) => {
      const rows = await tx
        .update(paymentPromotions)
        .set({ endsAt: sql`now()` })
        .where(and(eq(paymentPromotions.listingId, listingId), gt(paymentPromotions.endsAt, sql`now()`)))
        .returning({ id: paymentPromotions.id });
      if (rows.length > 0) emit('promotion.changed', { listingId });
      return rows.length > 0;
    });
    if (changed) ended++;
  }
  return ended;
}
