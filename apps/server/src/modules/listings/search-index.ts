import { setTimeout } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { type Database, type DatabaseHandle, selectRows } from '../../db/client.ts';

/**
 * Which index answers a text search's newest-first reads (docs/decisions/0035-rum-index-for-search.md):
 * - `rum`: PostgreSQL with the `rum` extension. `listings_search_rum_idx` holds the ads' words with
 *   their publication time attached, so the newest matches of a search (the 'newest' order, the
 *   ranked window and the older matches of 'relevance') come from the index in date order, and a
 *   page reads about as many ads as it shows.
 * - `gin`: PGlite and PostgreSQL without the extension (or `SEARCH_INDEX=gin`): the GIN index as
 *   before (docs/decisions/0018-one-pass-search.md). Both give the same pages.
 */
export type SearchIndex = 'rum' | 'gin';

/** The RUM index's name, also the key of the advisory lock its build holds. */
const RUM_INDEX = 'listings_search_rum_idx';
/** The RUM index over the ads' words, ordered by `created_at` (`<=|`, `<=>`). */
const RUM_INDEX_COLUMNS = sql`on listings using rum (search_vector rum_tsvector_addon_ops, created_at)
  with (attach = 'created_at', to = 'search_vector')`;
/**
 * From this many ads (PostgreSQL's estimate, `pg_class.reltuples`) the RUM index is built with
 * `CREATE INDEX CONCURRENTLY`: posting goes on during a build that takes minutes at a million
 * ads. Below it a plain build blocks posting for well under a second and does not wait for every
 * older transaction of the database, as a concurrent build does.
 */
export const CONCURRENT_BUILD_ADS = 10_000;

type IndexState = 'valid' | 'invalid' | 'absent';

/** Whether the RUM index exists and is valid (a concurrent build in progress or interrupted is not). */
async function rumIndexState(db: Database): Promise<IndexState> {
  const [row] = await selectRows(
    db,
    z.object({ valid: z.boolean() }),
    sql`select indisvalid as valid from pg_index where indexrelid = to_regclass(${RUM_INDEX})`,
  );
  if (!row) return 'absent';
  return row.valid ? 'valid' : 'invalid';
}

/** How often an instance asks whether another one's build of the RUM index has ended, in ms. */
const BUILD_POLL_MS = 500;

/**
 * Creates the rum extension and builds the RUM index unless it is there and valid
 * (docs/decisions/0035-rum-index-for-search.md), on one session that holds an advisory lock
 * meanwhile, so that instances starting together build it once:
 * - fewer ads than `concurrentFrom`: a plain `CREATE INDEX`, which blocks posting for well under
 *   a second;
 * - else `CREATE INDEX CONCURRENTLY`, which lets posting go on, and `REINDEX INDEX CONCURRENTLY`
 *   for an index an interrupted build left invalid.
 * An instance that finds the lock taken asks again every `BUILD_POLL_MS` (`pg_try_advisory_lock`)
 * instead of waiting in the lock: a concurrent build waits for every statement that holds an
 * older snapshot, a waiting one included, and PostgreSQL would break that deadlock by cancelling
 * one of them.
 * @returns how the index was built (`plain`, `concurrently`), or null when it was there already
 * @throws any database error (the caller keeps the GIN plan)
 */
async function buildRumIndex(
  database: DatabaseHandle,
  concurrentFrom: number,
): Promise<'plain' | 'concurrently' | null> {
  return database.session(async (db) => {
    const locked = z.object({ locked: z.boolean() });
    for (;;) {
      const [lock] = await selectRows(
        db,
        locked,
        sql`select pg_try_advisory_lock(hashtextextended(${RUM_INDEX}, 0)) as locked`,
      );
      if (lock?.locked) break;
      await setTimeout(BUILD_POLL_MS);
    }
    try {
      await db.execute(sql`create extension if not exists rum with schema public`);
      const state = await rumIndexState(db);
      if (state === 'valid') return null;
      const [size] = await selectRows(
        db,
        z.object({ ads: z.number() }),
        sql`select greatest(reltuples, 0)::float8 as ads from pg_class where oid = to_regclass('listings')`,
      );
      if ((size?.ads ?? 0) < concurrentFrom) {
        if (state === 'invalid') await db.execute(sql.raw(`drop index ${RUM_INDEX}`));
        await db.execute(sql`create index ${sql.raw(RUM_INDEX)} ${RUM_INDEX_COLUMNS}`);
        return 'plain';
      }
      if (state === 'invalid') await db.execute(sql.raw(`reindex index concurrently ${RUM_INDEX}`));
      else await db.execute(sql`create index concurrently ${sql.raw(RUM_INDEX)} ${RUM_INDEX_COLUMNS}`);
      return 'concurrently';
    } finally {
      await db.execute(sql`select pg_advisory_unlock(hashtextextended(${RUM_INDEX}, 0))`);
    }
  });
}

/**
 * Chooses the search index at start: on PostgreSQL whose server offers the `rum` extension
 * (`pg_available_extensions`), creates it in `public` (`CREATE EXTENSION IF NOT EXISTS rum`, which
 * needs a role allowed to) and the RUM index (`buildRumIndex`: a one-time build that reads every
 * ad, concurrently with posting on a large table, once when instances start together); else
 * `gin`. Says the choice once in the log. A failure (no right to create the extension) is logged
 * and leaves `gin`.
 * @param wanted `gin` keeps the GIN plans even where RUM is available (`SEARCH_INDEX`)
 * @param concurrentFrom ads from which the index is built concurrently (`CONCURRENT_BUILD_ADS`)
 */
export async function chooseSearchIndex(
  database: DatabaseHandle,
  wanted: 'auto' | 'gin',
  log: FastifyBaseLogger,
  concurrentFrom = CONCURRENT_BUILD_ADS,
): Promise<SearchIndex> {
  if (database.kind !== 'postgres') {
    log.info({ searchIndex: 'gin' }, 'search: GIN index (PGlite has no rum extension)');
    return 'gin';
  }
  if (wanted === 'gin') {
    log.info({ searchIndex: 'gin' }, 'search: GIN index (SEARCH_INDEX=gin)');
    return 'gin';
  }
  const [available] = await selectRows(
    database.db,
    z.object({ yes: z.boolean() }),
    sql`select exists (select 1 from pg_available_extensions where name = 'rum') as yes`,
  );
  if (!available?.yes) {
    log.info(
      { searchIndex: 'gin' },
      'search: GIN index; the rum extension is not installed on the PostgreSQL server (package postgresql-<version>-rum)',
    );
    return 'gin';
  }
  try {
    const started = Date.now();
    const built = await buildRumIndex(database, concurrentFrom);
    log.info(
      { searchIndex: 'rum', ms: Date.now() - started, built },
      'search: RUM index (newest matches read in date order)',
    );
    return 'rum';
  } catch (error) {
    log.warn(
      { err: error, searchIndex: 'gin' },
      'search: GIN index; the rum extension or its index could not be created',
    );
    return 'gin';
  }
}
