import { NEWS_PAGE_SIZE } from '@marketplace/contract';
import type { QueryClient } from '@tanstack/react-query';
import { careerQueries } from '../features/career/index.ts';
import { eventQueries, listSearch } from '../features/events/index.ts';
import { filtersFromSearchParams, type ListingFilters, listingFeedQuery } from '../features/feed/index.ts';
import { forumQueries } from '../features/forum/index.ts';
import { guideQueries } from '../features/guides/index.ts';
import { newsListSearch, newsQueries } from '../features/news/index.ts';
import { shopQueries } from '../features/shops/index.ts';
import { publicProfileQuery } from '../features/users/index.ts';

/** A public page whose answers the server asks the API for before rendering it. */
interface ServerPrefetch {
  /** A pattern of `SERVER_RENDERED_PATHS`. */
  path: string;
  /**
   * Fills `queryClient` with what the page's components ask for first, under the same keys
   * (failures are kept in the cache, as the page's own request would leave them); false when
   * there was nothing to ask for.
   */
  prefetch(
    params: Record<string, string | undefined>,
    search: URLSearchParams,
    queryClient: QueryClient,
  ): Promise<unknown>;
  /**
   * Whether reading the page's answer counts a view (SPEC.md §3): the browser then asks again
   * after hydrating, so the visit is counted for the visitor and not for the server.
   */
  countsViews?: boolean;
}

/**
 * The public pages rendered on the server from answers the app asks the API for
 * (docs/decisions/0030-one-layout-rendered-on-the-server.md): the forum's overview, lists and
 * threads, the guide pages and the members' public profiles, asked as a visitor. The home, ad, category and search
 * pages get their answers from the server itself (`seedFirstData`). Only the server's build
 * imports this table.
 */
const SERVER_PREFETCH: readonly ServerPrefetch[] = [
  { path: '/forum', prefetch: (_params, _search, client) => client.prefetchQuery(forumQueries.overview) },
  {
    path: '/forum/:categorySlug',
    prefetch: ({ categorySlug = '' }, search, client) =>
      client.prefetchQuery(forumQueries.threads(categorySlug, search)),
  },
  {
    path: '/forum/:mainCategory/:subCategory',
    prefetch: ({ mainCategory, subCategory }, search, client) =>
      client.prefetchQuery(forumQueries.threads(`${mainCategory}/${subCategory}`, search)),
  },
  {
    path: '/forum/thread/:threadId',
    prefetch: ({ threadId = '' }, search, client) =>
      Promise.all([
        client.prefetchQuery(forumQueries.thread(threadId, search)),
        client.prefetchQuery(forumQueries.overview),
      ]),
    countsViews: true,
  },
  // The guide: the list, and one guide (its head comes from the server's guides door).
  { path: '/ratgeber', prefetch: (_params, _search, client) => client.prefetchQuery(guideQueries.list) },
  {
    path: '/ratgeber/:slug',
    prefetch: ({ slug = '' }, _search, client) => client.prefetchQuery(guideQueries.guide(slug)),
  },
  // The events: the list as its filters ask for it, and one event (its head comes from the
  // server's local-events door).
  {
    path: '/events',
    prefetch: (_params, search, client) => client.prefetchQuery(eventQueries.list(listSearch(search))),
  },
  {
    path: '/events/:id',
    prefetch: ({ id = '' }, _search, client) => client.prefetchQuery(eventQueries.event(id)),
  },
  // The career page: the open positions, and one position (heads from the server's career door).
  { path: '/karriere', prefetch: (_params, _search, client) => client.prefetchQuery(careerQueries.list) },
  {
    path: '/karriere/:slug',
    prefetch: ({ slug = '' }, _search, client) => client.prefetchQuery(careerQueries.position(slug)),
  },
  // A shop's or provider's page: the profile (its head, with `LocalBusiness`, comes from the
  // server's shops door).
  {
    path: '/shop/:id',
    prefetch: ({ id = '' }, _search, client) => client.prefetchQuery(shopQueries.profile(id)),
  },
  {
    path: '/provider/:id',
    prefetch: ({ id = '' }, _search, client) => client.prefetchQuery(shopQueries.profile(id)),
  },
  // Local news: the list of the address's place, radius, category and page, and one article
  // (their heads come from the server's news door).
  {
    path: '/lokale-news',
    prefetch: (_params, search, client) =>
      client.prefetchQuery(newsQueries.list(newsListSearch(search, NEWS_PAGE_SIZE))),
  },
  {
    path: '/lokale-news/:id',
    prefetch: ({ id = '' }, _search, client) => client.prefetchQuery(newsQueries.article(id)),
  },
  // A category or search address with filters (price, place, sort, attributes, …): its list as
  // the page asks for it. Without filters the server's own answers (`seedFirstData`) hold it.
  {
    path: '/category/:slug',
    prefetch: ({ slug = '' }, search, client) =>
      listUnlessSeeded(client, filtersFromSearchParams(search), slug),
  },
  {
    path: '/category/:slug/:sub',
    prefetch: ({ sub = '' }, search, client) =>
      listUnlessSeeded(client, filtersFromSearchParams(search), sub),
  },
  {
    path: '/search',
    prefetch: (_params, search, client) => listUnlessSeeded(client, filtersFromSearchParams(search)),
  },
  {
    path: '/user/:id',
    // The profile and the member's active ads, as the page's list asks for them.
    prefetch: ({ id = '' }, _search, client) =>
      Promise.all([
        client.prefetchQuery(publicProfileQuery(id, null)),
        client.prefetchInfiniteQuery(listingFeedQuery({ seller_id: id, attributes: {} })),
      ]),
  },
];

/**
 * The first page of the list `filters` select in `category`, asked for unless `queryClient`
 * holds it already (the server's own answers of an address without filters).
 * @returns whether it was asked for
 */
async function listUnlessSeeded(
  queryClient: QueryClient,
  filters: ListingFilters,
  category?: string,
): Promise<boolean> {
  const query = listingFeedQuery(filters, category);
  if (queryClient.getQueryData(query.queryKey)) return false;
  await queryClient.prefetchInfiniteQuery(query);
  return true;
}

/** The patterns of {@link SERVER_PREFETCH}, for `SERVER_RENDERED_PATHS`. */
export const PREFETCHED_PATHS: readonly string[] = SERVER_PREFETCH.map(({ path }) => path);

/**
 * Asks for the answers of the page the router matched with `routePath` (its pattern) and
 * `params` into `queryClient` (see {@link SERVER_PREFETCH}); nothing for other pages.
 * @returns whether answers were asked for (`asked`), and whether they count views, and so are
 *   to be asked again in the browser (`countsViews`)
 */
export async function prefetchPage(
  routePath: string,
  params: Record<string, string | undefined>,
  search: URLSearchParams,
  queryClient: QueryClient,
): Promise<{ asked: boolean; countsViews: boolean }> {
  const entry = SERVER_PREFETCH.find(({ path }) => path === routePath);
  if (!entry) return { asked: false, countsViews: false };
  const asked = (await entry.prefetch(params, search, queryClient)) !== false;
  return { asked, countsViews: asked && entry.countsViews === true };
}
