import type { FavoriteList, Listing } from '@marketplace/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type RegisteredMember } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { createAd, verifiedMember } from './helpers/marketplace.ts';

let t: TestApp;
let seller: RegisteredMember;
let fan: RegisteredMember;
let ad: Listing;
let second: Listing;

const add = (id: string, token = fan.access_token) =>
  t.app.inject({ method: 'POST', url: `/api/favorites/${id}`, headers: bearer(token) });
const drop = (id: string, token = fan.access_token) =>
  t.app.inject({ method: 'DELETE', url: `/api/favorites/${id}`, headers: bearer(token) });
const check = (id: string, token = fan.access_token) =>
  t.app.inject({ url: `/api/favorites/${id}/check`, headers: bearer(token) });
const list = async (token = fan.access_token) =>
  (await t.app.inject({ url: '/api/favorites', headers: bearer(token) })).json() as FavoriteList;
const favoritesCount = async (id: string) =>
  ((await t.app.inject({ url: `/api/listings/${id}` })).json() as Listing).favorites_count;

beforeAll(async () => {
  t = await startTestApp();
  seller = await verifiedMember(t);
  fan = await verifiedMember(t);
  ad = await createAd(t, seller.access_token, { title: 'Kinderfahrrad 20 Zoll' });
  second = await createAd(t, seller.access_token, { title: 'Laufrad aus Holz' });
});
afterAll(async () => t?.close());

describe('favourites (SPEC.md §7, §8)', () => {
  it('need a bearer token: 401 on every call', async () => {
    const calls = [
      t.app.inject({ url: '/api/favorites' }),
      t.app.inject({ method: 'POST', url: `/api/favorites/${ad.id}` }),
      t.app.inject({ method: 'DELETE', url: `/api/favorites/${ad.id}` }),
      t.app.inject({ url: `/api/favorites/${ad.id}/check` }),
      t.app.inject({ url: '/api/favorites', headers: { authorization: 'Bearer a.b.c' } }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        detail: 'Nicht authentifiziert - Bitte melden Sie sich erneut an',
        code: 'unauthorized',
      });
    }
  });

  it('POST without a body saves the ad (201) and raises its favourites count', async () => {
    const res = await add(ad.id);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ listing_id: ad.id, isFavorite: true, favorites_count: 1 });
    expect(await favoritesCount(ad.id)).toBe(1);
    expect((await check(ad.id)).json()).toEqual({ isFavorite: true });
  });

  it("answers a repeated POST with 400 and exactly 'Listing is already in favorites'", async () => {
    const res = await add(ad.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('Listing is already in favorites');
    expect(await favoritesCount(ad.id)).toBe(1);
  });

  it('answers 404 for an unknown ad', async () => {
    const res = await add('00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('Anzeige nicht gefunden');
    expect((await add('kein-uuid')).statusCode).toBe(404);
  });

  it('refuses saving one’s own ad with 400', async () => {
    const res = await add(ad.id, seller.access_token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: 'Du kannst deine eigene Anzeige nicht merken.',
      code: 'cannot_favorite_own',
    });
  });

  it('GET lists favourites newest first with listing_id, listing and created_at', async () => {
    await add(second.id);
    const body = await list();
    expect(body.favorites.map((f) => f.listing_id)).toEqual([second.id, ad.id]);
    const first = body.favorites[1];
    expect(first?.listing).toMatchObject({ id: ad.id, title: 'Kinderfahrrad 20 Zoll', is_favorite: true });
    expect(Date.parse(first?.created_at ?? '')).not.toBeNaN();
    expect((await list(seller.access_token)).favorites).toEqual([]);
  });

  it('marks favourites in lists for the member', async () => {
    const res = await t.app.inject({ url: '/api/listings', headers: bearer(fan.access_token) });
    const flags = Object.fromEntries((res.json().listings as Listing[]).map((l) => [l.id, l.is_favorite]));
    expect(flags).toEqual({ [ad.id]: true, [second.id]: true });
  });

  it('DELETE forgets it (204) and lowers the count; again 404', async () => {
    const res = await drop(ad.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await favoritesCount(ad.id)).toBe(0);
    expect((await check(ad.id)).json()).toEqual({ isFavorite: false });
    const again = await drop(ad.id);
    expect(again.statusCode).toBe(404);
    expect(again.json().detail).toBe('Diese Anzeige ist nicht in deinen Favoriten.');
  });

  it('check answers false for unknown ads', async () => {
    expect((await check('00000000-0000-4000-8000-000000000000')).json()).toEqual({ isFavorite: false });
    expect((await check('quatsch')).json()).toEqual({ isFavorite: false });
  });

  it('survive as a list entry when the ad is sold, and vanish with the ad', async () => {
    await t.app.inject({
      method: 'PATCH',
      url: `/api/listings/${second.id}`,
      headers: bearer(seller.access_token),
      payload: { status: 'sold' },
    });
    expect((await list()).favorites[0]?.listing.status).toBe('sold');
    await t.app.inject({
      method: 'DELETE',
      url: `/api/listings/${second.id}`,
      headers: bearer(seller.access_token),
    });
    expect((await list()).favorites).toEqual([]);
  });

  it("go with a member's account: the saved ads' counts drop, their ads disappear", async () => {
    const leaving = await verifiedMember(t);
    const theirs = await createAd(t, leaving.access_token, { title: 'Abschiedsgeschenk' });
    await add(theirs.id);
    await add(ad.id, leaving.access_token);
    expect(await favoritesCount(ad.id)).toBe(1);
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: bearer(leaving.access_token),
      payload: { password: leaving.password },
    });
    expect(res.statusCode).toBe(204);
    expect(await favoritesCount(ad.id)).toBe(0);
    expect((await t.app.inject({ url: `/api/listings/${theirs.id}` })).statusCode).toBe(404);
    expect((await list()).favorites.map((f) => f.listing_id)).not.toContain(theirs.id);
  });
});
