import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type RegisteredMember } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { adBody, createAd, postAd, verifiedMember } from './helpers/marketplace.ts';

/** Inputs that once made the server answer 500: each is a German 422 naming the field. */
describe('NUL bytes, overflowing prices and foreign cursors are 422, not 500', () => {
  let t: TestApp;
  let member: RegisteredMember;
  beforeAll(async () => {
    t = await startTestApp();
    member = await verifiedMember(t, { nickname: 'Prüferin' });
    await createAd(t, member.access_token, { title: 'Erstes Rad', price: 10 });
    await createAd(t, member.access_token, { title: 'Zweites Rad', price: 20 });
  });
  afterAll(async () => {
    await t?.close();
  });

  const expect422 = (
    res: { statusCode: number; json(): { detail: string; code: string } },
    field: string,
  ) => {
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('validation');
    expect(res.json().detail).toContain(`'${field}'`);
  };

  it('a NUL byte in the search text, the place completion and the suggestions', async () => {
    expect422(await t.app.inject({ url: '/api/listings?q=Fahrrad%00' }), 'q');
    expect422(await t.app.inject({ url: '/api/places?q=M%C3%BCn%00chen' }), 'q');
    expect422(await t.app.inject({ url: '/api/search/suggest?q=%00' }), 'q');
    expect422(await t.app.inject({ url: '/api/listings?attr.zustand=neu%00' }), 'attr.zustand');
  });

  it.each(['title', 'description', 'location'])('a NUL byte in an ad’s %s, new or changed', async (field) => {
    const res = await postAd(t, member.access_token, adBody({ [field]: 'Gutes Rad mit\u0000 Klingel' }));
    expect422(res, field);
    expect(res.json().detail).toContain('ungültige Zeichen');
    const ad = await createAd(t, member.access_token);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/listings/${ad.id}`,
      headers: bearer(member.access_token),
      payload: { [field]: 'Gutes Rad mit\u0000 Klingel' },
    });
    expect422(patch, field);
  });

  it('line breaks stay allowed in a description, not in a title', async () => {
    const ok = await postAd(
      t,
      member.access_token,
      adBody({ description: 'Zeile eins\nZeile zwei\tmit Tab' }),
    );
    expect(ok.statusCode).toBe(201);
    expect422(await postAd(t, member.access_token, adBody({ title: 'Zwei\nZeilen' })), 'title');
  });

  it('a price filter of 21,474,837 € or more', async () => {
    for (const value of ['21474837', '99999999999', '1e300']) {
      expect422(await t.app.inject({ url: `/api/listings?price_min=${value}` }), 'price_min');
      expect422(await t.app.inject({ url: `/api/listings?price_max=${value}` }), 'price_max');
    }
    expect((await t.app.inject({ url: '/api/listings?price_max=10000000' })).statusCode).toBe(200);
  });

  it('a cursor whose key has the wrong type for its sort', async () => {
    const page = (await t.app.inject({ url: '/api/listings?limit=1&sort=price-asc' })).json();
    expect(page.next_cursor).toEqual(expect.any(String));
    const real = JSON.parse(Buffer.from(page.next_cursor, 'base64url').toString('utf8'));
    const forged = (k: unknown, s = real.s) =>
      Buffer.from(JSON.stringify({ ...real, s, k }), 'utf8').toString('base64url');
    for (const [sort, cursor] of [
      ['price-asc', forged('kein-preis')],
      ['price-asc', forged(2 ** 40)],
      ['newest', forged(123, 'newest')],
      ['newest', forged('\u0000', 'newest')],
    ]) {
      expect422(await t.app.inject({ url: `/api/listings?limit=1&sort=${sort}&cursor=${cursor}` }), 'cursor');
    }
    expect(
      (await t.app.inject({ url: `/api/listings?limit=1&sort=price-asc&cursor=${page.next_cursor}` }))
        .statusCode,
    ).toBe(200);
  });

  it('a NUL byte in a chat message, a profile name and a report', async () => {
    const other = await verifiedMember(t);
    const ad = await createAd(t, member.access_token, { title: 'Rad für den Chat' });
    const conversation = await t.app.inject({
      method: 'POST',
      url: '/api/chat/conversations',
      headers: bearer(other.access_token),
      payload: { listing_id: ad.id },
    });
    const message = await t.app.inject({
      method: 'POST',
      url: `/api/chat/conversations/${conversation.json().id}/messages`,
      headers: bearer(other.access_token),
      payload: { client_id: crypto.randomUUID(), content: 'Hallo\u0000' },
    });
    expect422(message, 'content');
    expect422(
      await t.app.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: bearer(other.access_token),
        payload: { nickname: 'Nick\u0000' },
      }),
      'nickname',
    );
    expect422(
      await t.app.inject({
        method: 'POST',
        url: `/api/listings/${ad.id}/report`,
        headers: bearer(other.access_token),
        payload: { reason: 'other', comment: 'Betrug\u0000' },
      }),
      'comment',
    );
  });
});
