import { createHash } from 'node:crypto';
import {
  SAVED_SEARCHES_MAX,
  type SavedSearch,
  type SavedSearchFilters,
  type SavedSearchFrequency,
  type SavedSearchList,
  savedSearchName,
  savedSearchPath,
} from '@marketplace/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { countRequest, type RequestLimit } from '../auth/index.ts';
import type { CategoryTree } from '../categories/index.ts';
import { checkSavedFilters } from '../listings/index.ts';
import { type SavedSearchRow, savedSearches } from './schema.ts';

/** Saved searches a member may create per hour (docs/decisions/0005), like other member writes. */
export const SAVED_SEARCH_CREATE_LIMIT: RequestLimit = {
  bucket: 'saved_search_create',
  max: 100,
  windowMs: 60 * 60 * 1000,
  reason: 'Du hast in kurzer Zeit sehr viele Suchen gespeichert.',
};

/** What the saved-search calls need from the running application. */
export interface SavedSearchDeps {
  db: Database;
  categories: CategoryTree;
}

const NOT_FOUND = 'Diese gespeicherte Suche gibt es nicht.';

/** A saved search as the API answers it (contract `savedSearchSchema`). */
export function toSavedSearch(row: SavedSearchRow): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    filters: row.filters,
    path: savedSearchPath(row.filters),
    frequency: row.frequency,
    alerts: row.frequency !== 'off',
    created_at: row.createdAt.toISOString(),
    last_checked_at: row.lastCheckedAt.toISOString(),
  };
}

/** The SHA-256 (hex) of canonical filters: equal filters, equal key. */
export function filtersKey(filters: SavedSearchFilters): string {
  return createHash('sha256').update(JSON.stringify(filters)).digest('hex');
}

/** The id of the filters' category (null: every category), for the instant alerts' choice of searches. */
function categoryIdOf(deps: SavedSearchDeps, filters: Record<string, string>): number | null {
  return filters.category ? (deps.categories.resolve(filters.category)?.id ?? null) : null;
}

/** `GET /api/saved-searches`: the member's saved searches, newest first, with the most allowed. */
export async function listSavedSearches(db: Database, userId: string): Promise<SavedSearchList> {
  const rows = await db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
  return { saved_searches: rows.map(toSavedSearch), max: SAVED_SEARCHES_MAX };
}

/**
 * `POST /api/saved-searches`: saves the filters (canonical, contract `savedSearchFiltersSchema`)
 * with `name` or one built from them ('„Fahrrad“ in Fahrräder bis 500 €') and `frequency`
 * (default `instant`), checked as of now (so only ads posted afterwards are notified). The filters are checked as the ad lists
 * check them, so a category or place they do not know is refused as it would be there. The same
 * filters saved again answer the saved search (`created` false) and change nothing. Count, limit
 * and insert run in one transaction under a lock per member, so parallel requests never pass
 * {@link SAVED_SEARCHES_MAX}; at most 100 per member and hour ({@link SAVED_SEARCH_CREATE_LIMIT}).
 * @throws AppError validation (422) for filters the search refuses; conflict (409) beyond 20;
 *   rate_limited (429)
 */
export async function createSavedSearch(
  deps: SavedSearchDeps,
  userId: string,
  body: {
    filters: SavedSearchFilters;
    name?: string | undefined;
    frequency?: SavedSearchFrequency | undefined;
  },
): Promise<{ created: boolean; savedSearch: SavedSearch }> {
  await checkSavedFilters(deps, body.filters);
  const key = filtersKey(body.filters);
  const categoryName = body.filters.category
    ? deps.categories.resolve(body.filters.category)?.name
    : undefined;
  const name = body.name ?? savedSearchName(body.filters, categoryName);
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`saved_searches:${userId}`}, 0))`);
    const [existing] = await tx
      .select()
      .from(savedSearches)
      .where(and(eq(savedSearches.userId, userId), eq(savedSearches.filtersKey, key)));
    if (existing) return { created: false, savedSearch: toSavedSearch(existing) };
    const [counted] = await tx
      .select({ total: count() })
      .from(savedSearches)
      .where(eq(savedSearches.userId, userId));
    if ((counted?.total ?? 0) >= SAVED_SEARCHES_MAX) {
      // 409, not 422: the request itself is valid; it conflicts with the member's current
      // saved searches and succeeds once one of them is deleted.
      throw new AppError(
        'conflict',
        `Du kannst höchstens ${SAVED_SEARCHES_MAX} Suchen speichern. Lösche eine gespeicherte Suche, um eine neue anzulegen.`,
      );
    }
    await countRequest(tx, SAVED_SEARCH_CREATE_LIMIT, userId);
    const [row] = await tx
      .insert(savedSearches)
      .values({
        userId,
        name,
        filters: body.filters,
        filtersKey: key,
        frequency: body.frequency ?? 'instant',
        categoryId: categoryIdOf(deps, body.filters),
      })
      .returning();
    if (!row) throw new Error('saving a search answered no row');
    return { created: true, savedSearch: toSavedSearch(row) };
  });
}

/**
 * `PATCH /api/saved-searches/{id}`: changes how new ads are told (`frequency`, or `alerts` as
 * the contract's `savedSearchUpdateSchema` maps it) and/or renames. A search that was `off` and
 * tells again starts from now, so ads posted while it was off are not reported at once.
 * @throws AppError not_found (404) for unknown ids and other members' searches
 */
export async function updateSavedSearch(
  deps: SavedSearchDeps,
  userId: string,
  id: string,
  body: {
    frequency?: SavedSearchFrequency | undefined;
    alerts?: boolean | undefined;
    name?: string | undefined;
  },
): Promise<SavedSearch> {
  if (!isUuid(id)) throw new AppError('not_found', NOT_FOUND);
  const [current] = await deps.db
    .select({ filters: savedSearches.filters })
    .from(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)));
  if (!current) throw new AppError('not_found', NOT_FOUND);
  const frequency =
    body.frequency !== undefined
      ? sql`${body.frequency}`
      : body.alerts === false
        ? sql`'off'`
        : body.alerts === true
          ? sql`case when ${savedSearches.frequency} = 'off' then 'instant' else ${savedSearches.frequency} end`
          : undefined;
  const [row] = await deps.db
    .update(savedSearches)
    .set({
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(frequency
        ? {
            frequency,
            lastCheckedAt: sql`case when ${savedSearches.frequency} = 'off' then now() else ${savedSearches.lastCheckedAt} end`,
            categoryId: categoryIdOf(deps, current.filters),
          }
        : {}),
    })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning();
  if (!row) throw new AppError('not_found', NOT_FOUND);
  return toSavedSearch(row);
}

/**
 * `DELETE /api/saved-searches/{id}`.
 * @throws AppError not_found (404) for unknown ids and other members' searches
 */
export async function deleteSavedSearch(db: Database, userId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw new AppError('not_found', NOT_FOUND);
  const removed = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  if (removed.length === 0) throw new AppError('not_found', NOT_FOUND);
}
