import {
  LISTINGS_COUNT_SHOWN,
  LISTINGS_TOTAL_CAP,
  type ListingList,
  type ListingQuerySort,
} from '@marketplace/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { PG_QUERY_CANCELED, pgErrorCode } from '../../lib/pg-errors.ts';
import type { Actor } from '../users/index.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import type { ListingReadDeps } from './deps.ts';
import { toListing } from './present.ts';
import { type CappedMatches, countListingsCapped, estimatedMatches, matchListingsCapped } from './queries.ts';
import { buildFilters, invalid, type ListingQuery, textCondition } from './search-filters.ts';
import { fetchPage, keysetSort, type Page, RELEVANCE_WINDOW } from './search-pages.ts';
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
 * A search (a text with its filters, or filters alone) whose matches PostgreSQL estimates
 * (`estimatedMatches`) at this many or more counts no further than `LISTINGS_COUNT_SHOWN + 1` and
 * skips the first page's scan: at the scan's cap it stops early and its ids are not used, so its
 * 20,000 matches were read only to learn that there are many
 * (docs/decisions/0035-rum-index-for-search.md). Its pages walk the sorted index, as they did when
 * the scan hit its cap; a count under the shown cap (the estimate was wrong) sorts the few matches
 * instead (`fewMatches`).
 */
export const DENSE_MATCHES = FIRST_PAGE_SCAN_CAP;
/**
 * `DENSE_MATCHES` for a list without a text. Its pages walk an index whose leading columns are the
 * filters' category (or all ads, a seller), so a page reads about `limit × ads in that range ÷
 * matches` rows there, against all matches for the scan: the walk is cheaper from about
 * √(21 × range) matches, about 1,150 in a root category of 63,000 ads and 4,600 among a million
 * (docs/decisions/0035, Consequences). A wrong estimate costs what it costs a dense text.
 */
export const DENSE_LIST_MATCHES = 2 * LISTINGS_COUNT_SHOWN;
/** Counts are cached this long per filter, in ms (and until an ad changes). */
export const TOTAL_CACHE_MS = 15_000;
/**
 * The longest a dense text's page read beside its count may take, in ms (`concurrentPage`): it
 * walks the date index, which finds a page in 10–20 ms while matches are many; when the count
 * finds few after all (PostgreSQL's estimate was wrong), the walk would read most of the table,
 * so it is cancelled here and its answer is not used either way.
 */
export const CONCURRENT_PAGE_MS = 500;

/** The page read beside a count (`concurrentPage`): the page, or null when it was cancelled. */
interface ConcurrentPage {
  read(): Promise<Page | null>;
}

/**
 * A text search's page read on a second pooled connection while its matches are counted,
 * where the page's plan does not wait for the count (docs/decisions/0035-rum-index-for-search.md):
 * - `short` (RUM plan): the page is the index's newest matches, whatever the count says;
 * - `dense`: the page walks the date index, as it does unless the count finds fewer than the
 *   shown cap after all; the caller then drops this answer, and `CONCURRENT_PAGE_MS` bounds what
 *   the wrong guess costs.
 * The answer takes as long as the slower of the two reads instead of both in turn. Null for the
 * other plans, and where reads do not run side by side (`concurrentReads`: PGlite has one
 * connection). `read()` rethrows any error but the cancellation.
 */
function concurrentPage(
  deps: ListingReadDeps,
  plan: { short: boolean; dense: boolean },
  read: (db: Database, counted: { fewMatches: boolean; first: null; rum: boolean }) => Promise<Page>,
): ConcurrentPage | null {
  if (!deps.concurrentReads || !(plan.short || plan.dense)) return null;
  const counted = { fewMatches: false, first: null, rum: plan.short };
  const reading = plan.short
    ? read(deps.db, counted)
    : deps.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local statement_timeout = ${CONCURRENT_PAGE_MS}`));
        return read(tx, counted);
      });
  // Settled at once: a page nobody asks for (the count found nothing) must not reject unhandled.
  const settled = reading.then(
    (page) => ({ page }),
    (error: unknown) => ({ error }),
  );
  return {
    async read() {
      const result = await settled;
      if ('page' in result) return result.page;
      if (pgErrorCode(result.error) === PG_QUERY_CANCELED) return null;
      throw result.error;
    },
  };
}

/**
 * `GET /api/listings` (SPEC.md §7): public ads filtered, searched and sorted, paged
 * by an opaque keyset cursor (deep pages never use OFFSET; `offset` itself is capped at 1,000).
 * Search: German full-text over title, description and place ('Fahrräder' finds 'Fahrrad');
 * without `sort`, `q` sorts by relevance. When `q` finds nothing, misspelt words are corrected
 * from the vocabulary of ad titles ('Fahrad' finds 'Fahrrad') and `corrected_q` says so.
 * `total` counts matches up to `LISTINGS_COUNT_SHOWN`, `total_capped` says there are more ('über
 * 1.000 Anzeigen'); counts are cached for 15 s per filter. Under the RUM plan a text search in
 * the newest or relevance order, on both plans a search with more estimated matches than
 * `DENSE_MATCHES`, and a list without a text unless the first page's scan picks its ads, count no
 * further than that (docs/decisions/0035); otherwise the count reads up to `LISTINGS_TOTAL_CAP`
 * matches, as the GIN plan's page choice needs.
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
  /** The page of `text` (null: no text) read as `counted` says. */
  const readPage = async (
    db: Database,
    text: string | null,
    counted: { fewMatches: boolean; first: string[] | null; rum: boolean },
  ) =>
    fetchPage(db, {
      filters,
      sort,
      text: text === null ? null : await queryOf(text),
      cursor,
      limit: query.limit,
      offset,
      viewerId: viewer?.id ?? null,
      ...counted,
    });
  /**
   * How the matches of `text` (null: the filters alone) are counted: the condition, the cap
   * (exact below it), and whether the RUM index gives its newest matches (`short`) or PostgreSQL
   * expects so many that only the shown count is read (`dense`). Without a text only the first
   * page's scan reads past the shown count.
   */
  const planCount = async (text: string | null) => {
    const words = text ? textCondition(await queryOf(text)) : null;
    const where = words ? [...filters.where, words] : filters.where;
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
    // A text or filters PostgreSQL expects in more ads than the scan reads: the scan would stop at
    // its cap and its ids be thrown away, and the page walks the sorted index anyway (docs/
    // decisions/0035, Consequences). Only whether more than the shown count match is read.
    const threshold = words === null ? DENSE_LIST_MATCHES : DENSE_MATCHES;
    const dense =
      !short &&
      (words === null || textEstimate >= DENSE_MATCHES) &&
      (await estimate(`estimate|${filters.signature}|${text ?? ''}`, where)) >= threshold;
    // Without a text no page plan needs more than the shown count, only the first page's scan.
    const shownOnly = short || dense || (words === null && !firstOrder);
    return { text, where, short, dense, cap: shownOnly ? LISTINGS_COUNT_SHOWN + 1 : LISTINGS_TOTAL_CAP };
  };
  type CountPlan = Awaited<ReturnType<typeof planCount>>;
  /**
   * Matches of the plan's text counted up to its cap, with the first page's ids when a scan found
   * them, and whether the RUM index gives its newest matches (`rum`).
   */
  const countMatches = async (
    plan: CountPlan,
  ): Promise<{ total: number; cap: number; first: string[] | null; rum: boolean }> => {
    const { text, where, short, dense, cap } = plan;
    const scan: { matches?: Promise<CappedMatches> } = {};
    const compute = () => {
      if (!firstOrder || short || dense) {
        // A price limit's share of a category is often misjudged (jobs are priced high): counted
        // in price order, the category's price index bounds the read to the ads within the limit.
        const order = text === null && filters.priceLimited ? sql`l.price_cents` : null;
        return countListingsCapped(deps.db, where, cap, order);
      }
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
  /**
   * The count of `text` and, where the page's plan does not wait for it, the page read at the
   * same time on a second connection (`concurrentPage`).
   */
  const countAndPage = async (text: string | null) => {
    const plan = await planCount(text);
    const early = concurrentPage(deps, plan, (db, counted) => readPage(db, text, counted));
    return { ...(await countMatches(plan)), dense: plan.dense, early };
  };
  let text = cursor?.q ?? q;
  let corrected = cursor?.q ?? null;
  let { total, cap, first, rum, dense, early } = await countAndPage(text);
  if (!cursor && q && total === 0) {
    const fixed = await correctQuery(deps.db, q, deps.corrections);
    const found = fixed ? await countAndPage(fixed) : null;
    if (fixed && found && found.total > 0) {
      text = fixed;
      corrected = fixed;
      ({ total, cap, first, rum, dense, early } = found);
    }
  }
  // Few matches after all (or a text's, whose plan weighs its count): their page sorts them all.
  const fewMatches = (text !== null || dense) && total < cap;
  const counted = { fewMatches, first, rum };
  const page =
    (early && (rum || !fewMatches) ? await early.read() : null) ?? (await readPage(deps.db, text, counted));
  return {
    listings: page.records.map((record) => toListing(record, deps.categories, viewer)),
    total: Math.min(total, LISTINGS_COUNT_SHOWN),
    total_capped: total > LISTINGS_COUNT_SHOWN,
    next_cursor: page.next ? encodeCursor({ ...page.next, ...(corrected ? { q: corrected } : {}) }) : null,
    corrected_q: corrected,
  };
}
