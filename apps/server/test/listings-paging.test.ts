import {
  LISTINGS_COUNT_SHOWN,
  LISTINGS_TOTAL_CAP,
  type Listing,
  type ListingList,
} from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { selectRows } from '../src/db/client.ts';
import { RELEVANCE_WINDOW } from '../src/modules/listings/index.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { verifiedMember } from './helpers/marketplace.ts';

let t: TestApp;

/** Places with their coordinates: Munich, Freising (~32 km), Augsburg (~57 km), Berlin, Hamburg. */
const PLACES = [
  { code: '80331', place: 'München', lat: 48.1345, lon: 11.571 },
  { code: '85354', place: 'Freising', lat: 48.4029, lon: 11.7488 },
  { code: '86150', place: 'Augsburg', lat: 48.3668, lon: 10.8987 },
  { code: '10115', place: 'Berlin', lat: 52.5323, lon: 13.3846 },
  { code: '20095', place: 'Hamburg', lat: 53.5507, lon: 10.0014 },
];
const COUNT = 57;
let activeIds: Set<string>;

/** Walks every page of `query` with `limit` and answers the ads in order. */
async function walk(query: string, limit: number): Promise<Listing[]> {
  const seen: Listing[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 100; page++) {
    const url: string = `/api/listings?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
    const res = await t.app.inject({ url });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ListingList;
    seen.push(...body.listings);
    cursor = body.next_cursor;
    if (!cursor) return seen;
    expect(body.listings).toHaveLength(limit);
  }
  throw new Error('too many pages');
}

function expectEachOnce(ads: Listing[], expected: Set<string>) {
  const ids = ads.map((ad) => ad.id);
  expect(new Set(ids).size).toBe(ids.length);
  expect(new Set(ids)).toEqual(expected);
}

beforeAll(async () => {
  t = await startTestApp();
  const seller = await verifiedMember(t);
  const db = t.db.handle.db;
  // Ties on purpose: three ads share each creation time, prices repeat every 7, views every 5.
  for (let i = 0; i < COUNT; i++) {
    const place = PLACES[i % PLACES.length] as (typeof PLACES)[number];
    const status = i % 19 === 3 ? 'sold' : 'active';
    const expires = i % 23 === 5 ? sql`now() - interval '1 day'` : sql`now() + interval '30 days'`;
    await db.execute(sql`
      insert into listings (seller_id, category_id, root_category_id, title, description, price_cents,
        price_type, offer_type, status, postal_code, location, latitude, longitude, created_at, expires_at)
      select ${seller.user.id}::uuid, c.id, c.parent_id, ${`Stehlampe Modell ${i}`},
        ${'Schöne Lampe aus Messing, funktioniert einwandfrei.'}, ${(i % 7) * 1000}, 'fixed', 'offer',
        ${status}, ${place.code}, ${place.place}, ${place.lat}, ${place.lon},
        now() - make_interval(mins => ${Math.floor(i / 3)}), ${expires}
      from categories c where c.slug = 'lampen-licht'`);
    await db.execute(sql`
      update listing_stats set views = ${i % 5}, favorites_count = ${i % 3}
      where listing_id = (select id from listings where title = ${`Stehlampe Modell ${i}`})`);
  }
  const rows = await selectRows(
    db,
    z.object({ id: z.string() }),
    sql`select id from listings where status = 'active' and expires_at > now()`,
  );
  activeIds = new Set(rows.map((row) => row.id));
  expect(activeIds.size).toBeGreaterThan(45);
});
afterAll(async () => t?.close());

describe('cursor paging', () => {
  it('returns every visible ad exactly once, newest first', async () => {
    const ads = await walk('sort=newest', 7);
    expectEachOnce(ads, activeIds);
    const times = ads.map((ad) => Date.parse(ad.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('returns every visible ad exactly once by price, both ways', async () => {
    const up = await walk('sort=price-asc', 6);
    expectEachOnce(up, activeIds);
    expect(up.map((ad) => ad.price)).toEqual(up.map((ad) => ad.price).sort((a, b) => a - b));
    const down = await walk('sort=price-desc', 8);
    expectEachOnce(down, activeIds);
    expect(down.map((ad) => ad.price)).toEqual(down.map((ad) => ad.price).sort((a, b) => b - a));
  });

  it('returns every visible ad exactly once by popularity (views plus favourites)', async () => {
    const ads = await walk('sort=popular', 5);
    expectEachOnce(ads, activeIds);
    const score = ads.map((ad) => ad.views + ad.favorites_count);
    expect(score).toEqual([...score].sort((a, b) => b - a));
  });

  it('returns every visible ad exactly once by real distance, nearest first', async () => {
    const ads = await walk('sort=distance&postal_code=80331', 9);
    expectEachOnce(ads, activeIds);
    const distances = ads.map((ad) => ad.distance_km as number);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(ads[0]?.location).toBe('München');
    expect(ads.at(-1)?.location).toBe('Hamburg');
    const freising = ads.find((ad) => ad.location === 'Freising')?.distance_km as number;
    expect(freising).toBeGreaterThan(25);
    expect(freising).toBeLessThan(35);
  });

  it('returns every match exactly once for a relevance search, also in the paging of the text search', async () => {
    const ads = await walk('q=Lampe', 10);
    expectEachOnce(ads, activeIds);
    const byPrice = await walk('q=Messing&sort=price-asc', 10);
    expectEachOnce(byPrice, activeIds);
  });

  it('answers a total and no cursor on the last page', async () => {
    const body = (await t.app.inject({ url: '/api/listings?limit=100' })).json() as ListingList;
    expect(body.total).toBe(activeIds.size);
    expect(body.next_cursor).toBeNull();
  });

  it('refuses a malformed cursor and a cursor of another sort (422)', async () => {
    const bad = await t.app.inject({ url: '/api/listings?cursor=kaputt' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toBe("Parameter 'cursor': Ungültiger Cursor. Bitte lade die Liste neu.");
    const first = (await t.app.inject({ url: '/api/listings?limit=2' })).json() as ListingList;
    const mixed = await t.app.inject({ url: `/api/listings?sort=price-asc&cursor=${first.next_cursor}` });
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json().detail).toBe("Parameter 'cursor': Der Cursor gehört zu einer anderen Sortierung.");
  });
});

describe('radius', () => {
  it('keeps ads within the radius and answers their distance', async () => {
    const near = await walk('postal_code=80331&radius_km=50&sort=distance', 10);
    expect(new Set(near.map((ad) => ad.location))).toEqual(new Set(['München', 'Freising']));
    for (const ad of near) expect(ad.distance_km).toBeLessThanOrEqual(50);
    const wider = await walk('postal_code=München&radius_km=100', 10);
    expect(new Set(wider.map((ad) => ad.location))).toEqual(new Set(['München', 'Freising', 'Augsburg']));
    expect(wider.every((ad) => ad.distance_km !== null)).toBe(true);
  });
});

describe('relevance beyond its ranked window', () => {
  it(`pages through more than ${RELEVANCE_WINDOW} matches, each exactly once`, async () => {
    const db = t.db.handle.db;
    const seller = await verifiedMember(t);
    await db.execute(sql`
      insert into listings (seller_id, category_id, root_category_id, title, description, price_cents,
        price_type, offer_type, postal_code, location, latitude, longitude, created_at, expires_at)
      select ${seller.user.id}::uuid, c.id, c.parent_id,
        case when n % 4 = 0 then 'Gartenzwerg ' || n else 'Figur ' || n end,
        'Ein Gartenzwerg aus Ton, Nummer ' || n || case when n % 3 = 0 then ', noch ein Gartenzwerg dazu' else '' end,
        n * 10, 'fixed', 'offer', '80331', 'München', 48.1345, 11.571,
        now() - make_interval(secs => n), now() + interval '30 days'
      from categories c, generate_series(1, ${RELEVANCE_WINDOW + 37}) n where c.slug = 'dekoration'`);
    const ads = await walk('q=Gartenzwerg', 100);
    expect(ads).toHaveLength(RELEVANCE_WINDOW + 37);
    expect(new Set(ads.map((ad) => ad.id)).size).toBe(RELEVANCE_WINDOW + 37);
    expect(ads[0]?.title.startsWith('Gartenzwerg')).toBe(true);
  });

  it('answers the same page whether the count picked its ads or the count was known', async () => {
    // A member's answers are not kept as finished JSON, so the second request reads afresh.
    const member = await verifiedMember(t);
    await t.db.handle.db.execute(sql`
      insert into listings (seller_id, category_id, root_category_id, title, description, price_cents,
        price_type, offer_type, postal_code, location, latitude, longitude, created_at, expires_at)
      select ${member.user.id}::uuid, c.id, c.parent_id, 'Wichtel ' || n, 'Ein Wichtel aus Holz',
        (n * 7919) % 5000, 'fixed', 'offer', '80331', 'München', 48.1345, 11.571,
        now() - make_interval(secs => (n * 104729) % 20000), now() + interval '30 days'
      from categories c, generate_series(1, ${LISTINGS_TOTAL_CAP + 50}) n where c.slug = 'dekoration'`);
    const headers = { authorization: `Bearer ${member.access_token}` };
    const read = async (url: string) => {
      const res = await t.app.inject({ url, headers });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as ListingList;
      return {
        ids: body.listings.map((ad) => ad.id),
        total: body.total,
        capped: body.total_capped,
        next: body.next_cursor,
      };
    };
    const cases = [
      ...['relevance', 'newest', 'price-asc', 'price-desc'].flatMap((sort) =>
        [0, 4].map((offset) => `q=Lampe&sort=${sort}&limit=7&offset=${offset}`),
      ),
      ...['newest', 'price-asc', 'price-desc'].map((sort) => `sort=${sort}&limit=9&offset=3`),
      // The ranked window of the newest 300 matches and the older ones after it.
      'q=Gartenzwerg&limit=100',
      `q=Gartenzwerg&limit=20&offset=${RELEVANCE_WINDOW - 10}`,
      // More matches than the shown total: the scan still holds them all (FIRST_PAGE_SCAN_CAP).
      'q=Wichtel&limit=20',
      'q=Wichtel&sort=newest&limit=20',
      'q=Wichtel&sort=price-asc&limit=20',
    ];
    let bound = 100_000;
    for (const query of cases) {
      // A price bound above every price makes the filters new, so the first request counts.
      const url = `/api/listings?${query}&price_max=${bound++}`;
      const counted = await read(url);
      const known = await read(url);
      expect(counted.ids.length, url).toBeGreaterThan(0);
      expect(counted, url).toEqual(known);
      if (query.includes('Wichtel'))
        expect([counted.total, counted.capped]).toEqual([LISTINGS_COUNT_SHOWN, true]);
    }
  });
});
