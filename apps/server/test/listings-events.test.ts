import type { Listing, ListingList } from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { selectRows } from '../src/db/client.ts';
import { CountCache } from '../src/lib/count-cache.ts';
import { bearer, type RegisteredMember } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { adBody, createAd, verifiedMember } from './helpers/marketplace.ts';

/**
 * Domain events are published after the commit, and the caches of public answers subscribe
 * to them (docs/decisions/0006-module-doors.md): whoever reacts to an event sees the new
 * state, through the database and through the cached answers alike.
 */
let t: TestApp;
let seller: RegisteredMember;
let buyer: RegisteredMember;

beforeAll(async () => {
  t = await startTestApp();
  seller = await verifiedMember(t, { nickname: 'Händlerin' });
  buyer = await verifiedMember(t, { nickname: 'Sammler' });
});
afterAll(async () => t?.close());

/** The title as the database has it now, read outside any transaction of the app. */
async function storedTitle(id: string): Promise<string | undefined> {
  const [row] = await selectRows(
    t.db.handle.db,
    z.object({ title: z.string() }),
    sql`select title from listings where id = ${id}::uuid`,
  );
  return row?.title;
}

/** What a visitor without a token sees (the cached public answers). */
async function publicAd(id: string): Promise<Listing | null> {
  const res = await t.app.inject({ url: `/api/listings/${id}` });
  return res.statusCode === 200 ? (res.json() as Listing) : null;
}
async function publicFeed(): Promise<ListingList> {
  return (await t.app.inject({ url: '/api/listings?limit=20' })).json() as ListingList;
}

describe('changes of ads are announced after the commit', () => {
  it('a subscriber of listing.updated reads the new title from the database and from the cached answers', async () => {
    const ad = await createAd(t, seller.access_token, adBody({ title: 'Schallplattenspieler Dual' }));
    // Fill the caches of the feed and the ad page with the old title.
    expect((await publicAd(ad.id))?.title).toBe('Schallplattenspieler Dual');
    expect((await publicFeed()).listings.map((l) => l.title)).toContain('Schallplattenspieler Dual');

    const seen: { stored?: string; page?: string; feed?: string[] } = {};
    const stop = t.app.events.on('listing.updated', async (event) => {
      if (event.listingId !== ad.id) return;
      // Before the commit this would wait for the transaction (PGlite) or read the old title.
      seen.stored = await storedTitle(ad.id);
      seen.page = (await publicAd(ad.id))?.title;
      seen.feed = (await publicFeed()).listings.map((l) => l.title);
    });
    try {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/listings/${ad.id}`,
        headers: bearer(seller.access_token),
        payload: { title: 'Plattenspieler Dual CS 505' },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      stop();
    }
    expect(seen.stored).toBe('Plattenspieler Dual CS 505');
    expect(seen.page).toBe('Plattenspieler Dual CS 505');
    expect(seen.feed).toContain('Plattenspieler Dual CS 505');
    expect(seen.feed).not.toContain('Schallplattenspieler Dual');
    // And the answers cached by the subscriber's reads are the new ones.
    expect((await publicAd(ad.id))?.title).toBe('Plattenspieler Dual CS 505');
  });

  it('a sold ad leaves the cached feed at once, and a deleted one its cached page', async () => {
    const ad = await createAd(t, seller.access_token, adBody({ title: 'Nähmaschine Pfaff' }));
    expect((await publicFeed()).listings.map((l) => l.id)).toContain(ad.id);
    const statuses: string[] = [];
    const stop = t.app.events.on('listing.status_changed', async (event) => {
      if (event.listingId !== ad.id) return;
      statuses.push(`${event.previousStatus}->${event.status}`);
      expect((await publicFeed()).listings.map((l) => l.id)).not.toContain(ad.id);
    });
    try {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/listings/${ad.id}`,
        headers: bearer(seller.access_token),
        payload: { status: 'sold' },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      stop();
    }
    expect(statuses).toEqual(['active->sold']);
    expect((await publicFeed()).listings.map((l) => l.id)).not.toContain(ad.id);

    expect((await publicAd(ad.id))?.status).toBe('sold');
    let pageAfterDelete: Listing | null | undefined;
    const stopDeleted = t.app.events.on('listing.deleted', async (event) => {
      if (event.listingId === ad.id) pageAfterDelete = await publicAd(ad.id);
    });
    try {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/listings/${ad.id}`,
        headers: bearer(seller.access_token),
      });
      expect(res.statusCode).toBe(204);
    } finally {
      stopDeleted();
    }
    expect(pageAfterDelete).toBeNull();
  });

  it('a saved ad’s cached page shows the new favourites count when favorite.added arrives', async () => {
    const ad = await createAd(t, seller.access_token, adBody({ title: 'Lederjacke Vintage' }));
    expect((await publicAd(ad.id))?.favorites_count).toBe(0);
    const counts: number[] = [];
    const stop = t.app.events.on('favorite.added', async (event) => {
      if (event.listingId !== ad.id) return;
      counts.push(event.favoritesCount, (await publicAd(ad.id))?.favorites_count ?? -1);
    });
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/favorites/${ad.id}`,
        headers: bearer(buyer.access_token),
      });
      expect(res.statusCode).toBe(201);
    } finally {
      stop();
    }
    expect(counts).toEqual([1, 1]);
  });
});

describe('a cache invalidated while a computation runs', () => {
  it('never stores what that computation read before the change', async () => {
    const cache = new CountCache<string>(60_000);
    let finish: (value: string) => void = () => {};
    const before = cache.get('feed', () => new Promise<string>((resolve) => (finish = resolve)));
    // The change commits and its event clears the cache while the old read is still running.
    cache.invalidate();
    finish('alt');
    expect(await before).toBe('alt');
    expect(await cache.get('feed', async () => 'neu')).toBe('neu');
  });
});
