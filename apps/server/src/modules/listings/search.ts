import {
  LISTINGS_COUNT_SHOWN,
  LISTINGS_TOTAL_CAP,
  type ListingList,
  type ListingQuerySort,
} from '@marketplace/contract';
import type { SQL } from 'drizzle-orm';
import type { Actor } from '../users/index.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import type { ListingReadDeps } from './deps.ts';
import { toListing } from './present.ts';
import { type CappedMatches, countListingsCapped, estimatedMatches, matchListingsCapped } from './queries.ts';
import { buildFilters, invalid, type ListingQuery, textCondition } from './search-filters.ts';
import { fetchPage, keysetSort, RELEVANCE_WINDOW } from './search-pages.ts';
import { correctQuery, textQuery } from './terms.ts';

/**
 * The count's scan for a first page reads up to this many matches (`matchListingsCapped`).
 * Reading all matches once beats walking a sorted index while matches are rarer than about
 * √(RELEVANCE_WINDOW / ads) of the ads: about 17,000 matches at 1,000,000 ads, so twice the
 * shown cap (docs/decisions/0018-one-pass-search.md). `total` still says at most
 * `LISTINGS_TOTAL_CAP`.
 */
export const FIRST_PAGE_SCAN_CAP = 2 * LISTINGS_TOTAL_CAP;
/**
 * Under the RUM plan, the most ads (PostgreSQL's estimate, filters aside) a text may match for
 * its newest matches to come from the RUM index: rum sorts all postings of a word before it returns the
 * first (254 ms for a word in 750,000 ads), so a commoner text is read as under GIN, by walking
 * the date index (docs/decisions/0035-rum-index-for-search.md).
 */
export const RUM_MAX_MATCHES = 50_000;
/**
 * A text search whose matches PostgreSQL estimates (`estimatedMatches`, the filters included) at
 * this many or more counts no further than `LISTINGS_COUNT_SHOWN + 1` and skips the first page's
 * scan: at the scan's cap it stops early and its ids are not used, so its 20,000 matches were read
 * only to learn that there are many (docs/decisions/0035-rum-index-for-search.md). Its pages walk
 * the sorted index, as they did when the scan hit its cap; a count under the shown cap (the
 * estimate was wrong) sorts the few matches instead (`fewMatches`).
 */
export const DENSE_MATCHES = FIRST_PAGE_SCAN_CAP;
/** Counts are cached this long per filter, in ms (and until an ad changes). */
export const TOTAL_CACHE_MS = 15_000;

/**
 * `GET /api/listings` (SPEC.md §7): public ads filtered, searched and sorted, paged
 * by an opaque keyset cursor (deep pages never use OFFSET; `offset` itself is capped at 1,000).
 * Search: German full-text over title, description and place ('Fahrräder' finds 'Fahrrad');
 * without `sort`, `q` sorts by relevance. When `q` finds nothing, misspelt words are corrected
 * from the vocabulary of ad titles ('Fahrad' finds 'Fahrrad') and `corrected_q` says so.
 * `total` counts matches up to `LISTINGS_COUNT_SHOWN`, `total_capped` says there are more ('über
 * 1.000 Anzeigen'); counts are cached for 15 s per filter. Under the RUM plan a text search in
 * the newest or relevance order, and on both plans a text with more estimated matches than
 * `DENSE_MATCHES`, counts no further than that (docs/decisions/0035); otherwise the count reads
 * up to `LISTINGS_TOTAL_CAP` matches, as the GIN plan's page choice needs.
 * @throws AppError validation (422): unknown category or place, `distance` without a location,
 *   a bad cursor or attribute filter
 */
export async function listListings(
  deps: ListingReadDeps,
  query: ListingQuery,
  viewer: Actor | null,
): Promise<ListingList> {
  const filters = await buildFilters(deps, query);
  const q = query.q?.trim() ? query.q.trim() : null;
  let sort: ListingQuerySort = query.sort ?? (q ? 'relevance' : 'newest');
  if (sort === 'relevance' && !q) sort = 'newest';
  if (sort === 'distance' && !filters.origin) {
    invalid('sort', 'Für „Nächste zuerst“ brauchen wir deine Postleitzahl oder deinen Ort.');
  }
  const cursor = query.cursor ? decodeCursor(query.cursor, sort) : null;
  const offset = cursor ? 0 : (query.offset ?? 0);
  const queryOf = (text: string) => textQuery(deps.db, text, deps.compounds);
  // A first page in the newest or a price order: the count's scan also picks its ads
  // (`matchListingsCapped`, docs/decisions/0018-one-pass-search.md).
  const firstOrder =
    cursor || sort === 'popular' || sort === 'distance'
      ? null
      : keysetSort(sort === 'relevance' ? 'newest' : sort, null);
  const want = sort === 'relevance' ? RELEVANCE_WINDOW : query.limit + 1 + offset;
  // Under RUM the newest matches of a text come from the index in date order: no scan for them
  // (docs/decisions/0035-rum-index-for-search.md).
  const rumOrder = deps.searchIndex === 'rum' && (sort === 'newest' || sort === 'relevance');
  /**
   * Matches of `text` counted up to `cap` (exact below it), with the first page's ids when a scan
   * found them, and whether the RUM index gives its newest matches (`rum`).
   */
  const count = async (
    text: string | null,
  ): Promise<{ total: number; cap: number; first: string[] | null; rum: boolean }> => {
    const words = text ? textCondition(await queryOf(text)) : null;
    const where = words ? [...filters.where, words] : filters.where;
    const scan: { matches?: Promise<CappedMatches> } = {};
    // Under RUM the page needs no count of a text's matches: only the shown one. A very common
    // text is read as under GIN (`RUM_MAX_MATCHES`); rum sorts all the words' postings whatever
    // the other filters, so the words alone are estimated, once per text while the counts are
    // kept (the same cache, so an ad's change forgets both).
    const estimate = (key: string, conditions: SQL[]) => {
      const read = () => estimatedMatches(deps.db, conditions);
      return deps.totals ? deps.totals.get(key, read) : read();
    };
    const textEstimate = words ? await estimate(`estimate|${text}`, [words]) : 0;
    const short = rumOrder && words !== null && textEstimate <= RUM_MAX_MATCHES;
    // A text PostgreSQL expects in more ads than the scan reads, filters included: the scan would
    // stop at its cap and its ids be thrown away, and the page walks the sorted index anyway
    // (docs/decisions/0035, Consequences). Only whether more than the shown count match is read.
    const dense =
      words !== null &&
      !short &&
      textEstimate >= DENSE_MATCHES &&
      (await estimate(`estimate|${filters.signature}|${text}`, where)) >= DENSE_MATCHES;
    const cap = short || dense ? LISTINGS_COUNT_SHOWN + 1 : LISTINGS_TOTAL_CAP;
    const compute = () => {
      if (!firstOrder || short || dense) return countListingsCapped(deps.db, where, cap);
      scan.matches = matchListingsCapped(deps.db, {
        where,
        cap: FIRST_PAGE_SCAN_CAP,
        key: firstOrder.key,
        direction: firstOrder.direction,
        want,
      });
      return scan.matches.then((matches) => Math.min(matches.total, LISTINGS_TOTAL_CAP));
    };
    const total = await (deps.totals
      ? deps.totals.get(`${filters.signature}|${text ?? ''}|${cap}`, compute)
      : compute());
    const matches = scan.matches ? await scan.matches : null;
    // At the cap the scan stopped early: its ads need not be the first ones.
    return {
      total,
      cap,
      first: matches && matches.total < FIRST_PAGE_SCAN_CAP ? matches.ids : null,
      rum: short,
    };
  };
  let text = cursor?.q ?? q;
  let corrected = cursor?.q ?? null;
  let { total, cap, first, rum } = await count(text);
  if (!cursor && q && total === 0) {
    const fixed = await correctQuery(deps.db, q, deps.corrections);
    const found = fixed ? await count(fixed) : null;
    if (fixed && found && found.total > 0) {
      text = fixed;
      corrected = fixed;
      ({ total, cap, first, rum } = found);
    }
  }
  const fewMatches = text !== null && total < cap;
  const page = await fetchPage(deps.db, {
    filters,
    sort,
    text: text === null ? null : await queryOf(text),
    cursor,
    limit: query.limit,
    offset,
    viewerId: viewer?.id ?? null,
    fewMatches,
    first,
    rum,
  });
  return {
    listings: page.records.map((record) => toListing(record, deps.categories, viewer)),
    total: Math.min(total, LISTINGS_COUNT_SHOWN),
    total_capped: total > LISTINGS_COUNT_SHOWN,
    next_cursor: page.next ? encodeCursor({ ...page.next, ...(corrected ? { q: corrected } : {}) }) : null,
    corrected_q: corrected,
  };
}
