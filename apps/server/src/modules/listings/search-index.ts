import { setTimeout } from 'node:timers/promises';
import { type SQL, sql } from 'drizzle-orm';
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

/** An index of the ads' words: its name and what follows `create index <name>`. */
interface TextIndex {
  name: string;
  definition: SQL;
}

/** The RUM index over the ads' words, ordered by `created_at` (`<=|`, `<=>`). */
const RUM_INDEX: TextIndex = {
  name: 'listings_search_rum_idx',
  definition: sql`on listings using rum (search_vector rum_tsvector_addon_ops, created_at)
    with (attach = 'created_at', to = 'search_vector')`,
};
/** The GIN index of migration 0003 (fastupdate off since 0004), which the RUM plan drops. */
const GIN_INDEX: TextIndex = {
  name: 'listings_search_idx',
  definition: sql`on listings using gin (search_vector) with (fastupdate = off)`,
};
/** Key of the advisory lock held while the text indexes are built or dropped. */
const INDEX_LOCK = 'listings_search_indexes';
/**
 * From this many ads (PostgreSQL's estimate, `pg_class.reltuples`) a text index is built and
 * dropped `CONCURRENTLY`: posting goes on during a build that took 20–26 s at a million ads.
 * Below it a plain build blocks posting for well under a second and does not wait for every
 * older transaction of the database, as a concurrent build does.
 */
export const CONCURRENT_BUILD_ADS = 10_000;
/** How often an instance asks whether another one's build has ended, in ms. */
const BUILD_POLL_MS = 500;

type IndexState = 'valid' | 'invalid' | 'absent';

/** Whether `name` exists and is valid (a concurrent build in progress or cut short is not). */
async function indexState(db: Database, name: string): Promise<IndexState> {
  const [row] = await selectRows(
    db,
    z.object({ valid: z.boolean() }),
    sql`select indisvalid as valid from pg_index where indexrelid = to_regclass(${name})`,
  );
  if (!row) return 'absent';
  return row.valid ? 'valid' : 'invalid';
}

/**
 * Builds `index` unless it is there and valid: below `concurrentFrom` ads a plain `CREATE INDEX`
 * (over an invalid one dropped first), else `CREATE INDEX CONCURRENTLY`, or `REINDEX INDEX
 * CONCURRENTLY` for an index a build cut short left invalid.
 * @returns how it was built, or null when it was there
 */
async function ensureIndex(
  db: Database,
  index: TextIndex,
  concurrently: boolean,
): Promise<'plain' | 'concurrently' | null> {
  const state = await indexState(db, index.name);
  if (state === 'valid') return null;
  if (!concurrently) {
    if (state === 'invalid') await db.execute(sql.raw(`drop index ${index.name}`));
    await db.execute(sql`create index ${sql.raw(index.name)} ${index.definition}`);
    return 'plain';
  }
  if (state === 'invalid') await db.execute(sql.raw(`reindex index concurrently ${index.name}`));
  else await db.execute(sql`create index concurrently ${sql.raw(index.name)} ${index.definition}`);
  return 'concurrently';
}

/**
 * Makes the text indexes what `plan` reads (docs/decisions/0035-rum-index-for-search.md):
 * - `rum`: creates the rum extension and the RUM index, then drops the GIN index, which no
 *   search reads once RUM answers the counts too and which every new ad would otherwise pay for;
 * - `gin`: the GIN index, built again where a RUM database dropped it. A RUM index is left in
 *   place: an instance of either plan may run on the same database.
 * All on one session holding an advisory lock, so that instances starting together build once.
 * From `concurrentFrom` ads indexes are built and dropped `CONCURRENTLY`, so that posting goes on.
 * An instance that finds the lock taken says so in the log once and asks again every
 * `BUILD_POLL_MS` (`pg_try_advisory_lock`) instead of waiting in the lock: a concurrent build
 * waits for every statement that holds an older snapshot, a waiting one included, and PostgreSQL breaks that deadlock by cancelling one.
 * @returns how the plan's index was built (`plain`, `concurrently`), or null when it was there
 * @throws any database error (for `rum`, the caller keeps the GIN plan)
 */
async function settleTextIndexes(
  database: DatabaseHandle,
  plan: SearchIndex,
  concurrentFrom: number,
  log: FastifyBaseLogger,
): Promise<'plain' | 'concurrently' | null> {
  return database.session(async (db) => {
    const locked = z.object({ locked: z.boolean() });
    for (let asked = 0; ; asked++) {
      const [lock] = await selectRows(
        db,
        locked,
        sql`select pg_try_advisory_lock(hashtextextended(${INDEX_LOCK}, 0)) as locked`,
      );
      if (lock?.locked) break;
      // Said once: a start that waits here waits for another instance's build, not for nothing.
      if (asked === 0) log.info('search: another instance is building the text indexes; waiting for it');
      await setTimeout(BUILD_POLL_MS);
    }
    try {
      const [size] = await selectRows(
        db,
        z.object({ ads: z.number() }),
        sql`select greatest(reltuples, 0)::float8 as ads from pg_class where oid = to_regclass('listings')`,
      );
      const concurrently = (size?.ads ?? 0) >= concurrentFrom;
      if (plan === 'gin') return await ensureIndex(db, GIN_INDEX, concurrently);
      await db.execute(sql`create extension if not exists rum with schema public`);
      const built = await ensureIndex(db, RUM_INDEX, concurrently);
      await db.execute(
        sql.raw(`drop index ${concurrently ? 'concurrently ' : ''}if exists ${GIN_INDEX.name}`),
      );
      return built;
    } finally {
      await db.execute(sql`select pg_advisory_unlock(hashtextextended(${INDEX_LOCK}, 0))`);
    }
  });
}

/**
 * Chooses the search index at start and makes the text indexes fit it (`settleTextIndexes`): on
 * PostgreSQL whose server offers the `rum` extension (`pg_available_extensions`) `rum`, which
 * creates the extension in `public` (`CREATE EXTENSION IF NOT EXISTS rum`, which needs a role
 * allowed to), builds the RUM index (a one-time build that reads every ad) and drops the GIN
 * index; else `gin`, which builds the GIN index again where it is missing. Says the choice once
 * in the log. A failure to set up RUM (no right to create the extension) is logged and leaves
 * `gin`.
 * @param wanted `gin` keeps the GIN plans even where RUM is available (`SEARCH_INDEX`)
 * @param concurrentFrom ads from which indexes are built concurrently (`CONCURRENT_BUILD_ADS`)
 * @throws a database error while settling the GIN index (the server cannot search without it)
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
  const gin = async (reason: string) => {
    const started = Date.now();
    const built = await settleTextIndexes(database, 'gin', concurrentFrom, log);
    log.info(
      { searchIndex: 'gin', ...(built ? { ms: Date.now() - started, built } : {}) },
      `search: GIN index${reason}`,
    );
    return 'gin' as const;
  };
  if (wanted === 'gin') return gin(' (SEARCH_INDEX=gin)');
  const [available] = await selectRows(
    database.db,
    z.object({ yes: z.boolean() }),
    sql`select exists (select 1 from pg_available_extensions where name = 'rum') as yes`,
  );
  if (!available?.yes) {
    return gin(
      '; the rum extension is not installed on the PostgreSQL server (package postgresql-<version>-rum)',
    );
  }
  try {
    const started = Date.now();
    const built = await settleTextIndexes(database, 'rum', concurrentFrom, log);
    log.info(
      { searchIndex: 'rum', ms: Date.now() - started, built },
      'search: RUM index (newest matches read in date order)',
    );
    return 'rum';
  } catch (error) {
    log.warn({ err: error }, 'search: the rum extension or its index could not be created');
    return gin('; the rum extension or its index could not be created');
  }
}
