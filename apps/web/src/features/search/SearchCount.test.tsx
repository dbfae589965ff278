import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { testCategories, testListingPage, testListings } from '../../test/listingFixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { stubRoutes } from '../../test/stubRoutes.ts';

vi.setConfig({ testTimeout: 20_000 });

/** A server whose search answers 20 ads of `total`, `capped` as `total_capped`. */
function searchServer(total: number, capped: boolean) {
  stubRoutes((_method, url) => {
    if (url.pathname === '/api/categories/all') return { body: { categories: testCategories() } };
    if (url.pathname === '/api/listings') {
      return { body: { ...testListingPage(testListings(20), total, 'next'), total_capped: capped } };
    }
    return undefined;
  });
}

describe('the count of a search (contract LISTINGS_COUNT_SHOWN)', () => {
  it("says 'über 1.000 Anzeigen' when the server counted no further", async () => {
    searchServer(1000, true);
    renderApp('/search?q=Fahrrad');
    expect(await screen.findByText('über 1.000 Anzeigen', {}, { timeout: 15_000 })).toBeTruthy();
  });

  it('says the exact count below it, also when it is exactly 1,000', async () => {
    searchServer(1000, false);
    renderApp('/search?q=Fahrrad');
    expect(await screen.findByText('1.000 Anzeigen', {}, { timeout: 15_000 })).toBeTruthy();
  });
});
