import type {
  Listing,
  ListingCreate,
  ListingReportBody,
  ListingReportResult,
  ListingStatus,
  ListingUpdate,
  MyListingList,
  ReportReason,
  SimilarListings,
} from '@marketplace/contract';
import { type QueryClient, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch, errorMessageFor } from '../../lib/api.ts';
import { SIMILAR_LISTINGS_LIMIT } from '../../lib/constants.ts';
import { isRecord } from '../../lib/guards.ts';
import { getSessionToken } from '../../lib/session.ts';
import { takeViewSource } from '../../lib/viewSource.ts';
import { listingQueryKey, listingsQueryKey } from '../feed/index.ts';
import { listingFormTexts } from './texts.ts';

/** Query key of the member's own ads. */
export const myListingsQueryKey = ['listings', 'mine'] as const;

/**
 * `GET /api/listings/{id}`: one ad. Like every answer of our own server in this module, it is
 * taken as typed: the ad page's chunk loads before the page rendered on the server hydrates,
 * and checks without zod (docs/decisions/0017-checks-off-the-first-load.md). The view it counts
 * carries where the ad was opened from (`takeViewSource`, seller analytics).
 * @throws ApiError 404 for an unknown ad
 */
export async function fetchListing(id: string, signal?: AbortSignal): Promise<Listing> {
  const source = takeViewSource(id);
  return apiFetch<Listing>(`/api/listings/${encodeURIComponent(id)}${source ? `?src=${source}` : ''}`, {
    signal,
  });
}

/** Whether `error` is the server's answer about the ad (4xx), not a failure to get one. */
const isAnswered = (error: unknown) => error instanceof ApiError && error.status < 500;

/**
 * The ad `id` (SPEC.md §2 /listing/{id}). An answer 'not there' (404) or 'no longer there' (410)
 * that is already known, such as the one a rendered ad page carries, is shown as it is instead of
 * being asked for again first: the page reads 'Anzeige nicht gefunden' on the server and while
 * hydrated, not 'Seite wird geladen...' (docs/decisions/0030-one-layout-rendered-on-the-server.md).
 */
export function useListing(id: string) {
  return useQuery(listingQuery(id));
}

/** The query of the ad `id`, for {@link useListing} and {@link useListingViews}. */
function listingQuery(id: string) {
  return queryOptions({
    queryKey: listingQueryKey(id),
    queryFn: ({ signal }) => fetchListing(id, signal),
    retry: (count, error) => !isAnswered(error) && count < 1,
    retryOnMount: (query) => !isAnswered(query.state.error),
  });
}

/**
 * The ad's `views` alone (SPEC.md §3), from the same query as {@link useListing}: the answer the
 * ad page asks for again to count its visit usually differs from the page's only in this number,
 * so only the part that shows it draws again.
 */
export function useListingViews(id: string): number | undefined {
  return useQuery({ ...listingQuery(id), select: (listing) => listing.views }).data;
}

/** `GET /api/listings/{id}/similar`: ads like this one, at most {@link SIMILAR_LISTINGS_LIMIT}. */
export function useSimilarListings(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...listingQueryKey(id), 'similar'],
    queryFn: async ({ signal }) => {
      const body = await apiFetch<SimilarListings>(
        `/api/listings/${encodeURIComponent(id)}/similar?limit=${SIMILAR_LISTINGS_LIMIT}`,
        { signal },
      );
      return body.listings;
    },
    enabled,
  });
}

/**
 * `GET /api/me/listings`: the logged-in member's ads (all, or of one `status`), newest first,
 * 100 per page, with the number of ads in each status.
 */
export function useMyListings(status?: ListingStatus) {
  return useInfiniteQuery({
    queryKey: [...myListingsQueryKey, status ?? 'all'],
    queryFn: async ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      if (status) params.set('status', status);
      if (pageParam) params.set('cursor', pageParam);
      return apiFetch<MyListingList>(`/api/me/listings?${params.toString()}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

/**
 * `POST /api/listings` (ARCHITECTURE.md): publishes an ad.
 * @throws ApiError 422 with a German `detail` for bad input, 403 `email_not_verified`
 */
export async function createListing(body: ListingCreate): Promise<Listing> {
  return apiFetch<Listing>('/api/listings', { method: 'POST', body });
}

/**
 * `PATCH /api/listings/{id}`: changes fields or the status of one's own ad.
 * @throws ApiError 403 for another member's ad, 404, 422
 */
export async function updateListing(id: string, body: ListingUpdate): Promise<Listing> {
  return apiFetch<Listing>(`/api/listings/${encodeURIComponent(id)}`, { method: 'PATCH', body });
}

/** `DELETE /api/listings/{id}`. @throws ApiError 403 for another member's ad, 404 */
export async function deleteListing(id: string): Promise<void> {
  await apiFetch(`/api/listings/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** `POST /api/listings/{id}/extend`: runs the ad another 60 days from now. */
export async function extendListing(id: string): Promise<Listing> {
  return apiFetch<Listing>(`/api/listings/${encodeURIComponent(id)}/extend`, { method: 'POST' });
}

/**
 * `POST /api/listings/{id}/report` with the reason and an optional comment.
 * @returns the server's German confirmation
 * @throws ApiError 401, 404, 422 (e.g. reporting one's own ad)
 */
export async function reportListing(id: string, reason: ReportReason, comment: string): Promise<string> {
  const body: ListingReportBody = { reason };
  if (comment.trim() !== '') body.comment = comment.trim();
  const answer = await apiFetch<ListingReportResult>(`/api/listings/${encodeURIComponent(id)}/report`, {
    method: 'POST',
    body,
  });
  return answer.detail;
}

/** After an ad changed: every list and the ad itself are stale. */
export function invalidateListings(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: listingsQueryKey });
}

/**
 * `POST /api/upload` (SPEC.md §7) with the file in the multipart field `file`, through
 * XMLHttpRequest so that `onProgress` receives the sent share (0..1).
 * @returns the stored image's URL (an answer without one counts as a failed upload)
 * @throws ApiError with the server's detail or 'Upload failed' (SPEC.md §8); a DOMException
 *   'AbortError' when `signal` aborts
 */
export function uploadPhoto(
  file: File,
  onProgress: (share: number) => void,
  signal?: AbortSignal,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/upload');
    request.setRequestHeader('Accept', 'application/json');
    const token = getSessionToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    const failed = () => reject(new ApiError(0, listingFormTexts.uploadFailed));
    request.onerror = failed;
    request.ontimeout = failed;
    request.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    request.onload = () => {
      const text = request.responseText;
      if (request.status < 200 || request.status >= 300) {
        const message =
          text.trim() === '' ? listingFormTexts.uploadFailed : errorMessageFor(request.status, text);
        reject(new ApiError(request.status, message));
        return;
      }
      try {
        onProgress(1);
        const answer: unknown = JSON.parse(text);
        if (isRecord(answer) && typeof answer.url === 'string') resolve(answer.url);
        else failed();
      } catch {
        failed();
      }
    };
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}
