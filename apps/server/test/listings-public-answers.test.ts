import type { Listing, ListingList } from '@marketplace/contract';
import { listingListSchema } from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { selectRows } from '../src/db/client.ts';
import { bearer, type RegisteredMember } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { adBody, createAd, verifiedMember } from './helpers/marketplace.ts';

let t: TestApp;
let seller: RegisteredMember;

beforeAll(async () => {
  t = await startTestApp();
  seller = await verifiedMember(t, { nickname: 'Kamerahändler' });
});
afterAll(async () => t?.close());

/** Changes an ad behind the app's back, as another instance would. */
async function retitleInDatabase(id: string, title: string): Promise<void> {
  await t.db.handle.db.execute(sql`update listings set title = ${title} where id = ${id}::uuid`);
}

describe('answers shared by every visitor without a token', () => {
  it('serves the feed as JSON of the contract and repeats it within the second', async () => {
    const ad = await createAd(t, seller.access_token, adBody({ title: 'Spiegelreflexkamera Nikon' }));
    const first = await t.app.inject({ url: '/api/listings?limit=5' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['cache-control']).toBe('no-store');
    const page = listingListSchema.parse(first.json()) as ListingList;
    expect(page.listings[0]?.title).toBe('Spiegelreflexkamera Nikon');

    await retitleInDatabase(ad.id, 'Kamera (geändert von einer anderen Instanz)');
    const again = await t.app.inject({ url: '/api/listings?limit=5&t=123' });
    expect(again.body).toBe(first.body);
    const other = await t.app.inject({ url: '/api/listings?limit=4' });
    expect((other.json() as ListingList).listings[0]?.title).toBe(
      'Kamera (geändert von einer anderen Instanz)',
    );
  });

  it('shows a change made through this instance at once', async () => {
    const ad = await createAd(t, seller.access_token, adBody({ title: 'Objektiv 50 mm' }));
    const before = await t.app.inject({ url: '/api/listings?q=Objektiv' });
    expect((before.json() as ListingList).listings.map((l) => l.title)).toEqual(['Objektiv 50 mm']);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/listings/${ad.id}`,
      headers: bearer(seller.access_token),
      payload: { title: 'Objektiv 85 mm' },
    });
    expect(patched.statusCode).toBe(200);
    const search = await t.app.inject({ url: '/api/listings?q=Objektiv' });
    expect((search.json() as ListingList).listings.map((l) => l.title)).toEqual(['Objektiv 85 mm']);
    const page = await t.app.inject({ url: `/api/listings/${ad.id}` });
    expect((page.json() as Listing).title).toBe('Objektiv 85 mm');
  });

  it('never serves a shared answer to a member with a token', async () => {
    const ad = await createAd(t, seller.access_token, adBody({ title: 'Stativ Manfrotto' }));
    const fan = await verifiedMember(t);
    await t.app.inject({ url: '/api/listings?q=Stativ' });
    await t.app.inject({ url: `/api/listings/${ad.id}` });
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/favorites/${ad.id}`,
      headers: bearer(fan.access_token),
    });
    expect(added.statusCode).toBeLessThan(300);
    const search = await t.app.inject({ url: '/api/listings?q=Stativ', headers: bearer(fan.access_token) });
    expect((search.json() as ListingList).listings[0]?.is_favorite).toBe(true);
    const page = await t.app.inject({ url: `/api/listings/${ad.id}`, headers: bearer(fan.access_token) });
    expect((page.json() as Listing).is_favorite).toBe(true);
    const anonymous = await t.app.inject({ url: `/api/listings/${ad.id}` });
    expect((anonymous.json() as Listing).is_favorite).toBe(false);
  });

  it('keeps errors out of the cache', async () => {
    const bad = await t.app.inject({ url: '/api/listings?category=gibt-es-nicht' });
    expect(bad.statusCode).toBe(422);
    const missing = await t.app.inject({ url: '/api/listings/00000000-0000-4000-8000-000000000001' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Anzeige nicht gefunden', code: 'listing_not_found' });
  });

  it('reads the ad afresh for a new visitor, so the counter includes the visit', async () => {
    const ad = await createAd(t, seller.access_token, adBody({ title: 'Blitzgerät' }));
    const view = (remoteAddress: string) => t.app.inject({ url: `/api/listings/${ad.id}`, remoteAddress });
    expect(((await view('192.0.2.41')).json() as Listing).views).toBe(1);
    expect(((await view('192.0.2.41')).json() as Listing).views).toBe(1);
    expect(((await view('192.0.2.42')).json() as Listing).views).toBe(2);
    const [row] = await selectRows(
      t.db.handle.db,
      z.object({ views: z.number() }),
      sql`select views from listing_stats where listing_id = ${ad.id}::uuid`,
    );
    expect(row?.views).toBe(2);
  });
});
