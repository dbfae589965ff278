import type { ListingQuerySort } from '@marketplace/contract';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Database, selectRows } from '../../db/client.ts';
import { distanceKmSql, withinRadiusSql } from '../../lib/geo.ts';
import { isoTimestamp } from '../../lib/sql.ts';
import type { Location } from '../places/index.ts';
import type { Cursor } from './cursor.ts';
import { iso } from './present.ts';
import {
  LISTING_JOINS,
  type ListingRecord,
  listingColumns,
  listingRecordRow,
  selectListingPage,
} from './queries.ts';
import { type Filters, oneOf, textCondition } from './search-filters.ts';
import type { TextQuery } from './terms.ts';

/**
 * One page of an ad list request in each order: keyset pages of the newest, price, popular and
 * distance orders (distance in widening rings), and the relevance order of a search text.
 * `search.ts` counts the matches and picks the page.
 */

/**
 * A relevance search ranks the newest this-many matches by `ts_rank_cd` and then continues
 * with the older matches, newest first: ranking every match of a very common word would read
 * the whole index on every request.
 */
export const RELEVANCE_WINDOW = 300;
/** Radii in km tried in turn for `distance` without a radius (nearest ads first). */
const DISTANCE_RINGS_KM = [25, 100, 400];

/**
 * The relevance of an ad for `text` (`ts_rank_cd`, title words weigh most): the words as typed
 * count twice, so an ad with 'Wohnung' ranks above one with only 'Eigentumswohnung'.
 */
function rankOf(vector: SQL, text: TextQuery): SQL {
  if (text.match === text.exact) return sql`ts_rank_cd(${vector}, ${text.exact})::real`;
  return sql`(2 * ts_rank_cd(${vector}, ${text.exact}) + ts_rank_cd(${vector}, ${text.match}))::real`;
}

/** A keyset sort: the key expression, its direction and SQL type, and how to read it from a row. */
interface KeysetSort {
  key: SQL;
  /** The tie-breaking id column (the counters' own for `popular`, so its index serves). */
  id: SQL;
  /** Join the inner query needs for the key. */
  join?: SQL;
  direction: 'asc' | 'desc';
  /**
   * The ORDER BY direction that matches the index: indexes declared descending list NULLs
   * last, so their order is `desc nulls last` (plain `desc` would not use them); ascending
   * indexes read backwards give plain `desc`.
   */
  order: 'asc' | 'desc' | 'desc nulls last';
  cast: 'timestamptz' | 'int' | 'float8';
  keyOf(record: ListingRecord): string | number;
}

export function keysetSort(
  sort: Exclude<ListingQuerySort, 'relevance'>,
  origin: Location | null,
): KeysetSort {
  switch (sort) {
    case 'price-asc':
      return {
        key: sql`l.price_cents`,
        id: sql`l.id`,
        direction: 'asc',
        order: 'asc',
        cast: 'int',
        keyOf: (r) => r.priceCents,
      };
    case 'price-desc':
      return {
        key: sql`l.price_cents`,
        id: sql`l.id`,
        direction: 'desc',
        order: 'desc',
        cast: 'int',
        keyOf: (r) => r.priceCents,
      };
    case 'popular':
      return {
        key: sql`st.popularity`,
        id: sql`st.listing_id`,
        join: sql`join listing_stats st on st.listing_id = l.id`,
        direction: 'desc',
        order: 'desc nulls last',
        cast: 'int',
        keyOf: (r) => r.popularity,
      };
    case 'distance':
      if (!origin) throw new Error('distance sort without origin');
      return {
        key: distanceKmSql('l', origin),
        id: sql`l.id`,
        direction: 'asc',
        order: 'asc',
        cast: 'float8',
        keyOf: (r) => r.distanceKm ?? 0,
      };
    default:
      return {
        key: sql`l.created_at`,
        id: sql`l.id`,
        direction: 'desc',
        order: 'desc nulls last',
        cast: 'timestamptz',
        keyOf: (r) => iso(r.createdAt),
      };
  }
}

/** A position after which a keyset page starts: the sort key and id of the last ad shown. */
type After = { k: string | number; id: string } | null;

/** What one keyset page reads. */
interface KeysetPageOptions {
  sort: KeysetSort;
  where: SQL[];
  after: After;
  /** Rows to read at most. */
  limit: number;
  viewerId: string | null;
  /** The searcher's location, for `distance_km`. */
  origin: Location | null;
  /** A text search with few matches: sort them instead of walking the sorted index (`unindexed`). */
  fewMatches?: boolean;
  /** `where` holds a text condition and the RUM index serves its newest order (`newestByRum`). */
  rum?: boolean;
}

/** The far end a newest-first RUM read starts from without a cursor (any ad is older). */
const RUM_FROM = '2999-12-31T00:00:00.000Z';

/**
 * Under the RUM plan (`search-index.ts`): the newest `n` matches of `where` (which holds the text
 * condition) after `after` (created_at as ISO 8601, id) as rows (id, created_at, and `rank` when
 * given), read from `listings_search_rum_idx` in publication order (`created_at <=| from`), so about
 * `n` ads are visited however many match. The index orders by time only: the ads published in the
 * same millisecond as the oldest one read are all added (by the date index), so the caller's order
 * by (created_at, id) and its limit give exactly the rows the GIN plan gives. Ranked where the
 * read visits the ads, the relevance window looks none of them up by id again.
 */
function newestRowsByRum(where: SQL[], after: After, n: number, rank: SQL | null): SQL {
  const conditions = [...where];
  if (after) {
    conditions.push(sql`l.created_at <= ${after.k}::timestamptz`);
    conditions.push(sql`(l.created_at, l.id) < (${after.k}::timestamptz, ${after.id}::uuid)`);
  }
  const condition = sql.join(conditions, sql` and `);
  const from = after ? after.k : RUM_FROM;
  const columns = rank ? sql`l.id, l.created_at, ${rank} as rank` : sql`l.id, l.created_at`;
  return sql`(
    with r as materialized (
      select ${columns} from listings l where ${condition}
      order by l.created_at <=| ${from}::timestamptz limit ${n}
    )
    select * from r
    union
    select ${columns} from listings l where ${condition} and l.created_at = (select min(created_at) from r)
  )`;
}

/** The condition `l.id in (…)` that picks {@link newestRowsByRum}'s ads, for pages of a few. */
function newestByRum(where: SQL[], after: After, n: number): SQL {
  return sql`l.id in (select id from ${newestRowsByRum(where, after, n, null)} w)`;
}

/** One page in a keyset order after `after`, `limit` rows at most. */
function keysetPage(db: Database, options: KeysetPageOptions): Promise<ListingRecord[]> {
  const { sort, origin } = options;
  // Under RUM the newest matches come by id from the index; they are then only sorted.
  const rum = options.rum === true && sort.cast === 'timestamptz';
  const after = rum ? null : options.after;
  const spec = options.fewMatches || rum ? { ...sort, key: unindexed(sort) } : sort;
  const dir = sql.raw(spec.order);
  const conditions = rum ? [newestByRum(options.where, options.after, options.limit)] : [...options.where];
  if (after) {
    const op = sql.raw(spec.direction === 'desc' ? '<' : '>');
    conditions.push(
      sql`(${spec.key}, ${spec.id}) ${op} (${after.k}::${sql.raw(spec.cast)}, ${after.id}::uuid)`,
    );
  }
  return selectListingPage(db, {
    where: conditions,
    keyColumns: sql`${spec.key} as sort_key`,
    ...(spec.join ? { innerJoin: spec.join } : {}),
    orderBy: sql`${spec.key} ${dir}, ${spec.id} ${dir}`,
    outerOrderBy: sql`k.sort_key ${dir}, l.id ${dir}`,
    limit: options.limit,
    viewerId: options.viewerId,
    distance: origin ? distanceKmSql('l', origin) : null,
  });
}

/**
 * The sort key as an expression no index provides. A text search with few matches (under
 * `LISTINGS_TOTAL_CAP`) then reads its matches through the text index and sorts them, instead
 * of walking the sorted index and testing every ad for the words: at a million ads a word in
 * 0.7 % of them took 860 ms that way and takes 40 ms this way.
 */
function unindexed(spec: KeysetSort): SQL {
  if (spec.cast === 'timestamptz') return sql`(${spec.key} + interval '0 s')`;
  if (spec.cast === 'int') return sql`(${spec.key} + 0)`;
  return spec.key;
}

export interface Page {
  records: ListingRecord[];
  next: Omit<Cursor, 'q'> | null;
}

/** Splits `limit + 1` fetched rows into the page and the cursor after its last row. */
function pageOf<R extends ListingRecord>(
  records: R[],
  limit: number,
  next: (last: R) => Omit<Cursor, 'q'>,
): Page {
  if (records.length <= limit) return { records, next: null };
  const page = records.slice(0, limit);
  return { records: page, next: next(page[page.length - 1] as R) };
}

/**
 * `distance` without a radius: widening rings (25, 100, 400 km, everywhere) until the page is
 * full; with a radius, one keyset page.
 */
async function distancePage(
  db: Database,
  options: Omit<KeysetPageOptions, 'origin' | 'fewMatches'> & { filters: Filters },
): Promise<ListingRecord[]> {
  const { filters, ...page } = options;
  const origin = filters.origin as Location;
  if (filters.radiusKm !== null) return keysetPage(db, { ...page, origin });
  const from = typeof page.after?.k === 'number' ? page.after.k : 0;
  for (const ring of DISTANCE_RINGS_KM) {
    if (ring <= from) continue;
    const rows = await keysetPage(db, {
      ...page,
      where: [...page.where, withinRadiusSql('l', origin, ring)],
      origin,
    });
    if (rows.length >= page.limit) return rows;
  }
  return keysetPage(db, { ...page, origin });
}

/** What a page of a list request reads. */
interface PageOptions {
  filters: Filters;
  /** The search text (maybe corrected) as SQL, or null. */
  text: TextQuery | null;
  cursor: Cursor | null;
  limit: number;
  offset: number;
  viewerId: string | null;
  /** Fewer matches of `text` than `LISTINGS_TOTAL_CAP` (see `unindexed`). */
  fewMatches: boolean;
  /** The RUM index serves the newest order of `text` (`search-index.ts`, `newestByRum`). */
  rum: boolean;
  /**
   * The ids of the first matches in the page's order (the newest `RELEVANCE_WINDOW` for
   * relevance), found by the count's own scan (`matchListingsCapped`): the page then reads only
   * these ads instead of the matches again. Null when unknown.
   */
  first: string[] | null;
}

/**
 * What every row of a relevance page carries about the ranked window: its size, and its oldest
 * ad (`created_at` as ISO 8601 text, id), where the older matches continue; null for an empty
 * window.
 */
const relevanceWindow = {
  windowSize: z.number(),
  edgeCreatedAt: z.string().nullable(),
  edgeId: z.string().nullable(),
};

/**
 * A row of a relevance page: a ranked ad of the page (`ranked`, with its `rank`) or, when the
 * page has none, the window's facts alone.
 */
const relevanceRow = z.discriminatedUnion('ranked', [
  listingRecordRow.extend({ ranked: z.literal(true), rank: z.number(), ...relevanceWindow }),
  z.object({ ranked: z.literal(false), ...relevanceWindow }),
]);

/**
 * Relevance order: the newest `RELEVANCE_WINDOW` matches ordered by
 * `ts_rank_cd` (title words weigh most), then the older matches, newest first. Each ad appears
 * once across the pages; phase 1 cursors carry (rank, id), phase 2 cursors (created_at, id).
 */
async function relevancePage(db: Database, options: PageOptions & { text: TextQuery }): Promise<Page> {
  const { filters, text, cursor, limit, offset, viewerId, fewMatches, first, rum } = options;
  const where = [...filters.where, textCondition(text)];
  // The window's ads, when the count's scan found them: read by id, not among all matches. Or
  // ranked as the RUM index gives them.
  const found = first && !cursor;
  const windowWhere = found ? [...where, oneOf(first)] : where;
  const window =
    rum && !found
      ? sql`select w.id, w.created_at, w.rank from ${newestRowsByRum(where, null, RELEVANCE_WINDOW, rankOf(sql`l.search_vector`, text))} w
            order by w.created_at desc, w.id desc limit ${RELEVANCE_WINDOW}`
      : sql`select w.id, w.created_at, ${rankOf(sql`s.search_vector`, text)} as rank
          from (
            select l.id, l.created_at from listings l where ${sql.join(windowWhere, sql` and `)}
            order by ${fewMatches || found ? sql`(l.created_at + interval '0 s') desc` : sql`l.created_at desc nulls last`},
              l.id desc nulls last
            limit ${RELEVANCE_WINDOW}
          ) w join listings s on s.id = w.id`;
  const newest = keysetSort('newest', null);
  const distance = filters.origin ? distanceKmSql('l', filters.origin) : null;
  const want = limit + 1 + offset;
  const newestCursor = (r: ListingRecord) => ({
    s: 'relevance',
    k: newest.keyOf(r),
    id: r.id,
    phase: 2 as const,
  });
  if (cursor?.phase === 2) {
    const rows = await keysetPage(db, {
      sort: newest,
      where,
      after: cursor,
      limit: want,
      viewerId,
      origin: filters.origin,
      fewMatches,
      rum,
    });
    return pageOf(rows.slice(offset), limit, newestCursor);
  }
  const after = cursor ? sql`where (c.rank, c.id) < (${cursor.k}::real, ${cursor.id}::uuid)` : sql``;
  const rows = await selectRows(
    db,
    relevanceRow,
    // The window is chosen first and ranked after, so only its ads are ranked.
    sql`with cand as materialized (${window}),
        edge as (select created_at, id from cand order by created_at asc, id asc limit 1),
        meta as (
          select (select count(*) from cand)::int as "windowSize",
                 (select ${isoTimestamp('created_at')} from edge) as "edgeCreatedAt",
                 (select id from edge) as "edgeId"
        ),
        page as (select c.id, c.rank from cand c ${after} order by c.rank desc, c.id desc limit ${want})
        select meta.*, x.*, x.id is not null as ranked from meta left join lateral (
          select ${listingColumns(viewerId, distance)}, p.rank
          from page p join listings l on l.id = p.id ${LISTING_JOINS}
        ) x on true
        order by x.rank desc nulls last, x.id desc`,
  );
  const meta = rows[0];
  const ranked = rows.flatMap((row) => (row.ranked ? [row] : [])).slice(offset);
  const rankCursor = (r: (typeof ranked)[number]) => ({
    s: 'relevance',
    k: r.rank,
    id: r.id,
    phase: 1 as const,
  });
  if (ranked.length > limit || !meta || meta.windowSize < RELEVANCE_WINDOW || !meta.edgeId) {
    return pageOf(ranked, limit, rankCursor);
  }
  // The ranked window is used up: continue with the older matches, newest first.
  const edge = { k: iso(meta.edgeCreatedAt as string), id: meta.edgeId };
  const older = await keysetPage(db, {
    sort: newest,
    where,
    after: edge,
    limit: limit + 1 - ranked.length,
    viewerId,
    origin: filters.origin,
    rum,
  });
  const records = [...ranked, ...older];
  if (records.length <= limit) return { records, next: null };
  const page = records.slice(0, limit);
  const last = page[page.length - 1] as ListingRecord;
  const lastIsRanked = page.length === ranked.length;
  return {
    records: page,
    next: lastIsRanked ? { s: 'relevance', k: edge.k, id: edge.id, phase: 2 } : newestCursor(last),
  };
}

/** A page of `sort` for the filters and optional search text. */
export async function fetchPage(
  db: Database,
  options: PageOptions & { sort: ListingQuerySort },
): Promise<Page> {
  const { filters, sort, text, cursor, limit, offset, viewerId, fewMatches, first, rum } = options;
  if (sort === 'relevance' && text) return relevancePage(db, { ...options, text });
  const keyed = sort === 'relevance' ? 'newest' : sort;
  const spec = keysetSort(keyed, filters.origin);
  const matching = text ? [...filters.where, textCondition(text)] : filters.where;
  const where = first && !cursor ? [...matching, oneOf(first)] : matching;
  const page = { sort: spec, where, after: cursor, limit: limit + 1 + offset, viewerId };
  const rows =
    keyed === 'distance'
      ? await distancePage(db, { ...page, filters })
      : await keysetPage(db, {
          ...page,
          origin: filters.origin,
          // A page of known ids is read by id and sorted, never by walking the sorted index.
          fewMatches: fewMatches || where !== matching,
          rum: rum && text !== null && where === matching,
        });
  return pageOf(rows.slice(offset), limit, (last) => ({ s: sort, k: spec.keyOf(last), id: last.id }));
}
