import type { Place } from '@marketplace/contract';
import { testCategories, testListingPage, testListings } from './listingFixtures.ts';
import { stubRoutes } from './stubRoutes.ts';

const munich: Place = { postal_code: '80331', place: 'München', state: 'Bayern' };
const cologne: Place = { postal_code: '50667', place: 'Köln', state: 'Nordrhein-Westfalen' };
const frankfurtMain: Place = { postal_code: '60306', place: 'Frankfurt am Main', state: 'Hessen' };
const frankfurtOder: Place = { postal_code: '15230', place: 'Frankfurt (Oder)', state: 'Brandenburg' };

/**
 * What `GET /api/places` answers (see the server's `test/places.test.ts`) for the texts the
 * feed tests type; any other text finds nothing.
 */
const PLACE_ANSWERS: Record<string, Place[]> = {
  '80331': [munich],
  '80331 München': [munich],
  Koln: [cologne],
  '50667 Köln': [cologne],
  Frankfurt: [frankfurtMain, frankfurtOder, { ...frankfurtMain, postal_code: '60308' }],
  '60306 Frankfurt am Main': [frankfurtMain],
  '15230 Frankfurt (Oder)': [frankfurtOder],
};

/**
 * A server with 47 ads: pages of 20 by cursor; the answer to `cursor` waits for `gate` when given.
 * It knows the places of {@link PLACE_ANSWERS}.
 */
export function feedServer(options: { total?: number; gate?: Promise<void> } = {}) {
  const total = options.total ?? 47;
  const all = testListings(total);
  return stubRoutes(async (_method, url) => {
    if (url.pathname === '/api/categories/all') return { body: { categories: testCategories() } };
    if (url.pathname === '/api/places') {
      return { body: { places: PLACE_ANSWERS[url.searchParams.get('q') ?? ''] ?? [] } };
    }
    if (url.pathname === '/api/listings') {
      const start = Number(url.searchParams.get('cursor') ?? '0');
      if (start > 0 && options.gate) await options.gate;
      const limit = Number(url.searchParams.get('limit'));
      const page = all.slice(start, start + limit);
      const next = start + limit < total ? String(start + limit) : null;
      return { body: testListingPage(page, total, next) };
    }
    return undefined;
  });
}
