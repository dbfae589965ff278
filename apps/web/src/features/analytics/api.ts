import {
  type Analytics,
  analyticsSchema,
  type ListingAnalytics,
  listingAnalyticsSchema,
} from '@marketplace/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch, errorMessageFor } from '../../lib/api.ts';
import { getSessionToken } from '../../lib/session.ts';

/** The ranges /analytics offers, in days. */
export type AnalyticsRange = 7 | 30 | 90;

const analyticsKey = ['analytics'] as const;

/**
 * `GET /api/analytics?days=`: the figures of all the member's ads over the range (per day,
 * sources, top ads, the ads to pick one from).
 */
export function useAnalytics(days: AnalyticsRange) {
  return useQuery({
    queryKey: [...analyticsKey, 'all', days],
    queryFn: async ({ signal }): Promise<Analytics> =>
      analyticsSchema.parse(await apiFetch(`/api/analytics?days=${days}`, { signal })),
  });
}

/**
 * `GET /api/analytics/listings/{id}?days=`: one own ad's figures; disabled without `id`.
 * @throws ApiError 404 for an ad that is not the member's
 */
export function useListingAnalytics(id: string | null, days: AnalyticsRange) {
  return useQuery({
    queryKey: [...analyticsKey, 'listing', id, days],
    enabled: id !== null,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
    queryFn: async ({ signal }): Promise<ListingAnalytics> =>
      listingAnalyticsSchema.parse(
        await apiFetch(`/api/analytics/listings/${encodeURIComponent(id ?? '')}?days=${days}`, { signal }),
      ),
  });
}

/**
 * Downloads the figures as CSV (`GET /api/analytics/csv`, all ads or the ad `listing`) with the
 * session token and saves it under the server's file name.
 * @throws ApiError on a non-OK answer
 */
export async function downloadAnalyticsCsv(days: AnalyticsRange, listing: string | null): Promise<void> {
  const params = new URLSearchParams({ days: String(days) });
  if (listing) params.set('listing', listing);
  const token = getSessionToken();
  const response = await fetch(`/api/analytics/csv?${params.toString()}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    throw new ApiError(response.status, errorMessageFor(response.status, await response.text()));
  }
  const blob = await response.blob();
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'analytics.csv';
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
