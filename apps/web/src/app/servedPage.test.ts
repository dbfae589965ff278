import { afterEach, describe, expect, it } from 'vitest';
import { categoriesQuery } from '../features/categories/index.ts';
import { listingFeedQuery, listingQueryKey } from '../features/feed/index.ts';
import { ApiError } from '../lib/api.ts';
import { createQueryClient } from '../lib/queryClient.ts';
import { testCategories, testListing, testListingPage, testListings } from '../test/listingFixtures.ts';
import { readFirstData, SERVED_PAGE_DATA_ID, seedServedPage } from './servedPage.ts';

/** Puts a rendered page's `#page-data` element into the document, as the server does. */
function serve(data: unknown) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = SERVED_PAGE_DATA_ID;
  element.textContent = JSON.stringify(data);
  document.body.append(element);
}

/** What the page carries, read as the app reads it before hydrating. */
function served(): string {
  const [first] = readFirstData();
  if (first?.kind !== 'page') throw new Error('no page data');
  return first.json;
}

afterEach(() => document.getElementById(SERVED_PAGE_DATA_ID)?.remove());

const categories = { categories: testCategories() };

describe('a rendered page hands its answers to the app (docs/decisions/0030)', () => {
  it('a category page: its first ads under the key the page asks with, and the categories', () => {
    const list = testListingPage(testListings(20), 31, '20');
    serve({ list, category: 'fahrraeder-zubehoer', categories });
    const client = createQueryClient();
    expect(seedServedPage(client, '/category/auto-rad-boot/fahrraeder-zubehoer', served())).toBe(true);
    const key = listingFeedQuery({ attributes: {} }, 'fahrraeder-zubehoer').queryKey;
    expect(client.getQueryData(key)).toEqual({ pages: [list], pageParams: [null] });
    expect(client.getQueryState(key)?.isInvalidated).toBe(false);
    expect(client.getQueryData(categoriesQuery.queryKey)).toEqual(categories.categories);
  });

  it('a search: the results under the term of the address', () => {
    const list = testListingPage(testListings(3), 3, null);
    serve({ list, q: 'Fahrrad', categories });
    const client = createQueryClient();
    seedServedPage(client, '/search', served());
    expect(client.getQueryData(listingFeedQuery({ q: 'Fahrrad', attributes: {} }).queryKey)).toEqual({
      pages: [list],
      pageParams: [null],
    });
  });

  it('an ad as already stale, so its own request (which counts the visit) still follows', () => {
    const listing = testListing();
    serve({ listing, categories });
    const client = createQueryClient();
    seedServedPage(client, `/listing/${listing.id}`, served());
    expect(client.getQueryData(listingQueryKey(listing.id))).toEqual(listing);
    expect(client.getQueryState(listingQueryKey(listing.id))?.dataUpdatedAt).toBe(0);
  });

  it('takes no list of another address and nothing that does not match the contract', () => {
    serve({ list: testListingPage(testListings(2), 2, null), category: 'mode', categories });
    const client = createQueryClient();
    seedServedPage(client, '/category/elektronik', served());
    expect(client.getQueryData(listingFeedQuery({ attributes: {} }, 'mode').queryKey)).toBeUndefined();
    expect(client.getQueryData(listingFeedQuery({ attributes: {} }, 'elektronik').queryKey)).toBeUndefined();

    document.getElementById(SERVED_PAGE_DATA_ID)?.remove();
    serve({ list: { listings: 'kaputt' }, q: 'x', categories });
    const other = createQueryClient();
    expect(seedServedPage(other, '/search', served())).toBe(false);
    expect(other.getQueryCache().getAll()).toEqual([]);
  });

  it('an ad that is not there, or no longer: the answer its own request would get, for the page', () => {
    serve({ unavailable: { id: 'weg', status: 410 } });
    const client = createQueryClient();
    expect(seedServedPage(client, '/listing/weg', served())).toBe(true);
    const state = client.getQueryState(listingQueryKey('weg'));
    expect(state?.status).toBe('error');
    expect(state?.error).toBeInstanceOf(ApiError);
    expect(state?.error).toMatchObject({ status: 410 });
    expect(client.getQueryState(listingQueryKey('andere'))).toBeUndefined();
  });

  it('an unknown category: the categories only', () => {
    serve({ categories });
    const client = createQueryClient();
    expect(seedServedPage(client, '/category/gibt-es-nicht', served())).toBe(true);
    expect(client.getQueryData(categoriesQuery.queryKey)).toEqual(categories.categories);
    expect(client.getQueryCache().getAll()).toHaveLength(1);
  });
});
