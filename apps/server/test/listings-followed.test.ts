import { type ListingList, listingListSchema } from '@marketplace/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type RegisteredMember } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { createAd, verifiedMember } from './helpers/marketplace.ts';

/** `GET /api/me/feed`: the ads of the members I follow, newest first, keyset paged. */
let t: TestApp;
let reader: RegisteredMember;
let anna: RegisteredMember;
let ben: RegisteredMember;
let stranger: RegisteredMember;
const posted: { anna: string[]; ben: string[] } = { anna: [], ben: [] };

const follow = (who: RegisteredMember, whom: RegisteredMember, method: 'POST' | 'DELETE' = 'POST') =>
  t.app.inject({ method, url: `/api/follow/${whom.user.id}`, headers: bearer(who.access_token) });

async function feed(member: RegisteredMember, query = ''): Promise<ListingList> {
  const res = await t.app.inject({ url: `/api/me/feed${query}`, headers: bearer(member.access_token) });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toMatch(/no-store/);
  return listingListSchema.parse(res.json());
}

beforeAll(async () => {
  t = await startTestApp();
  const members = await Promise.all(
    ['Leserin', 'Anna', 'Ben', 'Fremder'].map((nickname) => verifiedMember(t, { nickname })),
  );
  [reader, anna, ben, stranger] = members as [
    RegisteredMember,
    RegisteredMember,
    RegisteredMember,
    RegisteredMember,
  ];
  for (let i = 0; i < 3; i++)
    posted.anna.push((await createAd(t, anna.access_token, { title: `Annas Rad ${i}` })).id);
  for (let i = 0; i < 2; i++)
    posted.ben.push((await createAd(t, ben.access_token, { title: `Bens Rad ${i}` })).id);
  await createAd(t, stranger.access_token, { title: 'Fremdes Rad' });
  await createAd(t, reader.access_token, { title: 'Mein eigenes Rad' });
  expect((await follow(reader, anna)).statusCode).toBeLessThan(300);
  expect((await follow(reader, ben)).statusCode).toBeLessThan(300);
});
afterAll(async () => t?.close());

describe('GET /api/me/feed', () => {
  it('answers the followed members’ ads newest first, none of others or my own', async () => {
    const answer = await feed(reader);
    expect(answer.listings.map((listing) => listing.id)).toEqual(
      [...posted.ben].reverse().concat([...posted.anna].reverse()),
    );
    expect(answer.total).toBe(5);
    expect(answer.next_cursor).toBeNull();
  });

  it('pages by cursor without repeating or skipping an ad', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 10; pages++) {
      const answer: ListingList = await feed(reader, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(answer.listings.length).toBeLessThanOrEqual(2);
      seen.push(...answer.listings.map((listing) => listing.id));
      cursor = answer.next_cursor;
      if (!cursor) break;
    }
    expect(seen).toEqual((await feed(reader)).listings.map((listing) => listing.id));
  });

  it('drops a member’s ads once I unfollow them, and hides ads that are no longer active', async () => {
    const sold = await t.app.inject({
      method: 'PATCH',
      url: `/api/listings/${posted.anna[0]}`,
      headers: bearer(anna.access_token),
      payload: { status: 'sold' },
    });
    expect(sold.statusCode, sold.body).toBe(200);
    expect((await feed(reader)).listings.map((listing) => listing.id)).not.toContain(posted.anna[0]);
    expect((await follow(reader, ben, 'DELETE')).statusCode).toBeLessThan(300);
    const ids = (await feed(reader)).listings.map((listing) => listing.id);
    for (const id of posted.ben) expect(ids).not.toContain(id);
    expect(ids).toEqual([posted.anna[2], posted.anna[1]]);
    expect((await follow(reader, ben)).statusCode).toBeLessThan(300);
  });

  it('is empty for a member who follows nobody, needs a login, and refuses bad input in German', async () => {
    expect((await feed(stranger)).listings).toEqual([]);
    expect((await t.app.inject({ url: '/api/me/feed' })).statusCode).toBe(401);
    const bad = await t.app.inject({
      url: '/api/me/feed?cursor=kaputt',
      headers: bearer(reader.access_token),
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toMatch(/Ungültiger Cursor/);
    // A cursor of 'Meine Anzeigen' is not one of this list.
    const mine = await t.app.inject({ url: '/api/me/listings?limit=1', headers: bearer(anna.access_token) });
    const other = await t.app.inject({
      url: `/api/me/feed?cursor=${mine.json().next_cursor}`,
      headers: bearer(reader.access_token),
    });
    expect(other.statusCode).toBe(422);
    const tooMany = await t.app.inject({
      url: '/api/me/feed?limit=1000',
      headers: bearer(reader.access_token),
    });
    expect(tooMany.statusCode).toBe(422);
  });
});
