import type {
  SavedSearch,
  SavedSearchCreate,
  SavedSearchList,
  SavedSearchUpdate,
} from '@marketplace/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api.ts';

/** Query key of the logged-in member's saved searches; every change invalidates it. */
export const savedSearchesQueryKey = ['saved-searches'] as const;

/**
 * The filters of an ad list as the search and category pages hold them (the feed's
 * `ListingFilters`, named here by shape so that this feature does not depend on the feed, which
 * shows the favourites page's hearts).
 */
export interface PageFilters {
  q?: string;
  category?: string;
  /** The list's order; not part of a saved search. */
  sort?: string;
  price_min?: number;
  price_max?: number;
  postal_code?: string;
  radius_km?: number;
  offer_type?: string;
  price_type?: string;
  seller_id?: string;
  verified_only?: boolean;
  /** Keyed without the `attr.` prefix: `make`, `mileage_km.min`. */
  attributes: Record<string, string>;
}

/**
 * The filters of an ad list as a saved search keeps them: the parameters of `GET /api/listings`
 * without sort and paging. `category` (a category page's slug) overrides the filters' own.
 */
export function savedSearchFilters(filters: PageFilters, category?: string): Record<string, string> {
  const saved: Record<string, string> = {};
  if (filters.q) saved.q = filters.q;
  const slug = category ?? filters.category;
  if (slug) saved.category = slug;
  if (filters.price_min !== undefined) saved.price_min = String(filters.price_min);
  if (filters.price_max !== undefined) saved.price_max = String(filters.price_max);
  if (filters.postal_code) {
    saved.postal_code = filters.postal_code;
    if (filters.radius_km !== undefined) saved.radius_km = String(filters.radius_km);
  }
  if (filters.offer_type) saved.offer_type = filters.offer_type;
  if (filters.price_type) saved.price_type = filters.price_type;
  if (filters.seller_id) saved.seller_id = filters.seller_id;
  if (filters.verified_only) saved.verified_only = 'true';
  for (const [key, value] of Object.entries(filters.attributes)) {
    if (value !== '') saved[`attr.${key}`] = value;
  }
  return saved;
}

/** `GET /api/saved-searches`: the member's saved searches, newest first. @throws ApiError */
export function fetchSavedSearches(signal?: AbortSignal): Promise<SavedSearchList> {
  return apiFetch<SavedSearchList>('/api/saved-searches', { signal });
}

/** `POST /api/saved-searches`: saves filters (the same filters again answer the saved one). @throws ApiError */
export function createSavedSearch(body: SavedSearchCreate): Promise<SavedSearch> {
  return apiFetch<SavedSearch>('/api/saved-searches', { method: 'POST', body });
}

/** `PATCH /api/saved-searches/{id}`: how new ads are told ('Sofort', 'Täglich', 'Aus'), or a new name. @throws ApiError */
export function updateSavedSearch(id: string, body: SavedSearchUpdate): Promise<SavedSearch> {
  return apiFetch<SavedSearch>(`/api/saved-searches/${encodeURIComponent(id)}`, { method: 'PATCH', body });
}

/** `DELETE /api/saved-searches/{id}`. @throws ApiError */
export async function deleteSavedSearch(id: string): Promise<void> {
  await apiFetch(`/api/saved-searches/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** The member's saved searches while `enabled` (logged in). */
export function useSavedSearches(enabled = true) {
  return useQuery({
    queryKey: savedSearchesQueryKey,
    queryFn: ({ signal }) => fetchSavedSearches(signal),
    enabled,
    retry: false,
  });
}

/** Saving, switching and deleting saved searches; each refetches the list afterwards. */
export function useSavedSearchMutations() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: savedSearchesQueryKey });
  return {
    create: useMutation({ mutationFn: createSavedSearch, onSettled }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: SavedSearchUpdate }) => updateSavedSearch(id, body),
      onSettled,
    }),
    remove: useMutation({ mutationFn: deleteSavedSearch, onSettled }),
  };
}
