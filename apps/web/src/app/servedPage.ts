import type { CategoriesResponse, Listing, ListingList } from '@marketplace/contract';
import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { categoriesQuery } from '../features/categories/index.ts';
import { listingFeedQuery, listingQueryKey } from '../features/feed/index.ts';
import { hasArray, isRecord } from '../lib/guards.ts';

/** Id of the element with the answers an ad, category or search page was drawn from. */
export const SERVED_PAGE_DATA_ID = 'page-data';

/**
 * What the server puts into a drawn page (`<script type="application/json" id="page-data">`,
 * `apps/server/src/modules/listings/page-preview.ts`): the ad, or the first page of a
 * category's ads or of a search, and the categories.
 */
type ServedPageData =
  | { listing: Listing; categories: CategoriesResponse }
  | { list: ListingList; category: string; categories: CategoriesResponse }
  | { list: ListingList; q: string; categories: CategoriesResponse };

/**
 * Whether `value` has the outline of {@link ServedPageData}: an ad with an id, or a list with a
 * category or a search term, and the categories. The server wrote it with the contract's
 * schemas, so the items are taken as typed (docs/decisions/0017-checks-off-the-first-load.md).
 */
function isServedPageData(value: unknown): value is ServedPageData {
  if (!isRecord(value) || !hasArray(value.categories, 'categories')) return false;
  if ('listing' in value) return isRecord(value.listing) && typeof value.listing.id === 'string';
  return (
    hasArray(value.list, 'listings') && (typeof value.category === 'string' || typeof value.q === 'string')
  );
}

/**
 * Puts the answers the server drew the page at `pathname` from (docs/decisions/0012) into
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
export function seedServedPage(
  queryClient: QueryClient,
  pathname: string,
  doc: Document = document,
): boolean {
  const text = doc.getElementById(SERVED_PAGE_DATA_ID)?.textContent;
  if (!text) return false;
  let data: ServedPageData;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!isServedPageData(parsed)) return false;
    data = parsed;
  } catch {
    return false;
  }
  queryClient.setQueryData(categoriesQuery.queryKey, data.categories.categories);
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
