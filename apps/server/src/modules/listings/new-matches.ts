import { listingQuerySchema } from '@marketplace/contract';
import { and, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Database, selectRows } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { CategoryTree } from '../categories/index.ts';
import { locateMany } from '../places/index.ts';
import { countListingsCapped, VISIBLE } from './queries.ts';
import { buildFilters, checkListingFilters, type ListingFacts, textCondition } from './search-filters.ts';
import { compoundsOf, termsOf, textQuery } from './terms.ts';

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

/** Filter sets tested against one ad in one statement. */
const MATCH_BATCH = 100;

const adFactsRow = z.object({
  text: z.string(),
  categoryId: z.number(),
  rootCategoryId: z.number(),
  priceCents: z.number(),
  offerType: z.string(),
  priceType: z.string(),
  sellerId: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
const stemRow = z.object({ word: z.string(), stem: z.string().nullable() });

/**
 * Searched text (title, description and place, the columns of the search vector), categories and
 * the other columns the cheap filters compare (`ListingFacts`) of ad `listingId`; undefined
 * for an ad that is gone.
 */
async function adFacts(
  db: Database,
  listingId: string,
): Promise<(ListingFacts & { text: string }) | undefined> {
  const [row] = await selectRows(
    db,
    adFactsRow,
    sql`select concat_ws(' ', title, description, location) as text,
               category_id as "categoryId", root_category_id as "rootCategoryId",
               price_cents as "priceCents", offer_type as "offerType", price_type as "priceType",
               seller_id::text as "sellerId", latitude, longitude
        from listings where id = ${listingId}::uuid`,
  );
  return row;
}

/**
 * The categories of ad `listingId` (its own and its top-level one), for choosing the saved
 * searches that can match it; null for an ad that is gone.
 */
export async function listingCategoryIds(
  db: Database,
  listingId: string,
): Promise<{ categoryId: number; rootCategoryId: number } | null> {
  const row = await adFacts(db, listingId);
  return row ? { categoryId: row.categoryId, rootCategoryId: row.rootCategoryId } : null;
}

/**
 * Which of `filterSets` (saved searches' filters, the text form {@link countNewMatches} takes)
 * the ad `listingId` matches as the ad lists would find it: public (active, unexpired, its seller
 * not sanctioned), in the category, price range, place and radius, with the attributes, and with
 * every search word, as typed or as one of its compounds (docs/decisions/0011), as
 * {@link countNewMatches} would count it. The saved-search alerts' percolation (a new ad against
 * the searches, not every search against the ads): the cheap conditions (category, price, offer
 * and price type, seller, radius) are first tested in JavaScript on the ad's facts
 * (`Filters.admits`), so only the sets that may match go to the database; there all their
 * conditions are tested on the ad's row alone, one statement per 100 sets, with whether the ad
 * is public asked once for all of them; the sets' places are located in one query; a word's
 * compounds are looked up only for sets that may match and where one of the ad's searched words
 * (title, description or place) could be one. Sets the search refuses (a category or place that
 * is gone) match nothing.
 * @returns the indexes of the matching sets in `filterSets`
 */
export async function filtersMatchingListing(
  deps: { db: Database; categories: CategoryTree },
  listingId: string,
  filterSets: readonly Record<string, string>[],
): Promise<Set<number>> {
  const matching = new Set<number>();
  const ad = await adFacts(deps.db, listingId);
  if (!ad || filterSets.length === 0) return matching;
  const adTerms = termsOf(ad.text);
  const words = [
    ...new Set(filterSets.flatMap((filters) => (filters.q ?? '').toLowerCase().split(/\s+/).filter(Boolean))),
  ];
  const stems = new Map(
    words.length === 0
      ? []
      : (
          await selectRows(
            deps.db,
            stemRow,
            sql`select w as word, (ts_lexize('german_stem', w))[1] as stem
                from jsonb_array_elements_text(${JSON.stringify(words)}::jsonb) as w`,
          )
        ).map((row) => [row.word, row.stem]),
  );
  // A word widens to the compounds that contain it or its stem, and the search finds them in the
  // title, description or place: only such a word of this ad can be one of them, so the others
  // need no look-up.
  const compounds = new Map<string, Promise<string[]>>();
  const compoundSource = {
    get: (word: string) => {
      let found = compounds.get(word);
      if (!found) {
        const stem = stems.get(word);
        const couldBe = adTerms.some(
          (term) => term !== word && (term.includes(word) || (!!stem && term.includes(stem))),
        );
        found = couldBe ? compoundsOf(deps.db, word) : Promise.resolve([]);
        compounds.set(word, found);
      }
      return found;
    },
  };
  // The searches' places in one query instead of one per search.
  const located = await locateMany(
    deps.db,
    filterSets.flatMap((filters) => (filters.postal_code ? [filters.postal_code] : [])),
  );
  const conditions: { index: number; condition: SQL }[] = [];
  for (const [index, filters] of filterSets.entries()) {
    try {
      const query = listingQuerySchema.parse({ ...filters, sort: 'newest' });
      const built = await buildFilters({ ...deps, located }, query);
      // Ruled out by its category, price, radius, ...: no text query, no SQL.
      if (!built.admits(ad)) continue;
      // Whether the ad is public is asked once for all sets, in the statement below.
      const where = built.where.filter((part) => part !== VISIBLE);
      const q = query.q?.trim();
      if (q) where.push(textCondition(await textQuery(deps.db, q, compoundSource)));
      conditions.push({ index, condition: and(...where) ?? sql`true` });
    } catch (error) {
      if (!(error instanceof AppError) && !(error instanceof z.ZodError)) throw error;
    }
  }
  for (let start = 0; start < conditions.length; start += MATCH_BATCH) {
    const batch = conditions.slice(start, start + MATCH_BATCH);
    const [row] = await selectRows(
      deps.db,
      z.object({ matches: z.array(z.boolean()) }),
      sql`select array[${sql.join(
        batch.map(({ condition }) => sql`coalesce((${condition}), false)`),
        sql`, `,
      )}] as matches from listings l where l.id = ${listingId}::uuid and ${VISIBLE}`,
    );
    row?.matches.forEach((matches, offset) => {
      const entry = batch[offset];
      if (matches && entry) matching.add(entry.index);
    });
  }
  return matching;
}
