import { type EntityList, entityListSchema, type Listing, type PublicProfile } from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { selectRows } from '../src/db/client.ts';
import { bearer, type RegisteredMember } from './helpers/accounts.ts';
import { startTestApp } from './helpers/app.ts';
import { createAd, makeAdmin, verifiedMember } from './helpers/marketplace.ts';

/**
 * A member with an approved business verification is a shop: the directory's shops, the public
 * profile and the ad's seller card show the company name with its legal form, the nickname
 * beside it, and the directory's name search finds the shop by its company name.
 */
const t = await startTestApp();
afterAll(async () => {
  await t?.close();
});

const admin = await verifiedMember(t, { nickname: 'Adam Admin' });
await makeAdmin(t, admin.user.id);
const mara = await verifiedMember(t, { nickname: 'Mara' });
const paul = await verifiedMember(t, { nickname: 'Paul' });
const ad = await createAd(t, mara.access_token, { title: 'Trekkingrad 28 Zoll' });
await createAd(t, mara.access_token, { title: 'Citybike 26 Zoll' });
await createAd(t, paul.access_token, { title: 'Kinderrad 20 Zoll' });

/** Files a verification request for `member` and lets the admin approve it. */
async function approve(
  member: RegisteredMember,
  kind: 'private' | 'business',
  name: string,
  legalForm: string | null,
) {
  const [request] = await selectRows(
    t.db.handle.db,
    z.object({ id: z.string() }),
    sql`insert into seller_verifications (user_id, kind, name, legal_form, street, postal_code, city, phone, register_number)
        values (${member.user.id}::uuid, ${kind}, ${name}, ${legalForm}, 'Marktplatz 5', '10115', 'Berlin', '030 987654',
          ${kind === 'business' ? 'HRB 12345 B' : null})
        returning id`,
  );
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/verifications/${request?.id}/decision`,
    headers: bearer(admin.access_token),
    payload: { decision: 'approve' },
  });
  expect(res.statusCode, res.body).toBe(200);
}
await approve(mara, 'business', 'Fahrradhaus Müller', 'GmbH');
// A verified private seller is no shop and keeps being shown by the nickname.
await approve(paul, 'private', 'Paul Privatmann', null);

async function directory(query: string): Promise<EntityList> {
  const res = await t.app.inject({ url: `/api/entities${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return entityListSchema.parse(res.json());
}

describe('shops by their company names', () => {
  it('names a shop in the directory by its company name and legal form, the nickname beside it', async () => {
    const shops = await directory('?type=shops');
    expect(shops.entities.map((entity) => [entity.id, entity.name, entity.member_name])).toEqual([
      [mara.user.id, 'Fahrradhaus Müller GmbH', 'Mara'],
    ]);
    expect(shops.entities[0]?.reputation.badge).toBe('business');
  });

  it('finds a shop by its company name, with or without the legal form, and by the nickname', async () => {
    for (const q of ['fahrradhaus', 'Müller GmbH', 'MÜLLER', 'Mara']) {
      const found = await directory(`?type=shops&q=${encodeURIComponent(q)}`);
      expect([q, found.entities.map((entity) => entity.name)]).toEqual([q, ['Fahrradhaus Müller GmbH']]);
    }
    for (const q of ['Privatmann', 'Paul', 'GmbH AG', '%']) {
      const found = await directory(`?type=shops&q=${encodeURIComponent(q)}`);
      expect([q, found.entities]).toEqual([q, []]);
    }
  });

  it('heads the public profile with the company name of a shop only', async () => {
    const shop = (await t.app.inject({ url: `/api/users/${mara.user.id}` })).json() as PublicProfile;
    expect(shop).toMatchObject({ display_name: 'Mara', business_name: 'Fahrradhaus Müller GmbH' });
    const privateSeller = (await t.app.inject({ url: `/api/users/${paul.user.id}` })).json() as PublicProfile;
    expect(privateSeller).toMatchObject({ display_name: 'Paul', business_name: null });
  });

  it("gives the ad's seller card the company name and legal form beside the nickname", async () => {
    const res = await t.app.inject({ url: `/api/listings/${ad.id}` });
    expect(res.statusCode).toBe(200);
    const { seller } = res.json() as Listing;
    expect(seller).toMatchObject({ name: 'Mara', badge: 'business' });
    expect(seller.trader).toMatchObject({ name: 'Fahrradhaus Müller', legal_form: 'GmbH' });
  });
});
