import type { Favorite, FavoriteAdded } from '@marketplace/contract';
import { and, eq, sql } from 'drizzle-orm';
import { type Database, selectRows } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../lib/pg-errors.ts';
import type { CategoryTree } from '../categories/service.ts';
import { canFavoriteListing } from '../listings/policies.ts';
import { iso, toListing } from '../listings/present.ts';
import { isoTimestamp, LISTING_JOINS, type ListingRecord, listingColumns } from '../listings/queries.ts';
import { listingStats, listings } from '../listings/schema.ts';
import { bumpListingsVersion } from '../listings/stats.ts';
import type { Actor } from '../users/policies.ts';
import { isUserId as isUuid } from '../users/service.ts';
import { favorites } from './schema.ts';

/** Most favourites `GET /api/favorites` answers (newest first). */
export const FAVORITES_LIST_MAX = 1000;

/**
 * `GET /api/favorites` (SPEC.md §7): the member's saved ads, newest first, each as
 * `{ listing_id, listing, created_at }` (SPEC.md §3 allows either; both are sent). Ads in any
 * status are listed, so a sold favourite says so. `limit` null lists all (the data export).
 */
export async function listFavorites(
  db: Database,
  tree: CategoryTree,
  userId: string,
  limit: number | null = FAVORITES_LIST_MAX,
): Promise<Favorite[]> {
  const rows = await selectRows<ListingRecord & { favorited_at: string }>(
    db,
    sql`select ${listingColumns(userId, null)}, ${isoTimestamp('fav.created_at')} as favorited_at
        from favorites fav
        join listings l on l.id = fav.listing_id
        ${LISTING_JOINS}
        where fav.user_id = ${userId}::uuid
        order by fav.created_at desc nulls last, fav.listing_id desc
        limit ${limit}`,
  );
  return rows.map((row) => ({
    listing_id: row.id,
    listing: toListing(row, tree),
    created_at: iso(row.favorited_at),
  }));
}

async function sellerOf(db: Database, listingId: string): Promise<{ sellerId: string }> {
  const row = isUuid(listingId)
    ? (await db.select({ sellerId: listings.sellerId }).from(listings).where(eq(listings.id, listingId)))[0]
    : undefined;
  if (!row) throw new AppError('listing_not_found');
  return row;
}

/**
 * `POST /api/favorites/{listingId}` (SPEC.md §7, §8): saves an ad and raises its
 * `favorites_count` in the same transaction. Own ads cannot be saved.
 * @throws AppError listing_not_found (404), cannot_favorite_own (400), favorite_exists (400,
 *   detail exactly 'Listing is already in favorites')
 */
export async function addFavorite(db: Database, actor: Actor, listingId: string): Promise<FavoriteAdded> {
  const listing = await sellerOf(db, listingId);
  if (!canFavoriteListing(actor, listing)) throw new AppError('cannot_favorite_own');
  try {
    const result = await db.transaction(async (tx) => {
      const [saved] = await tx
        .insert(favorites)
        .values({ userId: actor.id, listingId })
        .onConflictDoNothing()
        .returning({ createdAt: favorites.createdAt });
      if (!saved) throw new AppError('favorite_exists');
      const [updated] = await tx
        .update(listingStats)
        .set({ favoritesCount: sql`${listingStats.favoritesCount} + 1` })
        .where(eq(listingStats.listingId, listingId))
        .returning({ favoritesCount: listingStats.favoritesCount });
      if (!updated) throw new AppError('listing_not_found');
      return { createdAt: saved.createdAt, favoritesCount: updated.favoritesCount };
    });
    bumpListingsVersion();
    return {
      listing_id: listingId,
      isFavorite: true,
      favorites_count: result.favoritesCount,
      created_at: result.createdAt.toISOString(),
    };
  } catch (error) {
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw new AppError('favorite_exists');
    throw error;
  }
}

/**
 * `DELETE /api/favorites/{listingId}` (SPEC.md §7): forgets a saved ad and lowers its
 * `favorites_count` in the same transaction.
 * @throws AppError favorite_not_found (404) when it was not saved (or the ad does not exist)
 */
export async function removeFavorite(db: Database, userId: string, listingId: string): Promise<void> {
  if (!isUuid(listingId)) throw new AppError('favorite_not_found');
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(favorites)
      .where(and(eq(favorites.userId, userId), eq(favorites.listingId, listingId)))
      .returning({ listingId: favorites.listingId });
    if (removed.length === 0) throw new AppError('favorite_not_found');
    await tx
      .update(listingStats)
      .set({ favoritesCount: sql`greatest(0, ${listingStats.favoritesCount} - 1)` })
      .where(eq(listingStats.listingId, listingId));
  });
  bumpListingsVersion();
}

/** `GET /api/favorites/{listingId}/check` (SPEC.md §7): false also for unknown ads. */
export async function isFavorite(db: Database, userId: string, listingId: string): Promise<boolean> {
  if (!isUuid(listingId)) return false;
  const rows = await db
    .select({ listingId: favorites.listingId })
    .from(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.listingId, listingId)));
  return rows.length > 0;
}

/**
 * Removes a member's favourites and lowers the saved ads' counts (account deletion, inside
 * its transaction).
 */
export async function removeFavoritesOf(tx: Database, userId: string): Promise<void> {
  await tx.execute(sql`
    update listing_stats set favorites_count = greatest(0, favorites_count - 1)
    where listing_id in (select listing_id from favorites where user_id = ${userId}::uuid)`);
  await tx.delete(favorites).where(eq(favorites.userId, userId));
}
