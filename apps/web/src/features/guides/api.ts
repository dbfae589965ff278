import type { Guide, GuideList } from '@marketplace/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../lib/api.ts';

/** Query keys of the guide pages. */
export const guideKeys = {
  list: ['guides'] as const,
  guide: (slug: string) => ['guides', slug] as const,
};

/**
 * Whether `error` says there is no such guide (404, or 422 for an address that cannot be one):
 * not asked for again, the page shows its notice.
 */
const notFound = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 422);

/**
 * `GET /api/guides`: every guide's title, teaser, last update and reading time, in order. Like
 * every answer of our own server on the public pages, it is taken as typed
 * (docs/decisions/0017-checks-off-the-first-load.md).
 */
export const guideListQuery = queryOptions({
  queryKey: guideKeys.list,
  queryFn: ({ signal }) => apiFetch<GuideList>('/api/guides', { signal }),
  // The guides change only with a new release of the site.
  staleTime: 5 * 60_000,
});

/** The list of guides ({@link guideListQuery}). */
export function useGuideList() {
  return useQuery(guideListQuery);
}

/**
 * `GET /api/guides/{slug}`: one guide with its sanitized HTML, table of contents and neighbours.
 * An unknown guide (404, 422) is not asked for again, also not when the page mounts: a page rendered
 * on the server hands over that answer and shows the notice instead of the loading state.
 */
export function guideQuery(slug: string) {
  return queryOptions({
    queryKey: guideKeys.guide(slug),
    queryFn: ({ signal }) => apiFetch<Guide>(`/api/guides/${encodeURIComponent(slug)}`, { signal }),
    staleTime: 5 * 60_000,
    retry: (failures, error) => failures < 1 && !notFound(error),
    retryOnMount: (query) => !notFound(query.state.error),
  });
}

/** One guide ({@link guideQuery}). */
export function useGuide(slug: string) {
  return useQuery(guideQuery(slug));
}

/**
 * The guide pages' first answers as they ask for them from their address (for the server that
 * renders them, docs/decisions/0030-one-layout-rendered-on-the-server.md).
 */
export const guideQueries = {
  list: guideListQuery,
  guide: guideQuery,
};
