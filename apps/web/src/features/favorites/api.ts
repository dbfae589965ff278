import type { Favorite, FavoriteList } from '@marketplace/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api.ts';

/** Query key of the logged-in user's favourites list; mutations of favourites invalidate it. */
export const favoritesQueryKey = ['favorites'] as const;

/**
 * `GET /api/favorites` (SPEC.md §7): the favourites of the logged-in user, newest first, each
 * with its listing. The answer is taken as typed: the server serializes it with the contract's
 * schema (docs/decisions/0017-checks-off-the-first-load.md).
 * @throws ApiError on a non-OK answer.
 */
export async function fetchFavorites(signal?: AbortSignal): Promise<Favorite[]> {
  return (await apiFetch<FavoriteList>('/api/favorites', { signal })).favorites;
}

/** `POST /api/favorites/{listingId}` (SPEC.md §7), no body. */
export async function addFavorite(listingId: string): Promise<void> {
  await apiFetch(`/api/favorites/${encodeURIComponent(listingId)}`, { method: 'POST' });
}

/** `DELETE /api/favorites/{listingId}` (SPEC.md §7), no body. */
export async function removeFavorite(listingId: string): Promise<void> {
  await apiFetch(`/api/favorites/${encodeURIComponent(listingId)}`, { method: 'DELETE' });
}

/**
 * Refetches the favourites list and the badge that reads it. For the notification socket, which
 * has the query client but no component.
 */
export function invalidateFavorites(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: favoritesQueryKey });
}

/** The favourites list while logged in (`enabled`); the same query the badge reads. */
export function useFavorites(enabled: boolean) {
  return useQuery({
    queryKey: favoritesQueryKey,
    queryFn: ({ signal }) => fetchFavorites(signal),
    enabled,
    retry: false,
  });
}

/**
 * Number of favourites for the "Favoriten" badge (SPEC.md §2 "Mobile"). Asks the server only when
 * `enabled` (logged in); any failure reads as 0.
 */
export function useFavoriteCount(enabled: boolean): number {
  const query = useFavorites(enabled);
  return enabled && query.data ? query.data.length : 0;
}
