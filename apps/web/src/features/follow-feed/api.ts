import { type ListingList, listingListSchema } from '@marketplace/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api.ts';

/** Query key of the follow feed; the follow lists' changes make it stale. */
export const followFeedQueryKey = ['follow-feed'] as const;

/** `GET /api/me/feed`: one page of the followed members' ads, newest first. @throws ApiError */
export async function fetchFollowFeed(cursor: string | null, signal?: AbortSignal): Promise<ListingList> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return listingListSchema.parse(await apiFetch(`/api/me/feed${query}`, { signal }));
}

/** The follow feed, 20 ads a page, the next page on demand. */
export function useFollowFeed() {
  return useInfiniteQuery({
    queryKey: followFeedQueryKey,
    // Follows change elsewhere (a profile's 'Folgen'): each visit asks again.
    staleTime: 0,
    queryFn: ({ pageParam, signal }) => fetchFollowFeed(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}
