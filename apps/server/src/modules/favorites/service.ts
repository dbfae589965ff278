import type { Favorite, FavoriteAdded } from '@marketplace/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../lib/pg-errors.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import { countRequest, type RequestLimit } from '../auth/index.ts';
import type { CategoryTree } from '../categories/index.ts';
import {
  adjustFavoritesCount,
  canFavoriteListing,
  findListingSeller,
  readListings,
  releaseFavorites,
} from '../listings/index.ts';
import { type Actor, getAccount } from '../users/index.ts';
import { favorites } from './schema.ts';

/** Most favourites `GET /api/favorites` answers (newest first). */
export const FAVORITES_LIST_MAX = 1000;

/** Favourites a member may add per hour (docs/decisions/0005). */
export const FAVORITE_ADD_LIMIT: RequestLimit = {
  bucket: 'favorite_add',
  max: 200,
  windowMs: 60 * 60 * 1000,
  reason: 'Du hast in kurzer Zeit sehr viele Anzeigen gemerkt.',
};

/** What the favourites service needs from the running application. */
export interface FavoriteDeps {
  db: Database;
  /** Where saving and forgetting are announced, after the commit. */
  events: EventBus;
}

/**
 * `GET /api/favorites` (SPEC.md §7): the member's saved ads, newest first, each as
 * `{ listing_id, listing, created_at }` (SPEC.md §3 allows either; both are sent) with what
 * the member may do with it (`can`). Ads in any status are listed, so a sold favourite says
 * so. `limit` null lists all (the data export).
 * @param viewer the member, or their id (then their role is read for `can`)
 */
export async function listFavorites(
  db: Database,
  tree: CategoryTree,
  viewer: Actor | string,
  limit: number | null = FAVORITES_LIST_MAX,
): Promise<Favorite[]> {
  const actor: Actor =
    typeof viewer === 'string' ? { id: viewer, role: (await getAccount(db, viewer)).role } : viewer;
  const saved = await db
    .select({ listingId: favorites.listingId, createdAt: favorites.createdAt })
    .from(favorites)
    .where(eq(favorites.userId, actor.id))
    .orderBy(desc(favorites.createdAt), desc(favorites.listingId))
    .limit(limit ?? Number.MAX_SAFE_INTEGER);
  const listings = await readListings(
    { db, categories: tree },
    saved.map((row) => row.listingId),
    actor,
  );
  const byId = new Map(listings.map((listing) => [listing.id, listing]));
  return saved.flatMap((row) => {
    const listing = byId.get(row.listingId);
    return listing ? [{ listing_id: row.listingId, listing, created_at: row.createdAt.toISOString() }] : [];
  });
}

/**
 * `POST /api/favorites/{listingId}` (SPEC.md §7, §8): saves an ad and raises its
 * `favorites_count` in the same transaction (through the listings door), then announces
 * `favorite.added`. Own ads cannot be saved (the listing policy's `can.favorite`). At most 200
 * per member and hour (`FAVORITE_ADD_LIMIT`), counted in the same transaction, so a refused or
 * repeated favourite costs nothing and parallel requests cannot pass the limit.
 * @throws AppError listing_not_found (404), cannot_favorite_own (400), favorite_exists (400,
 *   detail exactly 'Listing is already in favorites'), rate_limited (429 with Retry-After)
 */
export async function addFavorite(
  deps: FavoriteDeps,
  actor: Actor,
  listingId: string,
): Promise<FavoriteAdded> {
  const listing = isUuid(listingId) ? await findListingSeller(deps.db, listingId) : undefined;
  if (!listing) throw new AppError('listing_not_found');
  if (!canFavoriteListing(actor, listing)) throw new AppError('cannot_favorite_own');
  let result: { createdAt: Date; favoritesCount: number; sellerId: string };
  try {
    result = await deps.events.transaction(deps.db, async (tx, emit) => {
      await countRequest(tx, FAVORITE_ADD_LIMIT, actor.id);
      const [saved] = await tx
        .insert(favorites)
        .values({ userId: actor.id, listingId })
        .onConflictDoNothing()
        .returning({ createdAt: favorites.createdAt });
      if (!saved) throw new AppError('favorite_exists');
      const counted = await adjustFavoritesCount(tx, listingId, 1);
      if (!counted) throw new AppError('listing_not_found');
      emit('favorite.added', {
        userId: actor.id,
        listingId,
        sellerId: counted.sellerId,
        favoritesCount: counted.favoritesCount,
      });
      return { createdAt: saved.createdAt, ...counted };
    });
  } catch (error) {
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw new AppError('favorite_exists');
    throw error;
  }
  return {
    listing_id: listingId,
    isFavorite: true,
    favorites_count: result.favoritesCount,
    created_at: result.createdAt.toISOString(),
  };
}

/**
 * `DELETE /api/favorites/{listingId}` (SPEC.md §7): forgets a saved ad and lowers its
 * `favorites_count` in the same transaction, then announces `favorite.removed`.
 * @throws AppError favorite_not_found (404) when it was not saved (or the ad does not exist)
 */
export async function removeFavorite(deps: FavoriteDeps, userId: string, listingId: string): Promise<void> {
  if (!isUuid(listingId)) throw new AppError('favorite_not_found');
  const counted = await deps.db.transaction(async (tx) => {
    const removed = await tx
      .delete(favorites)
      .where(and(eq(favorites.userId, userId), eq(favorites.listingId, listingId)))
      .returning({ listingId: favorites.listingId });
    if (removed.length === 0) throw new AppError('favorite_not_found');
    return adjustFavoritesCount(tx, listingId, -1);
  });
  if (counted) {
    await deps.events.publish('favorite.removed', {
      userId,
      listingId,
      sellerId: counted.sellerId,
      favoritesCount: counted.favoritesCount,
    });
  }
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
 * Removes a member's favourites and lowers the saved ads' counts (through the listings door),
 * inside the account-deletion transaction `tx`. The users module announces `user.deleted`
 * after its commit.
 */
export async function removeFavoritesOf(tx: Database, userId: string): Promise<void> {
  const removed = await tx
    .delete(favorites)
    .where(eq(favorites.userId, userId))
    .returning({ listingId: favorites.listingId });
  await releaseFavorites(
    tx,
    removed.map((row) => row.listingId),
  );
}
