import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type RegisteredMember } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { adBody, createAd, jpeg, makeAdmin, postAd, verifiedMember } from './helpers/marketplace.ts';

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

  it('a NUL byte in a key of a JSON body, at any depth', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: bearer(member.access_token),
      payload: { nickname: 'Prüferin', 'x\u0000': { 'y\u0000': 1 } },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe(
      "Feld 'x\uFFFD': Der Text enthält ungültige Zeichen (z. B. Steuerzeichen).",
    );
  });

  it('a NUL byte in what an administrator searches, filters, decides and gives as a reason, changing nothing', async () => {
    const admin = await verifiedMember(t, { nickname: 'Verwalterin' });
    await makeAdmin(t, admin.user.id);
    const asAdmin = bearer(admin.access_token);
    const seller = await verifiedMember(t, { nickname: 'Antragsteller' });
    const sanctioned = await verifiedMember(t, { nickname: 'Gesperrter' });

    // A pending verification request of `seller` and an active suspension of `sanctioned`.
    const boundary = '----antragNul';
    const data = {
      kind: 'private',
      name: 'Bernd Beispiel',
      street: 'Hauptstraße 1',
      postal_code: '80331',
      city: 'München',
      phone: '+49 89 123456',
    };
    const form = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify(data)}\r\n`,
      ),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="ausweis.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      await jpeg(),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/verification',
      headers: {
        ...bearer(seller.access_token),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: form,
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const suspended = await t.app.inject({
      method: 'POST',
      url: `/api/admin/members/${sanctioned.user.id}/sanctions`,
      headers: asAdmin,
      payload: {
        kind: 'suspension',
        ends_at: new Date(Date.now() + 86_400_000).toISOString(),
        reason: 'Beleidigungen im Chat',
      },
    });
    expect(suspended.statusCode, suspended.body).toBe(201);

    const auditLog = async () =>
      (await t.app.inject({ url: '/api/admin/audit-log', headers: asAdmin })).json().entries.length;
    const memberPage = async (id: string) =>
      (await t.app.inject({ url: `/api/admin/members/${id}`, headers: asAdmin })).json();
    const entries = await auditLog();

    expect422(await t.app.inject({ url: '/api/admin/members?q=a%00b', headers: asAdmin }), 'q');
    for (const filter of ['action', 'target_id']) {
      expect422(await t.app.inject({ url: `/api/admin/audit-log?${filter}=x%00`, headers: asAdmin }), filter);
    }
    expect422(
      await t.app.inject({
        method: 'POST',
        url: `/api/admin/verifications/${applied.json().id}/decision`,
        headers: asAdmin,
        payload: { decision: 'reject', reason: 'Das Foto ist\u0000 unscharf.' },
      }),
      'reason',
    );
    expect422(
      await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/members/${seller.user.id}/role`,
        headers: asAdmin,
        payload: { role: 'ADMIN', reason: 'Neue\u0000 Moderatorin' },
      }),
      'reason',
    );
    expect422(
      await t.app.inject({
        method: 'POST',
        url: `/api/admin/members/${seller.user.id}/sanctions`,
        headers: asAdmin,
        payload: { kind: 'ban', reason: 'Betrug\u0000' },
      }),
      'reason',
    );
    expect422(
      await t.app.inject({
        method: 'POST',
        url: `/api/admin/members/${sanctioned.user.id}/sanctions/lift`,
        headers: asAdmin,
        payload: { reason: 'Irrtum\u0000' },
      }),
      'reason',
    );

    expect(await auditLog()).toBe(entries);
    const verification = await t.app.inject({
      url: '/api/verification/me',
      headers: bearer(seller.access_token),
    });
    expect(verification.json().verification).toMatchObject({ status: 'pending' });
    expect(await memberPage(seller.user.id)).toMatchObject({ member: { role: 'SELLER' }, sanctions: [] });
    expect((await memberPage(sanctioned.user.id)).active_sanction).toMatchObject({ kind: 'suspension' });
  });
});
