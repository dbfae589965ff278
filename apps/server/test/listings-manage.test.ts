import type { Listing, ListingList, MyListingList } from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type RegisteredMember } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { countRows, createAd, makeAdmin, uploadPhoto, verifiedMember } from './helpers/marketplace.ts';

let t: TestApp;
let owner: RegisteredMember;
let other: RegisteredMember;

beforeAll(async () => {
  t = await startTestApp();
  owner = await verifiedMember(t, { nickname: 'Eigentümerin' });
  other = await verifiedMember(t, { nickname: 'Jemand' });
});
afterAll(async () => t?.close());

const patch = (id: string, token: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/listings/${id}`, headers: bearer(token), payload });
const remove = (id: string, token: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/listings/${id}`, headers: bearer(token) });
const publicIds = async (query = '') =>
  ((await t.app.inject({ url: `/api/listings?limit=100${query}` })).json() as ListingList).listings.map(
    (l) => l.id,
  );

async function expire(id: string) {
  await t.db.handle.db.execute(
    sql`update listings set expires_at = now() - interval '1 day' where id = ${id}::uuid`,
  );
}

describe('PATCH /api/listings/{id}', () => {
  it('lets the owner change fields with the posting rules', async () => {
    const ad = await createAd(t, owner.access_token);
    const res = await patch(ad.id, owner.access_token, {
      title: 'Trekkingrad, frisch gewartet',
      price: 150.5,
      postal_code: '10115',
      attributes: { bike_type: 'Trekkingrad', frame_size_cm: 56 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Trekkingrad, frisch gewartet',
      price: 150.5,
      postal_code: '10115',
      location: 'Berlin',
      attributes: { bike_type: 'Trekkingrad', frame_size_cm: 56 },
    });
    const bad = await patch(ad.id, owner.access_token, { price: -3 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toBe("Feld 'price': Der Preis darf nicht negativ sein.");
    const badTitle = await patch(ad.id, owner.access_token, { title: 'x' });
    expect(badTitle.json().detail).toBe("Feld 'title': Der Titel muss mindestens 3 Zeichen lang sein.");
  });

  it('sets the price to 0 when the ad becomes free, and refuses a price on a free ad', async () => {
    const ad = await createAd(t, owner.access_token);
    expect((await patch(ad.id, owner.access_token, { price_type: 'free' })).json()).toMatchObject({
      price: 0,
      price_type: 'free',
    });
    const res = await patch(ad.id, owner.access_token, { price: 10 });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe("Feld 'price': Bei „Zu verschenken“ ist der Preis 0 €.");
  });

  it('checks the attributes again when the category changes', async () => {
    const ad = await createAd(t, owner.access_token);
    const res = await patch(ad.id, owner.access_token, { category: 'autos' });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe(
      "Feld 'attributes.bike_type': Dieses Merkmal gibt es in dieser Kategorie nicht.",
    );
    const moved = await patch(ad.id, owner.access_token, { category: 'autos', attributes: { make: 'Opel' } });
    expect(moved.json()).toMatchObject({ category: { slug: 'autos' }, attributes: { make: 'Opel' } });
  });

  it("refuses another member's change with 403 and changes nothing", async () => {
    const ad = await createAd(t, owner.access_token);
    const res = await patch(ad.id, other.access_token, { title: 'Übernommen!' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      detail: 'Keine Berechtigung, diese Anzeige zu bearbeiten.',
      code: 'listing_forbidden',
    });
    expect((await t.app.inject({ url: `/api/listings/${ad.id}` })).json().title).toBe(ad.title);
    const anonymous = await t.app.inject({
      method: 'PATCH',
      url: `/api/listings/${ad.id}`,
      payload: { title: 'x y z' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lets an administrator change any ad', async () => {
    const ad = await createAd(t, owner.access_token);
    const admin = await verifiedMember(t);
    await makeAdmin(t, admin.user.id);
    const res = await patch(ad.id, admin.access_token, { title: 'Von der Moderation gekürzt' });
    expect(res.statusCode).toBe(200);
    expect(res.json().seller.id).toBe(owner.user.id);
  });

  it('marks an ad reserved or sold: shown on its page and in my ads, not in public lists', async () => {
    const ad = await createAd(t, owner.access_token);
    expect(await publicIds()).toContain(ad.id);
    expect((await patch(ad.id, owner.access_token, { status: 'reserved' })).json().status).toBe('reserved');
    expect(await publicIds()).not.toContain(ad.id);
    expect(await publicIds(`&seller_id=${owner.user.id}`)).not.toContain(ad.id);
    expect((await t.app.inject({ url: `/api/listings/${ad.id}` })).json().status).toBe('reserved');
    expect((await patch(ad.id, owner.access_token, { status: 'sold' })).json().status).toBe('sold');
    const mine = (
      await t.app.inject({ url: '/api/me/listings', headers: bearer(owner.access_token) })
    ).json() as MyListingList;
    expect(mine.listings.find((l) => l.id === ad.id)?.status).toBe('sold');
    expect((await patch(ad.id, owner.access_token, { status: 'active' })).json().status).toBe('active');
    expect(await publicIds()).toContain(ad.id);
  });

  it('shows an ad past its expiry as expired everywhere, and reactivating runs it another 60 days', async () => {
    const ad = await createAd(t, owner.access_token);
    await expire(ad.id);
    expect((await t.app.inject({ url: `/api/listings/${ad.id}` })).json().status).toBe('expired');
    expect(await publicIds()).not.toContain(ad.id);
    const expired = (
      await t.app.inject({ url: '/api/me/listings?status=expired', headers: bearer(owner.access_token) })
    ).json() as MyListingList;
    expect(expired.listings.map((l) => l.id)).toContain(ad.id);
    const res = await patch(ad.id, owner.access_token, { status: 'active' });
    const revived = res.json() as Listing;
    expect(revived.status).toBe('active');
    expect(Date.parse(revived.expires_at) - Date.now()).toBeGreaterThan(59 * 86_400_000);
    expect(await publicIds()).toContain(ad.id);
  });
});

describe('POST /api/listings/{id}/extend', () => {
  it('runs an active or expired ad 60 days from now; others get 403; sold ads 409', async () => {
    const ad = await createAd(t, owner.access_token);
    await expire(ad.id);
    const forbidden = await t.app.inject({
      method: 'POST',
      url: `/api/listings/${ad.id}/extend`,
      headers: bearer(other.access_token),
    });
    expect(forbidden.statusCode).toBe(403);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/listings/${ad.id}/extend`,
      headers: bearer(owner.access_token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('active');
    expect(Date.parse(res.json().expires_at) - Date.now()).toBeGreaterThan(59 * 86_400_000);
    await patch(ad.id, owner.access_token, { status: 'sold' });
    const sold = await t.app.inject({
      method: 'POST',
      url: `/api/listings/${ad.id}/extend`,
      headers: bearer(owner.access_token),
    });
    expect(sold.statusCode).toBe(409);
    expect(sold.json().detail).toBe('Nur aktive oder abgelaufene Anzeigen können verlängert werden.');
  });
});

describe('DELETE /api/listings/{id}', () => {
  it("refuses another member's deletion with 403", async () => {
    const ad = await createAd(t, owner.access_token);
    const res = await remove(ad.id, other.access_token);
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe('Keine Berechtigung, diese Anzeige zu bearbeiten.');
    expect((await t.app.inject({ url: `/api/listings/${ad.id}` })).statusCode).toBe(200);
  });

  it('deletes the ad with its favourites and photos (204), then 404', async () => {
    const photo = await uploadPhoto(t, owner.access_token);
    const ad = await createAd(t, owner.access_token, { images: [photo] });
    await t.app.inject({
      method: 'POST',
      url: `/api/favorites/${ad.id}`,
      headers: bearer(other.access_token),
    });
    const favoritesBefore = await countRows(t, 'favorites');
    const res = await remove(ad.id, owner.access_token);
    expect(res.statusCode).toBe(204);
    expect(await countRows(t, 'favorites')).toBe(favoritesBefore - 1);
    expect((await t.app.inject({ url: `/api/listings/${ad.id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: photo })).statusCode).toBe(404);
    expect((await remove(ad.id, owner.access_token)).statusCode).toBe(404);
    const favs = await t.app.inject({ url: '/api/favorites', headers: bearer(other.access_token) });
    expect(favs.json().favorites.map((f: { listing_id: string }) => f.listing_id)).not.toContain(ad.id);
  });

  it('lets an administrator delete any ad', async () => {
    const ad = await createAd(t, owner.access_token);
    const admin = await verifiedMember(t);
    await makeAdmin(t, admin.user.id);
    expect((await remove(ad.id, admin.access_token)).statusCode).toBe(204);
  });
});

describe('photos on change', () => {
  it('removes photos taken off an ad and refuses photos of others', async () => {
    const keep = await uploadPhoto(t, owner.access_token);
    const drop = await uploadPhoto(t, owner.access_token);
    const ad = await createAd(t, owner.access_token, { images: [keep, drop] });
    const res = await patch(ad.id, owner.access_token, { images: [keep] });
    expect(res.json().images).toEqual([keep]);
    expect((await t.app.inject({ url: drop })).statusCode).toBe(404);
    expect((await t.app.inject({ url: keep })).statusCode).toBe(200);
    const foreign = await uploadPhoto(t, other.access_token);
    const refused = await patch(ad.id, owner.access_token, { images: [keep, foreign] });
    expect(refused.statusCode).toBe(422);
    expect((await t.app.inject({ url: `/api/listings/${ad.id}` })).json().images).toEqual([keep]);
  });
});

describe('GET /api/me/listings', () => {
  it('lists my ads in every status with views, favourites and counts per status; needs a token', async () => {
    const me = await verifiedMember(t);
    const a = await createAd(t, me.access_token, { title: 'Erste Anzeige' });
    const b = await createAd(t, me.access_token, { title: 'Zweite Anzeige' });
    const c = await createAd(t, me.access_token, { title: 'Dritte Anzeige' });
    const d = await createAd(t, me.access_token, { title: 'Vierte Anzeige' });
    await patch(b.id, me.access_token, { status: 'reserved' });
    await patch(c.id, me.access_token, { status: 'sold' });
    await expire(d.id);
    await t.app.inject({ url: `/api/listings/${a.id}` });
    await t.app.inject({
      method: 'POST',
      url: `/api/favorites/${a.id}`,
      headers: bearer(other.access_token),
    });
    const res = await t.app.inject({ url: '/api/me/listings', headers: bearer(me.access_token) });
    const body = res.json() as MyListingList;
    expect(body.listings.map((l) => [l.title, l.status])).toEqual([
      ['Vierte Anzeige', 'expired'],
      ['Dritte Anzeige', 'sold'],
      ['Zweite Anzeige', 'reserved'],
      ['Erste Anzeige', 'active'],
    ]);
    expect(body.listings[3]).toMatchObject({ views: 1, favorites_count: 1 });
    expect(body.counts).toEqual({ active: 1, reserved: 1, sold: 1, expired: 1, removed: 0 });
    expect(body.total).toBe(4);
    const page = (
      await t.app.inject({ url: '/api/me/listings?limit=3', headers: bearer(me.access_token) })
    ).json() as MyListingList;
    expect(page.listings).toHaveLength(3);
    const rest = (
      await t.app.inject({
        url: `/api/me/listings?limit=3&cursor=${page.next_cursor}`,
        headers: bearer(me.access_token),
      })
    ).json() as MyListingList;
    expect(rest.listings.map((l) => l.title)).toEqual(['Erste Anzeige']);
    expect(rest.next_cursor).toBeNull();
    expect((await t.app.inject({ url: '/api/me/listings' })).statusCode).toBe(401);
  });
});

describe('POST /api/listings/{id}/report', () => {
  it('stores a report for the administrators (201); a repeated one answers 409 and changes nothing', async () => {
    const ad = await createAd(t, owner.access_token);
    const report = (payload: object, token = other.access_token) =>
      t.app.inject({ method: 'POST', url: `/api/listings/${ad.id}/report`, headers: bearer(token), payload });
    const res = await report({ reason: 'fraud', comment: 'Preis zu gut, um wahr zu sein' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ detail: 'Danke! Wir prüfen die Anzeige.' });
    const again = await report({ reason: 'wrong_category' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      detail: 'Du hast diese Anzeige bereits gemeldet. Wir prüfen sie.',
      code: 'conflict',
    });
    expect(await countRows(t, "reports where target_type = 'listing' and reason = 'fraud'")).toBe(1);
    expect(await countRows(t, "reports where target_type = 'listing'")).toBe(1);
    const bad = await report({ reason: 'langweilig' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toBe("Feld 'reason': Bitte wähle einen Grund für die Meldung.");
    const own = await report({ reason: 'other' }, owner.access_token);
    expect(own.statusCode).toBe(422);
    expect(own.json().detail).toBe('Du kannst deine eigene Anzeige nicht melden.');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/listings/${ad.id}/report`,
      payload: { reason: 'fraud' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/listings/{id}/similar', () => {
  it('answers active ads of the same category nearest in price, without the ad itself', async () => {
    const seller = await verifiedMember(t);
    const base = await createAd(t, seller.access_token, {
      category: 'notebooks',
      title: 'ThinkPad X1',
      price: 500,
      attributes: {},
    });
    for (const price of [50, 450, 520, 900, 2000]) {
      await createAd(t, seller.access_token, {
        category: 'notebooks',
        title: `Notebook ${price}`,
        price,
        attributes: {},
      });
    }
    await createAd(t, seller.access_token, { category: 'pcs', title: 'PC 500', price: 500, attributes: {} });
    const res = await t.app.inject({ url: `/api/listings/${base.id}/similar?limit=3` });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { listings: Listing[] }).listings.map((l) => l.price)).toEqual([520, 450, 900]);
    const all = await t.app.inject({ url: `/api/listings/${base.id}/similar` });
    expect(all.json().listings).toHaveLength(5);
    expect((await t.app.inject({ url: '/api/listings/unbekannt/similar' })).statusCode).toBe(404);
  });
});

describe('public profile', () => {
  it('counts the member’s active ads', async () => {
    const member = await verifiedMember(t);
    await createAd(t, member.access_token);
    const sold = await createAd(t, member.access_token);
    await patch(sold.id, member.access_token, { status: 'sold' });
    const res = await t.app.inject({ url: `/api/users/${member.user.id}` });
    expect(res.json().active_listings).toBe(1);
  });
});
