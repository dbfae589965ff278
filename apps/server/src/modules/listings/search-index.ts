import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { type DatabaseHandle, selectRows } from '../../db/client.ts';

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

/** The RUM index over the ads' words, ordered by `created_at` (`<=|`, `<=>`). */
const RUM_INDEX_SQL = sql`create index if not exists listings_search_rum_idx on listings
  using rum (search_vector rum_tsvector_addon_ops, created_at)
  with (attach = 'created_at', to = 'search_vector')`;

/**
 * Chooses the search index at start: on PostgreSQL whose server offers the `rum` extension
 * (`pg_available_extensions`), creates it in `public` (`CREATE EXTENSION IF NOT EXISTS rum`, which needs a
 * role allowed to) and the RUM index (a one-time build that reads every ad), under an advisory
 * lock so that instances starting together build it once; else `gin`. Says the choice once in the
 * log. A failure (no right to create the extension) is logged and leaves `gin`.
 * @param wanted `gin` keeps the GIN plans even where RUM is available (`SEARCH_INDEX`)
 */
export async function chooseSearchIndex(
  database: DatabaseHandle,
  wanted: 'auto' | 'gin',
  log: FastifyBaseLogger,
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
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('listings_search_rum_idx', 0))`);
      await tx.execute(sql`create extension if not exists rum with schema public`);
      await tx.execute(RUM_INDEX_SQL);
    });
    log.info(
      { searchIndex: 'rum', ms: Date.now() - started },
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
