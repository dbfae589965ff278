import { FEED_PAGE_SIZE, type ListingList, type Place, type PlaceList } from '@marketplace/contract';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api.ts';
import { type ListingFilters, listingsApiParams } from './filters.ts';

// The feed's calls live apart from the other ad calls, so the home page loads only these. Their
// answers are taken as typed: the server serializes them with the contract's schemas, and the
// first script loads no schema library (docs/decisions/0017-checks-off-the-first-load.md).

/** Every listing query starts with this key; changes to ads invalidate it. */
export const listingsQueryKey = ['listings'] as const;
export const listingQueryKey = (id: string) => ['listings', 'detail', id] as const;

/**
 * `GET /api/listings?<params>` (SPEC.md §7): one page of ads with `total` and `next_cursor`.
 * Adds the timestamp `t` SPEC.md §7 names and asks the browser not to cache.
 * @throws ApiError on a non-OK answer
 */
export async function fetchListings(params: URLSearchParams, signal?: AbortSignal): Promise<ListingList> {
  const query = new URLSearchParams(params);
  query.set('t', String(Date.now()));
  return apiFetch<ListingList>(`/api/listings?${query.toString()}`, { signal });
}

/**
 * The query of a paged ad list, 20 per page through the API's cursor: what `useListingFeed`
 * runs, and what the app prefetches before its first render (`preloadPageData`).
 * `category` is a category or subcategory slug.
 */
export function listingFeedQuery(filters: ListingFilters, category?: string) {
  const params = listingsApiParams(filters, category);
  params.set('limit', String(FEED_PAGE_SIZE));
  const key = params.toString();
  return infiniteQueryOptions({
    queryKey: [...listingsQueryKey, 'feed', key],
    queryFn: ({ pageParam, signal }) => {
      const page = new URLSearchParams(key);
      if (pageParam) page.set('cursor', pageParam);
      return fetchListings(page, signal);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last: ListingList) => last.next_cursor,
  });
}

/**
 * The ads of a list, 20 per page (SPEC.md §4 "Home feed": first 20 shown, each load adds 20),
 * paged with the API's cursor. `category` is a category or subcategory slug.
 */
export function useListingFeed(
  filters: ListingFilters,
  options: { category?: string; enabled?: boolean } = {},
) {
  return useInfiniteQuery({
    ...listingFeedQuery(filters, options.category),
    enabled: options.enabled ?? true,
  });
}

/**
 * `GET /api/places?q=`: up to 10 postal codes and places starting with `query` (GeoNames).
 * An empty query gives none without asking.
 */
export async function fetchPlaces(query: string, signal?: AbortSignal): Promise<Place[]> {
  const term = query.trim();
  if (term === '') return [];
  const body = await apiFetch<PlaceList>(`/api/places?${new URLSearchParams({ q: term }).toString()}`, {
    signal,
  });
  return body.places;
}

/** The query of the places for a text, cached for an hour (shared by completion and checks). */
export function placesQuery(query: string) {
  const term = query.trim();
  return queryOptions({
    queryKey: ['places', term],
    queryFn: ({ signal }) => fetchPlaces(term, signal),
    staleTime: 60 * 60_000,
  });
}

/** The places for a place field's typed text (two characters or more), cached for an hour. */
export function usePlaces(query: string) {
  const term = query.trim();
  return useQuery({
    ...placesQuery(term),
    enabled: term.length >= 2,
    placeholderData: (previous) => previous,
  });
}
