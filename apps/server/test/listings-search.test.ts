import type { CategoriesResponse, ListingList } from '@marketplace/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredMember } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { countRows, createAd, verifiedMember } from './helpers/marketplace.ts';

let t: TestApp;
let seller: RegisteredMember;

const search = async (query: string) => {
  const res = await t.app.inject({ url: `/api/listings?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ListingList;
};
const titles = (list: ListingList) => list.listings.map((l) => l.title);

beforeAll(async () => {
  t = await startTestApp();
  seller = await verifiedMember(t);
  const bike = { category: 'fahrraeder-zubehoer', attributes: { bike_type: 'Citybike' } };
  await createAd(t, seller.access_token, {
    ...bike,
    title: 'Damen Fahrrad 28 Zoll',
    description: 'Leichtes Stadtrad mit Korb und Licht.',
    price: 180,
  });
  await createAd(t, seller.access_token, {
    title: 'Sofa grau, drei Sitzer',
    description: 'Passt gut zu zwei Fahrrädern im Flur, ehrlich gesagt nicht.',
    category: 'wohnzimmer',
    attributes: { condition: 'Gut' },
    price: 90,
    postal_code: '10115',
  });
  await createAd(t, seller.access_token, {
    ...bike,
    title: 'Rennrad Carbon',
    description: 'Sehr leicht, Shimano 105, für sportliche Fahrer.',
    price: 950,
    postal_code: '20095',
  });
  await createAd(t, seller.access_token, {
    title: 'VW Golf Variant',
    description: 'Scheckheftgepflegt, TÜV neu, Anhängerkupplung.',
    category: 'autos',
    attributes: { make: 'Volkswagen', mileage_km: 98_000, first_registration: 2017 },
    price: 11_900,
    postal_code: '50667',
  });
  await createAd(t, seller.access_token, {
    title: 'Opel Corsa',
    description: 'Kleinwagen mit wenig Kilometern, Winterreifen dabei.',
    category: 'autos',
    attributes: { make: 'Opel', mileage_km: 45_000, first_registration: 2019 },
    price: 7_500,
    offer_type: 'offer',
  });
  await createAd(t, seller.access_token, {
    title: 'Suche Kinderwagen',
    description: 'Gut erhaltener Kinderwagen gesucht, gern mit Babywanne.',
    category: 'kinderwagen-buggys',
    attributes: {},
    price: 50,
    offer_type: 'wanted',
  });
});
afterAll(async () => t?.close());

describe('full-text search (German)', () => {
  it("finds 'Fahrrad' when searching 'Fahrräder' (stemming), in title and description", async () => {
    const found = await search('q=Fahrräder');
    expect(titles(found).sort()).toEqual(['Damen Fahrrad 28 Zoll', 'Sofa grau, drei Sitzer']);
    expect(found.total).toBe(2);
    expect(found.corrected_q).toBeNull();
  });

  it('ranks title matches above description matches when no sort is chosen', async () => {
    expect(titles(await search('q=fahrrad'))).toEqual(['Damen Fahrrad 28 Zoll', 'Sofa grau, drei Sitzer']);
  });

  it('is case-insensitive and searches the place too', async () => {
    expect(titles(await search('q=RENNRAD'))).toEqual(['Rennrad Carbon']);
    expect(titles(await search('q=hamburg'))).toEqual(['Rennrad Carbon']);
  });

  it("still finds 'Fahrrad' when searching the typo 'Fahrad' and says what it searched", async () => {
    const found = await search('q=Fahrad');
    expect(titles(found)).toContain('Damen Fahrrad 28 Zoll');
    expect(found.corrected_q).toBe('fahrrad');
    expect(found.total).toBeGreaterThan(0);
    expect(titles(await search('q=Renrad'))).toEqual(['Rennrad Carbon']);
  });

  it('answers an empty list for nonsense, with total 0', async () => {
    const none = await search('q=Quxzvbnm');
    expect(none).toMatchObject({ listings: [], total: 0, next_cursor: null, corrected_q: null });
  });

  it('keeps SQL and HTML in the search text inert', async () => {
    const before = await countRows(t, 'listings');
    for (const q of ["'; DROP TABLE listings; --", '<script>alert(1)</script>', '" OR 1=1 --', '%_\\']) {
      const res = await t.app.inject({ url: `/api/listings?q=${encodeURIComponent(q)}` });
      expect(res.statusCode).toBe(200);
    }
    expect(await countRows(t, 'listings')).toBe(before);
  });

  it('combines search with an explicit sort and filters', async () => {
    expect(titles(await search('q=leicht&sort=price-desc'))).toEqual([
      'Rennrad Carbon',
      'Damen Fahrrad 28 Zoll',
    ]);
    expect(titles(await search('q=leicht&price_max=500'))).toEqual(['Damen Fahrrad 28 Zoll']);
  });
});

describe('filters', () => {
  it('filters by a top-level category including its subcategories, and by a subcategory', async () => {
    expect(titles(await search('category=auto-rad-boot&sort=price-asc'))).toEqual([
      'Damen Fahrrad 28 Zoll',
      'Rennrad Carbon',
      'Opel Corsa',
      'VW Golf Variant',
    ]);
    expect(titles(await search('category=autos&sort=price-asc'))).toEqual(['Opel Corsa', 'VW Golf Variant']);
    const unknown = await t.app.inject({ url: '/api/listings?category=gibt-es-nicht' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().detail).toBe("Parameter 'category': Diese Kategorie gibt es nicht.");
  });

  it('filters by price range in euros, offer type and price type', async () => {
    expect(titles(await search('price_min=100&price_max=1000&sort=price-asc'))).toEqual([
      'Damen Fahrrad 28 Zoll',
      'Rennrad Carbon',
    ]);
    expect(titles(await search('offer_type=wanted'))).toEqual(['Suche Kinderwagen']);
    expect((await search('price_type=free')).listings).toEqual([]);
  });

  it('filters by attribute values and ranges', async () => {
    expect(titles(await search('attr.make=Opel'))).toEqual(['Opel Corsa']);
    expect(titles(await search('category=autos&attr.mileage_km.max=50000'))).toEqual(['Opel Corsa']);
    expect(titles(await search('attr.first_registration.min=2017&sort=price-asc'))).toEqual([
      'Opel Corsa',
      'VW Golf Variant',
    ]);
    expect(titles(await search('attr.first_registration=2017'))).toEqual(['VW Golf Variant']);
    const bad = await t.app.inject({ url: '/api/listings?attr.mileage_km.max=viel' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toBe("Parameter 'attr.mileage_km.max': Bitte gib eine Zahl ein.");
  });

  it('filters by seller', async () => {
    expect((await search(`seller_id=${seller.user.id}`)).total).toBe(6);
    expect((await search('seller_id=niemand')).total).toBe(0);
  });

  it('refuses offsets beyond 1,000 (deep pages use the cursor) and unknown places', async () => {
    const deep = await t.app.inject({ url: '/api/listings?offset=1001' });
    expect(deep.statusCode).toBe(422);
    expect(titles(await search('sort=price-asc&offset=4&limit=1'))).toEqual(['Opel Corsa']);
    const place = await t.app.inject({ url: '/api/listings?postal_code=Atlantis' });
    expect(place.statusCode).toBe(422);
    expect(place.json().detail).toBe(
      "Parameter 'postal_code': Diesen Ort oder diese Postleitzahl kennen wir nicht.",
    );
    const distance = await t.app.inject({ url: '/api/listings?sort=distance' });
    expect(distance.statusCode).toBe(422);
    expect(distance.json().detail).toBe(
      "Parameter 'sort': Für „Nächste zuerst“ brauchen wir deine Postleitzahl oder deinen Ort.",
    );
  });

  it('ignores the cache-busting timestamp t', async () => {
    expect((await search(`limit=100&t=${Date.now()}`)).total).toBe(6);
  });
});

describe('GET /api/search/suggest', () => {
  it('completes the last word from ad titles, keeping earlier words', async () => {
    const res = await t.app.inject({ url: '/api/search/suggest?q=Fahr' });
    expect(res.statusCode).toBe(200);
    expect(res.json().suggestions).toContain('fahrrad');
    expect((await t.app.inject({ url: '/api/search/suggest?q=damen%20fahr' })).json().suggestions).toContain(
      'damen fahrrad',
    );
    expect((await t.app.inject({ url: '/api/search/suggest?q=f' })).json().suggestions).toEqual([]);
    expect((await t.app.inject({ url: '/api/search/suggest?q=%25' })).json().suggestions).toEqual([]);
    const many = (await t.app.inject({ url: '/api/search/suggest?q=se' })).json().suggestions as string[];
    expect(many.length).toBeLessThanOrEqual(8);
  });
});

describe('GET /api/categories/all', () => {
  it('counts the active ads of each category, a parent including its subcategories', async () => {
    const body = (await t.app.inject({ url: '/api/categories/all' })).json() as CategoriesResponse;
    const vehicles = body.categories.find((c) => c.slug === 'auto-rad-boot');
    expect(vehicles?.listing_count).toBe(4);
    expect(vehicles?.subcategories.find((s) => s.slug === 'autos')?.listing_count).toBe(2);
    expect(body.categories.find((c) => c.slug === 'jobs')?.listing_count).toBe(0);
  });
});
