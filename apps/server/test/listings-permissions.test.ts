import type { Favorite, Listing, ListingList, MyListingList } from '@marketplace/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type RegisteredMember } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { adBody, createAd, makeAdmin, verifiedMember } from './helpers/marketplace.ts';

/**
 * Every ad in an answer says what the caller may do with it (`can`, ARCHITECTURE.md "modules",
 * docs/decisions/0006-module-doors.md): the web shows 'Bearbeiten' because the server said so.
 */
let t: TestApp;
let seller: RegisteredMember;
let member: RegisteredMember;
let admin: RegisteredMember;
let ad: Listing;

const NOTHING = { edit: false, delete: false, favorite: false, report: false, message: false, manage: false };
const OWNER = { edit: true, delete: true, favorite: false, report: false, message: false, manage: true };
const OTHER = { edit: false, delete: false, favorite: true, report: true, message: true, manage: false };
// An ADMIN edits and deletes every ad, but only the seller has it among their own ads.
const ADMIN_ON_OTHERS = {
  edit: true,
  delete: true,
  favorite: true,
  report: true,
  message: true,
  manage: false,
};

beforeAll(async () => {
  t = await startTestApp();
  seller = await verifiedMember(t, { nickname: 'Verkäuferin' });
  member = await verifiedMember(t, { nickname: 'Käufer' });
  admin = await verifiedMember(t, { nickname: 'Aufsicht' });
  await makeAdmin(t, admin.user.id);
  ad = await createAd(t, seller.access_token, adBody({ title: 'Rennrad Stahlrahmen' }));
});
afterAll(async () => t?.close());

async function adAs(token: string | null, id = ad.id): Promise<Listing> {
  const res = await t.app.inject({ url: `/api/listings/${id}`, headers: token ? bearer(token) : {} });
  expect(res.statusCode).toBe(200);
  return res.json() as Listing;
}

describe('what a viewer may do with an ad (can)', () => {
  it('gives a visitor without a token nothing, also from the cached public answer', async () => {
    expect((await adAs(null)).can).toEqual(NOTHING);
    // A member's answer in between must not end up in the visitors' cache, nor the reverse.
    expect((await adAs(seller.access_token)).can).toEqual(OWNER);
    expect((await adAs(null)).can).toEqual(NOTHING);
    const list = (await t.app.inject({ url: '/api/listings?limit=5' })).json() as ListingList;
    expect(list.listings.find((l) => l.id === ad.id)?.can).toEqual(NOTHING);
  });

  it('lets the seller edit and delete their own ad, but not save, report or message it', async () => {
    expect((await adAs(seller.access_token)).can).toEqual(OWNER);
    const mine = (
      await t.app.inject({ url: '/api/me/listings', headers: bearer(seller.access_token) })
    ).json() as MyListingList;
    expect(mine.listings[0]?.can).toEqual(OWNER);
  });

  it('shows a member can.edit false on another member’s ad, true on their own', async () => {
    expect((await adAs(member.access_token)).can).toEqual(OTHER);
    const own = await createAd(t, member.access_token, adBody({ title: 'Kinderwagen' }));
    expect(own.can).toEqual(OWNER);
    expect((await adAs(member.access_token, own.id)).can.edit).toBe(true);
    const list = (
      await t.app.inject({ url: '/api/listings?limit=10', headers: bearer(member.access_token) })
    ).json() as ListingList;
    expect(list.listings.find((l) => l.id === ad.id)?.can).toEqual(OTHER);
    expect(list.listings.find((l) => l.id === own.id)?.can).toEqual(OWNER);
    // The same rule guards the write: the member's change of another member's ad is refused.
    const refused = await t.app.inject({
      method: 'PATCH',
      url: `/api/listings/${ad.id}`,
      headers: bearer(member.access_token),
      payload: { title: 'Fremd geändert' },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('gives an ADMIN can.edit on someone else’s ad, and the change goes through', async () => {
    expect((await adAs(admin.access_token)).can).toEqual(ADMIN_ON_OTHERS);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/listings/${ad.id}`,
      headers: bearer(admin.access_token),
      payload: { title: 'Rennrad Stahlrahmen (geprüft)' },
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as Listing).title).toBe('Rennrad Stahlrahmen (geprüft)');
    expect((res.json() as Listing).can.edit).toBe(true);
    // The ADMIN's own ad is theirs to manage like any seller's.
    const own = await createAd(t, admin.access_token, adBody({ title: 'Werkzeugkoffer' }));
    expect(own.can).toEqual(OWNER);
    expect((await adAs(admin.access_token, own.id)).can).toEqual(OWNER);
  });

  it('carries the member’s permissions in their favourites', async () => {
    const saved = await t.app.inject({
      method: 'POST',
      url: `/api/favorites/${ad.id}`,
      headers: bearer(member.access_token),
    });
    expect(saved.statusCode).toBe(201);
    const res = await t.app.inject({ url: '/api/favorites', headers: bearer(member.access_token) });
    const favorites = (res.json() as { favorites: Favorite[] }).favorites;
    expect(favorites[0]?.listing.can).toEqual(OTHER);
    expect(favorites[0]?.listing.is_favorite).toBe(true);
  });
});
