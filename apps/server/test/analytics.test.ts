import type { Analytics, ListingAnalytics } from '@marketplace/contract';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { selectRows } from '../src/db/client.ts';
import { bearer, uniqueIp } from './helpers/accounts.ts';
import { startTestApp } from './helpers/app.ts';
import { createAd, makeAdmin, reactionsDone, verifiedMember } from './helpers/marketplace.ts';

/**
 * Seller analytics (/analytics): durable reactions count views (once per visitor and day, never
 * the seller's own, with their source), favourites and first chat contacts per ad and
 * Europe/Berlin day; a member reads only the figures of their own ads (others get 404), ADMINs
 * any ad's; the CSV holds the same figures; a range other than 7, 30 or 90 days is refused.
 */
const t = await startTestApp({ PUBLIC_READ_LIMIT: '0' });
afterAll(async () => {
  await t?.close();
});

const seller = await verifiedMember(t, { nickname: 'Sina Seller' });
const buyer = await verifiedMember(t, { nickname: 'Bruno Buyer' });
const other = await verifiedMember(t, { nickname: 'Olga Other' });
const admin = await verifiedMember(t, { nickname: 'Adam Admin' });
await makeAdmin(t, admin.user.id);
const bike = await createAd(t, seller.access_token, { title: 'Rotes Rennrad' });
const lamp = await createAd(t, seller.access_token, { title: 'Alte Stehlampe' });

const today = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
}).format(new Date());

/** Views ad `id` as `token` (or a visitor from `ip`), with an optional source hint and referrer. */
const view = (id: string, who: { token?: string; ip?: string; src?: string; referer?: string }) =>
  t.app.inject({
    method: 'GET',
    url: `/api/listings/${id}${who.src ? `?src=${who.src}` : ''}`,
    headers: { ...(who.token ? bearer(who.token) : {}), ...(who.referer ? { referer: who.referer } : {}) },
    remoteAddress: who.ip ?? uniqueIp(),
  });

const analyticsOf = async (token: string, query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/analytics${query}`, headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json() as Analytics;
};
const listingAnalytics = (token: string, id: string, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/analytics/listings/${id}${query}`, headers: bearer(token) });

describe('counting', () => {
  it('counts a visitor once a day, never the seller, with where the views came from', async () => {
    // The buyer twice (from the search, then again), the seller three times, a visitor from a
    // category page, one from another site and one typing the address.
    expect((await view(bike.id, { token: buyer.access_token, src: 'search' })).statusCode).toBe(200);
    expect((await view(bike.id, { token: buyer.access_token, src: 'home' })).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) await view(bike.id, { token: seller.access_token });
    await view(bike.id, { src: 'category' });
    await view(bike.id, { referer: 'https://www.example.org/forum/fahrraeder' });
    await view(bike.id, {});
    await view(lamp.id, { token: other.access_token, src: 'alert' });
    await reactionsDone(t);

    const figures = await analyticsOf(seller.access_token, '?days=7');
    expect(figures.days).toBe(7);
    expect(figures.daily).toHaveLength(7);
    expect(figures.to).toBe(today);
    expect(figures.daily.at(-1)).toMatchObject({ date: today, views: 5 });
    expect(figures.totals.views).toBe(5);
    expect(Object.fromEntries(figures.sources.map((s) => [s.source, s.views]))).toEqual({
      search: 1,
      category: 1,
      home: 0,
      alert: 1,
      external: 1,
      direct: 1,
    });
    expect(figures.top_by_views.map((ad) => [ad.title, ad.views])).toEqual([
      ['Rotes Rennrad', 4],
      ['Alte Stehlampe', 1],
    ]);
    expect(figures.listings.map((ad) => ad.id).sort()).toEqual([bike.id, lamp.id].sort());

    const one = await listingAnalytics(seller.access_token, bike.id, '?days=7');
    expect(one.statusCode).toBe(200);
    const bikeFigures = one.json() as ListingAnalytics;
    expect(bikeFigures.listing).toEqual({ id: bike.id, title: 'Rotes Rennrad' });
    expect(bikeFigures.totals.views).toBe(4);
    expect(bikeFigures.sources.find((s) => s.source === 'alert')?.views).toBe(0);
  });

  it('counts a visitor once over the German day, also when UTC midnight lies between the visits', async () => {
    const potter = await verifiedMember(t, { nickname: 'Paula Potter' });
    const vase = await createAd(t, potter.access_token, { title: 'Blaue Vase' });
    const ip = uniqueIp();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // 00:30 and 01:30 on 28 November in Berlin: two UTC dates, one German day.
      vi.setSystemTime(new Date('2026-11-27T23:30:00Z'));
      expect((await view(vase.id, { ip })).statusCode).toBe(200);
      vi.setSystemTime(new Date('2026-11-28T00:30:00Z'));
      expect((await view(vase.id, { ip })).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
    const read = await view(vase.id, { token: potter.access_token });
    expect((read.json() as { views: number }).views).toBe(1);
    // The analytics count it on the day it was counted for, whenever its reaction runs.
    await reactionsDone(t);
    const stored = await selectRows(
      t.db.handle.db,
      z.object({ day: z.string(), views: z.number() }),
      sql`select day::text as day, views from listing_daily_stats where listing_id = ${vase.id}::uuid`,
    );
    expect(stored).toEqual([{ day: '2026-11-28', views: 1 }]);
  });

  it('counts favourites and the first message of each buyer about an ad, not the seller’s answers', async () => {
    const saved = await t.app.inject({
      method: 'POST',
      url: `/api/favorites/${lamp.id}`,
      headers: bearer(buyer.access_token),
    });
    expect(saved.statusCode).toBeLessThan(300);
    const write = async (from: typeof buyer, conversationId: string, content: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/chat/conversations/${conversationId}/messages`,
        headers: bearer(from.access_token),
        payload: { client_id: crypto.randomUUID(), content },
      });
      expect(res.statusCode).toBeLessThan(300);
    };
    const open = async (from: typeof buyer) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/chat/conversations',
        headers: bearer(from.access_token),
        payload: { listing_id: lamp.id },
      });
      expect(res.statusCode).toBeLessThan(300);
      return (res.json() as { id: string }).id;
    };
    const withBuyer = await open(buyer);
    await write(buyer, withBuyer, 'Ist die Lampe noch da?');
    await write(buyer, withBuyer, 'Ich könnte morgen kommen.');
    await write(seller, withBuyer, 'Ja, gern.');
    const withOther = await open(other);
    await write(other, withOther, 'Funktioniert sie noch?');
    await reactionsDone(t);

    const figures = await analyticsOf(seller.access_token);
    expect(figures.days).toBe(30);
    expect(figures.totals).toMatchObject({ favorites: 1, contacts: 2 });
    expect(figures.top_by_contacts).toEqual([
      expect.objectContaining({ id: lamp.id, title: 'Alte Stehlampe', contacts: 2, favorites: 1 }),
    ]);
    // The buyer has no ads: nothing of the seller's shows up there.
    const buyers = await analyticsOf(buyer.access_token, '?days=90');
    expect(buyers.totals).toEqual({ views: 0, favorites: 0, contacts: 0 });
    expect(buyers.daily).toHaveLength(90);
    expect(buyers.listings).toEqual([]);
  });

  it('counts every one of 200 parallel views by different visitors exactly once', async () => {
    const ad = await createAd(t, other.access_token, { title: 'Gefragte Kommode' });
    const answers = await Promise.all(Array.from({ length: 200 }, () => view(ad.id, { src: 'search' })));
    expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    await Promise.all(Array.from({ length: 50 }, () => view(ad.id, { token: buyer.access_token })));
    await reactionsDone(t);
    const res = await listingAnalytics(other.access_token, ad.id, '?days=7');
    const figures = res.json() as ListingAnalytics;
    expect(figures.totals.views).toBe(201);
    expect(figures.sources.find((s) => s.source === 'search')?.views).toBe(200);
  });
});

describe('who reads the figures', () => {
  it("answers another member 404 for the seller's ad, its owner and ADMINs 200", async () => {
    for (const token of [buyer.access_token, other.access_token]) {
      const res = await listingAnalytics(token, bike.id);
      expect(res.statusCode).toBe(404);
      const csv = await t.app.inject({
        method: 'GET',
        url: `/api/analytics/csv?listing=${bike.id}`,
        headers: bearer(token),
      });
      expect(csv.statusCode).toBe(404);
    }
    expect((await listingAnalytics(seller.access_token, bike.id)).statusCode).toBe(200);
    expect((await listingAnalytics(admin.access_token, bike.id)).statusCode).toBe(200);
    expect((await listingAnalytics(seller.access_token, 'kein-uuid')).statusCode).toBe(404);
    expect(
      (await listingAnalytics(seller.access_token, '00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    const visitor = await t.app.inject({ method: 'GET', url: '/api/analytics' });
    expect(visitor.statusCode).toBe(401);
  });

  it('refuses a range other than 7, 30 or 90 days and an unknown source with a German 422', async () => {
    for (const days of ['1', '365', 'abc', '30.5']) {
      for (const url of [`/api/analytics?days=${days}`, `/api/analytics/listings/${bike.id}?days=${days}`]) {
        const res = await t.app.inject({ method: 'GET', url, headers: bearer(seller.access_token) });
        expect(res.statusCode).toBe(422);
        expect(res.json().detail).toContain('7, 30 oder 90 Tagen');
      }
    }
    const res = await view(bike.id, { src: 'spam' });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toContain('Herkunft');
  });
});

describe('CSV download', () => {
  it('holds the same figures with German headers, semicolons and a byte order mark', async () => {
    const figures = await analyticsOf(seller.access_token, '?days=7');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/analytics/csv?days=7',
      headers: bearer(seller.access_token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain(`analytics-${figures.from}-${figures.to}.csv`);
    expect(res.body.charCodeAt(0)).toBe(0xfeff);
    const rows = parse(res.body, { bom: true, delimiter: ';', relax_column_count: true }) as string[][];
    expect(rows[0]).toEqual(['Datum', 'Aufrufe', 'Gemerkt', 'Kontaktanfragen']);
    const days = rows.slice(1, 8);
    expect(days.map((row) => row[0])).toEqual(
      figures.daily.map((d) => d.date.split('-').reverse().join('.')),
    );
    expect(days.map((row) => row.slice(1).map(Number))).toEqual(
      figures.daily.map((d) => [d.views, d.favorites, d.contacts]),
    );
    expect(rows[8]).toEqual([
      'Gesamt',
      String(figures.totals.views),
      String(figures.totals.favorites),
      String(figures.totals.contacts),
    ]);
    const sourceRows = rows.slice(rows.findIndex((row) => row[0] === 'Herkunft der Aufrufe') + 1);
    expect(sourceRows.map((row) => [row[0], Number(row[1])])).toEqual([
      ['Suche', 1],
      ['Kategorie', 1],
      ['Startseite', 0],
      ['Suchauftrag', 1],
      ['Externer Link', 1],
      ['Direkt', 1],
    ]);

    const one = await t.app.inject({
      method: 'GET',
      url: `/api/analytics/csv?days=7&listing=${lamp.id}`,
      headers: bearer(seller.access_token),
    });
    expect(one.statusCode).toBe(200);
    const lampRows = parse(one.body, { bom: true, delimiter: ';', relax_column_count: true }) as string[][];
    expect(lampRows.find((row) => row[0] === 'Gesamt')).toEqual(['Gesamt', '1', '1', '2']);
  });
});
