import type { CategoriesResponse, FirstData, Listing, ListingList } from '@marketplace/contract';
import { type DehydratedState, hydrate, type QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { categoriesQuery } from '../features/categories/index.ts';
import { listingFeedQuery, listingQueryKey } from '../features/feed/index.ts';
import { readServedHomeData, SERVED_HOME_DATA_ID, SERVED_HOME_FEED_FILTERS } from '../features/home/index.ts';
import { de } from '../i18n/de.ts';
import { ApiError } from '../lib/api.ts';
import { hasArray, isRecord } from '../lib/guards.ts';

/** Id of the element with the answers an ad, category or search page was rendered from. */
export const SERVED_PAGE_DATA_ID = 'page-data';

/**
 * What the server puts into a rendered page (`<script type="application/json" id="page-data">`,
 * `apps/server/src/modules/listings/public-pages.ts`): the ad, or the first page of a
 * category's ads or of a search, and the categories; only the categories for an unknown
 * category; for an ad that is not there (404) or no longer (410), its id and that status.
 */
type ServedPageData =
  | { listing: Listing; categories: CategoriesResponse }
  | { list: ListingList; category: string; categories: CategoriesResponse }
  | { list: ListingList; q: string; categories: CategoriesResponse }
  | { categories: CategoriesResponse }
  | { unavailable: { id: string; status: 404 | 410 } };

/**
 * Whether `value` has the outline of {@link ServedPageData}. The server wrote it with the
 * contract's schemas, so the items are taken as typed
 * (docs/decisions/0017-checks-off-the-first-load.md).
 */
function isServedPageData(value: unknown): value is ServedPageData {
  if (!isRecord(value)) return false;
  if ('unavailable' in value)
    return (
      isRecord(value.unavailable) &&
      typeof value.unavailable.id === 'string' &&
      (value.unavailable.status === 404 || value.unavailable.status === 410)
    );
  if (!hasArray(value.categories, 'categories')) return false;
  if ('listing' in value) return isRecord(value.listing) && typeof value.listing.id === 'string';
  if (!('list' in value)) return true;
  return (
    hasArray(value.list, 'listings') && (typeof value.category === 'string' || typeof value.q === 'string')
  );
}

/**
 * Puts the answer 'not there' (404) or 'no longer there' (410) for the ad `id` into
 * `queryClient`, as its own request would have left it, so the ad page shows that at once.
 */
function seedUnavailable(queryClient: QueryClient, id: string, status: 404 | 410): void {
  const error = new ApiError(status, status === 410 ? de.listing.gone : de.listing.notFound);
  queryClient.getQueryCache().build(
    queryClient,
    { queryKey: listingQueryKey(id) },
    {
      data: undefined,
      dataUpdateCount: 0,
      dataUpdatedAt: 0,
      error,
      errorUpdateCount: 1,
      errorUpdatedAt: 0,
      fetchFailureCount: 1,
      fetchFailureReason: error,
      fetchMeta: null,
      isInvalidated: false,
      status: 'error',
      fetchStatus: 'idle',
    },
  );
}

/**
 * Puts the answers the server rendered the page at `pathname` from (`text`, the JSON of the
 * page's `page-data` element; docs/decisions/0030-one-layout-rendered-on-the-server.md) into
 * `queryClient` under the keys the page asks with, so it shows them without asking again:
 * - the categories (header, filters and breadcrumbs use them);
 * - a category page's first 20 ads without filters (a category page with filters in its
 *   address asks for its own);
 * - a search's first 20 results for the term in the address, in the default order;
 * - an ad as stale: the page shows it at once, and its own request, which counts the visit
 *   (SPEC.md §3 `views`), follows in the background.
 * Nothing happens when the page carries no data or they do not have the outline of these answers;
 * answers of another address are left out.
 * @returns whether data were taken
 */
export function seedServedPage(queryClient: QueryClient, pathname: string, text: string): boolean {
  let data: ServedPageData;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!isServedPageData(parsed)) return false;
    data = parsed;
  } catch {
    return false;
  }
  if ('unavailable' in data) {
    if (matchPath('/listing/:id', pathname)?.params.id === data.unavailable.id)
      seedUnavailable(queryClient, data.unavailable.id, data.unavailable.status);
    return true;
  }
  queryClient.setQueryData(categoriesQuery.queryKey, data.categories.categories);
  if (!('list' in data) && !('listing' in data)) return true;
  if ('listing' in data) {
    const id = matchPath('/listing/:id', pathname)?.params.id;
    if (id !== data.listing.id) return true;
    queryClient.setQueryData(listingQueryKey(id), data.listing, { updatedAt: 0 });
    return true;
  }
  const firstPage = { pages: [data.list], pageParams: [null] };
  if ('category' in data) {
    const sub = matchPath('/category/:slug/:sub', pathname)?.params.sub;
    const slug = sub ?? matchPath('/category/:slug', pathname)?.params.slug;
    // /category/{sub} alone shows the subcategory as well.
    if (slug === data.category)
      queryClient.setQueryData(listingFeedQuery({ attributes: {} }, data.category).queryKey, firstPage);
    return true;
  }
  if (pathname !== '/search') return true;
  queryClient.setQueryData(listingFeedQuery({ q: data.q, attributes: {} }).queryKey, firstPage);
  return true;
}

/** Id of the element with the answers the server's rendering asked the API for (`kind` 'query'). */
export const SERVED_QUERY_DATA_ID = 'query-data';

/**
 * Seeds `queryClient` with a rendered page's answers under the keys its components ask with, the
 * same way on the server before rendering and in the browser before hydrating, so both draw the
 * same markup (docs/decisions/0030-one-layout-rendered-on-the-server.md): home's feed (as the
 * newest ads of all Germany, the feed a device without stored choices shows) and categories,
 * else what `seedServedPage` takes. Data that are not what they should be are left out.
 * @returns whether data were taken
 */
export function seedFirstData(queryClient: QueryClient, pathname: string, data: FirstData): boolean {
  if (data.kind === 'page') return seedServedPage(queryClient, pathname, data.json);
  if (data.kind === 'query') return seedAskedAnswers(queryClient, data.json);
  if (pathname !== '/') return false;
  const served = readServedHomeData(data.json);
  if (!served) return false;
  queryClient.setQueryData(listingFeedQuery(SERVED_HOME_FEED_FILTERS).queryKey, {
    pages: [served.feed],
    pageParams: [null],
  });
  queryClient.setQueryData(categoriesQuery.queryKey, served.categories);
  return true;
}

/**
 * The answers this page was rendered from (the contract's `FirstData`): home's, or the page's
 * own, and the answers its rendering asked the API for (a category or search address with
 * filters has both); none when it carries none.
 */
export function readFirstData(doc: Document = document): FirstData[] {
  const found: FirstData[] = [];
  const home = doc.getElementById(SERVED_HOME_DATA_ID)?.textContent;
  if (home) found.push({ kind: 'home', json: home });
  const page = doc.getElementById(SERVED_PAGE_DATA_ID)?.textContent;
  if (page) found.push({ kind: 'page', json: page });
  const query = doc.getElementById(SERVED_QUERY_DATA_ID)?.textContent;
  if (query) found.push({ kind: 'query', json: query });
  return found;
}

/**
 * Hydrates `queryClient` with the answers the server's rendering asked for (`json`: `{state,
 * countsViews}`), each failure again as the `ApiError` it was, so the page draws what the server
 * drew. When the answers count views, they are marked to be asked again once the page shows
 * them: the visit is counted for this visitor.
 * @returns whether data were taken
 */
function seedAskedAnswers(queryClient: QueryClient, json: string): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return false;
  }
  if (!isRecord(parsed) || !isRecord(parsed.state) || !Array.isArray(parsed.state.queries)) return false;
  // TanStack Query's own dehydrated shape, written by the server's `dehydrate`.
  const state: unknown = parsed.state;
  hydrate(queryClient, state as DehydratedState);
  for (const query of queryClient.getQueryCache().getAll()) {
    const error: unknown = query.state.error;
    if (isRecord(error) && typeof error.status === 'number' && !(error instanceof ApiError)) {
      const detail = typeof error.detail === 'string' ? error.detail : null;
      const code = typeof error.code === 'string' ? error.code : undefined;
      const restored = new ApiError(error.status, detail ?? `HTTP ${error.status}`, {
        detail: detail ?? undefined,
        code,
      });
      query.setState({ error: restored, fetchFailureReason: restored });
    }
    if (parsed.countsViews === true && query.state.status === 'success')
      query.setState({ isInvalidated: true });
  }
  return true;
}
