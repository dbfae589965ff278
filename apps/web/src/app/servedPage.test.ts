import { afterEach, describe, expect, it } from 'vitest';
import { categoriesQuery } from '../features/categories/index.ts';
import { listingFeedQuery, listingQueryKey } from '../features/feed/index.ts';
import { createQueryClient } from '../lib/queryClient.ts';
import { testCategories, testListing, testListingPage, testListings } from '../test/listingFixtures.ts';
import { SERVED_PAGE_DATA_ID, seedServedPage } from './servedPage.ts';

/** Puts a drawn page's `#page-data` element into the document, as the server does. */
function serve(data: unknown) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = SERVED_PAGE_DATA_ID;
  element.textContent = JSON.stringify(data);
  document.body.append(element);
}

afterEach(() => document.getElementById(SERVED_PAGE_DATA_ID)?.remove());

const categories = { categories: testCategories() };

describe('a drawn page hands its answers to the app (docs/decisions/0012)', () => {
  it('a category page: its first ads under the key the page asks with, and the categories', () => {
    const list = testListingPage(testListings(20), 31, '20');
    serve({ list, category: 'fahrraeder-zubehoer', categories });
    const client = createQueryClient();
    expect(seedServedPage(client, '/category/auto-rad-boot/fahrraeder-zubehoer')).toBe(true);
    const key = listingFeedQuery({ attributes: {} }, 'fahrraeder-zubehoer').queryKey;
    expect(client.getQueryData(key)).toEqual({ pages: [list], pageParams: [null] });
    expect(client.getQueryState(key)?.isInvalidated).toBe(false);
    expect(client.getQueryData(categoriesQuery.queryKey)).toEqual(categories.categories);
  });

  it('a search: the results under the term of the address', () => {
    const list = testListingPage(testListings(3), 3, null);
    serve({ list, q: 'Fahrrad', categories });
    const client = createQueryClient();
    seedServedPage(client, '/search');
    expect(client.getQueryData(listingFeedQuery({ q: 'Fahrrad', attributes: {} }).queryKey)).toEqual({
      pages: [list],
      pageParams: [null],
    });
  });

  it('an ad as already stale, so its own request (which counts the visit) still follows', () => {
    const listing = testListing();
    serve({ listing, categories });
    const client = createQueryClient();
    seedServedPage(client, `/listing/${listing.id}`);
    expect(client.getQueryData(listingQueryKey(listing.id))).toEqual(listing);
    expect(client.getQueryState(listingQueryKey(listing.id))?.dataUpdatedAt).toBe(0);
  });

  it('takes no list of another address and nothing that does not match the contract', () => {
    serve({ list: testListingPage(testListings(2), 2, null), category: 'mode', categories });
    const client = createQueryClient();
    seedServedPage(client, '/category/elektronik');
    expect(client.getQueryData(listingFeedQuery({ attributes: {} }, 'mode').queryKey)).toBeUndefined();
    expect(client.getQueryData(listingFeedQuery({ attributes: {} }, 'elektronik').queryKey)).toBeUndefined();

    document.getElementById(SERVED_PAGE_DATA_ID)?.remove();
    serve({ list: { listings: 'kaputt' }, q: 'x', categories });
    const other = createQueryClient();
    expect(seedServedPage(other, '/search')).toBe(false);
    expect(other.getQueryCache().getAll()).toEqual([]);
  });
});
