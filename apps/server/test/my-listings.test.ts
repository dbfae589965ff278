import type { Listing, MyListingsBulkResult, MyListingsTable } from '@marketplace/contract';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type RegisteredMember } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { createAd, verifiedMember } from './helpers/marketplace.ts';

/**
 * The table of one's own ads at /listings-old and /dashboard-old: pages, sorts and filters on the
 * server with every ad exactly once, bulk actions that change only the caller's ads by the
 * single-ad rules and say why each other one could not change, and the CSV export of all pages.
 */
let t: TestApp;
let seller: RegisteredMember;
let other: RegisteredMember;
let buyer: RegisteredMember;
/** The seller's ads, in the order created; ad i has 10·i views and i+1 conversations when i < 3. */
const ads: Listing[] = [];
let foreignAd: Listing;

const TITLES = [
  'Apfelbaum Setzling',
  'Bürostuhl ergonomisch',
  'Campingtisch faltbar',
  'Damenrad 28 Zoll',
  'Esstisch Eiche',
  'Fahrradhelm Größe M',
  'Gartenbank Holz',
  'Herrenrad Alu',
  'Inlineskates 42',
  'Jugendbett weiß',
  'Kinderwagen Kombi',
];

async function run(statement: ReturnType<typeof sql>) {
  await t.db.handle.db.execute(statement);
}

beforeAll(async () => {
  t = await startTestApp();
  seller = await verifiedMember(t, { nickname: 'Viel Verkäuferin' });
  other = await verifiedMember(t, { nickname: 'Anderer Verkäufer' });
  buyer = await verifiedMember(t, { nickname: 'Käufer' });
  for (const [i, title] of TITLES.entries()) {
    ads.push(await createAd(t, seller.access_token, { title, price: 10 + ((i * 37) % 11) }));
  }
  foreignAd = await createAd(t, other.access_token, { title: 'Fremdes Fahrrad' });
  for (const [i, ad] of ads.entries()) {
    await run(sql`update listing_stats set views = ${10 * i} where listing_id = ${ad.id}::uuid`);
    // Distinct creation times, one minute apart, in the order created.
    await run(
      sql`update listings set created_at = now() - make_interval(mins => ${100 - i}) where id = ${ad.id}::uuid`,
    );
  }
  for (const [i, ad] of ads.slice(0, 3).entries()) {
    for (let n = 0; n <= i; n += 1) {
      const someone = n === 0 ? buyer : await verifiedMember(t);
      await run(sql`insert into chat_conversations (pair_key, listing_id, buyer_id, seller_id)
        values (${`l:${ad.id}:${someone.user.id}`}, ${ad.id}::uuid, ${someone.user.id}::uuid, ${seller.user.id}::uuid)`);
    }
  }
  // One sold, one expired, to filter by.
  await run(sql`update listings set status = 'sold' where id = ${ads[9]?.id}::uuid`);
  await run(sql`update listings set expires_at = now() - interval '2 days' where id = ${ads[10]?.id}::uuid`);
});
afterAll(async () => t?.close());

const table = (query: string, token = seller.access_token) =>
  t.app.inject({ url: `/api/my-listings/table?${query}`, headers: bearer(token) });
const page = async (query: string, token = seller.access_token) => {
  const res = await table(query, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MyListingsTable;
};
const bulk = (payload: object, token = seller.access_token) =>
  t.app.inject({ method: 'POST', url: '/api/my-listings/bulk', headers: bearer(token), payload });

describe('GET /api/my-listings/table', () => {
  it('lists only my ads, newest first, each exactly once across pages', async () => {
    const seen: string[] = [];
    for (let n = 1; n <= 3; n += 1) {
      const answer = await page(`page=${n}&page_size=10`);
      expect(answer.total).toBe(TITLES.length);
      seen.push(...answer.rows.map((row) => row.id));
    }
    expect(seen).toEqual([...ads].reverse().map((ad) => ad.id));
    expect(seen).not.toContain(foreignAd.id);
  });

  it('sorts on the server by every column, each ad once, ties broken by id', async () => {
    const expectations: Record<string, (a: MyListingsTable['rows'][number]) => number | string> = {
      title: (row) => row.title,
      price: (row) => row.price,
      views: (row) => row.views,
      messages: (row) => row.messages,
      favorites: (row) => row.favorites,
      created_at: (row) => row.created_at,
      expires_at: (row) => row.expires_at,
      status: (row) => row.status,
    };
    for (const [sort, key] of Object.entries(expectations)) {
      for (const order of ['asc', 'desc'] as const) {
        const rows = [
          ...(await page(`sort=${sort}&order=${order}&page_size=10&page=1`)).rows,
          ...(await page(`sort=${sort}&order=${order}&page_size=10&page=2`)).rows,
        ];
        expect(new Set(rows.map((row) => row.id)).size, `${sort} ${order}`).toBe(TITLES.length);
        const sorted = [...rows].sort((a, b) => {
          const [x, y] = [key(a), key(b)];
          const byKey = x < y ? -1 : x > y ? 1 : 0;
          const byId = a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
          return (order === 'asc' ? 1 : -1) * (byKey !== 0 || sort === 'title' ? byKey : byId);
        });
        if (sort !== 'title' && sort !== 'status') {
          expect(
            rows.map((row) => row.id),
            `${sort} ${order}`,
          ).toEqual(sorted.map((row) => row.id));
        }
      }
    }
    const byViews = await page('sort=views&order=desc&page_size=10');
    expect(byViews.rows.at(0)).toMatchObject({ id: ads[10]?.id, views: 100 });
    const byMessages = await page('sort=messages&order=desc&page_size=10');
    expect(byMessages.rows.slice(0, 3).map((row) => [row.id, row.messages])).toEqual([
      [ads[2]?.id, 3],
      [ads[1]?.id, 2],
      [ads[0]?.id, 1],
    ]);
    const byTitle = await page('sort=title&order=asc&page_size=10');
    expect(byTitle.rows.at(0)?.title).toBe('Apfelbaum Setzling');
  });

  it('filters by shown status and by a part of the title', async () => {
    expect((await page('status=sold')).rows.map((row) => row.id)).toEqual([ads[9]?.id]);
    const expired = await page('status=expired');
    expect(expired.rows.map((row) => [row.id, row.status])).toEqual([[ads[10]?.id, 'expired']]);
    const active = await page('status=active');
    expect(active.total).toBe(TITLES.length - 2);
    const bikes = await page('q=RAD');
    expect(bikes.rows.map((row) => row.title).sort()).toEqual([
      'Damenrad 28 Zoll',
      'Fahrradhelm Größe M',
      'Herrenrad Alu',
    ]);
    expect((await page('q=50%25')).total).toBe(0);
  });

  it('answers another member with their own ads only, and a visitor 401', async () => {
    const theirs = await page('', other.access_token);
    expect(theirs.rows.map((row) => row.id)).toEqual([foreignAd.id]);
    expect((await t.app.inject({ url: '/api/my-listings/table' })).statusCode).toBe(401);
  });

  it('refuses bad input with 422 and a German message', async () => {
    for (const [query, detail] of [
      ['page=0', 'Die Seite ist eine Zahl ab 1.'],
      ['page_size=7', 'Die Seitengröße ist 10, 25, 50 oder 100.'],
      ['sort=seller', 'Bitte sortiere nach'],
      ['order=up', 'Die Reihenfolge ist asc oder desc.'],
      [`q=${'x'.repeat(101)}`, 'Die Suche darf höchstens 100 Zeichen lang sein.'],
      ['status=gone', 'status'],
    ] as const) {
      const res = await table(query);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().detail, query).toContain(detail);
    }
  });
});

describe('GET /api/my-listings/export.csv', () => {
  it('exports every matching ad of all pages as semicolon CSV with BOM and German headers', async () => {
    const res = await t.app.inject({
      url: '/api/my-listings/export.csv?sort=views&order=desc',
      headers: bearer(seller.access_token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('meine-anzeigen.csv');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const records = parse(res.body, { bom: true, delimiter: ';', columns: true }) as Record<string, string>[];
    expect(Object.keys(records[0] ?? {})).toEqual([
      'Titel',
      'Preis (EUR)',
      'Preisart',
      'Status',
      'Aufrufe',
      'Merken',
      'Nachrichten',
      'Erstellt',
      'Läuft ab',
      'Anzeigen-ID',
    ]);
    expect(records.map((record) => record['Anzeigen-ID'])).toEqual([...ads].reverse().map((ad) => ad.id));
    expect(records[0]).toMatchObject({ Titel: 'Kinderwagen Kombi', Status: 'Abgelaufen', Aufrufe: '100' });
    expect(records.find((record) => record.Status === 'Verkauft')?.Titel).toBe('Jugendbett weiß');
    expect(records[0]?.['Preis (EUR)']).toMatch(/^\d+,\d\d$/);
    const filtered = await t.app.inject({
      url: '/api/my-listings/export.csv?status=sold',
      headers: bearer(seller.access_token),
    });
    expect(parse(filtered.body, { bom: true, delimiter: ';', columns: true })).toHaveLength(1);
    expect((await t.app.inject({ url: '/api/my-listings/export.csv' })).statusCode).toBe(401);
  });
});

describe('POST /api/my-listings/bulk', () => {
  it('marks my ads sold at once and reports another member’s ad and unknown ids unchanged', async () => {
    const mine = [ads[3]?.id, ads[4]?.id, ads[5]?.id] as string[];
    const res = await bulk({ action: 'sold', ids: [...mine, foreignAd.id, 'kein-uuid', mine[0]] });
    expect(res.statusCode).toBe(200);
    const result = res.json() as MyListingsBulkResult;
    expect(result.changed).toEqual(mine);
    expect(result.failed).toEqual([
      { id: foreignAd.id, reason: 'Anzeige nicht gefunden' },
      { id: 'kein-uuid', reason: 'Anzeige nicht gefunden' },
    ]);
    for (const id of mine) {
      const ad = (await t.app.inject({ url: `/api/listings/${id}` })).json() as Listing;
      expect(ad.status).toBe('sold');
    }
    const foreign = (await t.app.inject({ url: `/api/listings/${foreignAd.id}` })).json() as Listing;
    expect(foreign.status).toBe('active');
    const again = (await bulk({ action: 'sold', ids: [mine[0]] })).json() as MyListingsBulkResult;
    expect(again.failed).toEqual([{ id: mine[0], reason: 'Die Anzeige ist bereits als verkauft markiert.' }]);
  });

  it('extends active and expired ads only, with the single action’s reason for the others', async () => {
    const expired = ads[10]?.id as string;
    const sold = ads[9]?.id as string;
    const result = (await bulk({ action: 'extend', ids: [expired, sold] })).json() as MyListingsBulkResult;
    expect(result.changed).toEqual([expired]);
    expect(result.failed).toEqual([
      { id: sold, reason: 'Nur aktive oder abgelaufene Anzeigen können verlängert werden.' },
    ]);
    const ad = (await t.app.inject({ url: `/api/listings/${expired}` })).json() as Listing;
    expect(ad.status).toBe('active');
    expect(new Date(ad.expires_at).getTime()).toBeGreaterThan(Date.now() + 59 * 24 * 3600 * 1000);
  });

  it('reserves, and refuses to change an ad removed by moderation', async () => {
    const removed = ads[6]?.id as string;
    await run(sql`update listings set status = 'removed' where id = ${removed}::uuid`);
    const result = (
      await bulk({ action: 'reserve', ids: [ads[7]?.id, removed] })
    ).json() as MyListingsBulkResult;
    expect(result.changed).toEqual([ads[7]?.id]);
    expect(result.failed[0]?.reason).toContain('von der Moderation entfernt');
  });

  it('deletes my ads and never another member’s, also under 200 parallel calls', async () => {
    const victims = [ads[0]?.id, ads[1]?.id] as string[];
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        bulk(
          { action: 'delete', ids: [...victims, foreignAd.id] },
          i % 2 === 0 ? seller.access_token : other.access_token,
        ),
      ),
    );
    const results = answers.map((res) => {
      expect(res.statusCode).toBe(200);
      return res.json() as MyListingsBulkResult;
    });
    // Each of my ads was deleted by exactly one call; the other member's ad by all of theirs,
    // once, and never by mine.
    expect(
      results
        .flatMap((result) => result.changed)
        .filter((id) => victims.includes(id))
        .sort(),
    ).toEqual([...victims].sort());
    expect(results.filter((result) => result.changed.includes(foreignAd.id))).toHaveLength(1);
    for (const [i, result] of results.entries()) {
      if (i % 2 === 0) expect(result.changed).not.toContain(foreignAd.id);
      else expect(result.changed.some((id) => victims.includes(id))).toBe(false);
    }
    for (const id of victims) {
      expect((await t.app.inject({ url: `/api/listings/${id}` })).statusCode).toBe(404);
    }
    expect((await page('')).total).toBe(TITLES.length - 2);
  });

  it('refuses bad input with 422 and changes nothing', async () => {
    for (const [payload, detail] of [
      [{ action: 'sold', ids: [] }, 'Bitte wähle mindestens eine Anzeige.'],
      [{ action: 'verschenken', ids: [ads[2]?.id] }, 'Bitte wähle eine Aktion'],
      [
        { action: 'sold', ids: Array.from({ length: 501 }, () => ads[2]?.id) },
        'Höchstens 500 Anzeigen auf einmal.',
      ],
      [{ action: 'sold' }, 'Bitte wähle mindestens eine Anzeige.'],
    ] as const) {
      const res = await bulk(payload);
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toContain(detail);
    }
    const ad = (await t.app.inject({ url: `/api/listings/${ads[2]?.id}` })).json() as Listing;
    expect(ad.status).toBe('active');
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/my-listings/bulk', payload: {} })).statusCode,
    ).toBe(401);
  });
});
