import { type EntityList, entityListSchema } from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type RegisteredMember } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { createAd, verifiedMember } from './helpers/marketplace.ts';

/**
 * `GET /api/entities`: the directory of /entities. Each test runs in its own app, so the
 * members below are all there are.
 */
let t: TestApp;
let anna: RegisteredMember;
let ben: RegisteredMember;
let carla: RegisteredMember;
let dora: RegisteredMember;

async function directory(query = ''): Promise<EntityList> {
  const res = await t.app.inject({ url: `/api/entities${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return entityListSchema.parse(res.json());
}
const names = (list: EntityList) => list.entities.map((entity) => entity.name);

beforeAll(async () => {
  t = await startTestApp();
  const members = await Promise.all(
    ['Anna Rad', 'Ben Babysitter', 'Carla Handel', 'Dora Ohne'].map((nickname) =>
      verifiedMember(t, { nickname }),
    ),
  );
  [anna, ben, carla, dora] = members as [
    RegisteredMember,
    RegisteredMember,
    RegisteredMember,
    RegisteredMember,
  ];
  for (let i = 0; i < 3; i++) await createAd(t, anna.access_token, { title: `Rad ${i}` });
  await createAd(t, ben.access_token, {
    title: 'Kinderbetreuung am Nachmittag',
    description: 'Ich passe nachmittags zuverlässig auf Ihre Kinder auf.',
    category: 'kinderbetreuung',
    attributes: {},
  });
  for (let i = 0; i < 2; i++) await createAd(t, carla.access_token, { title: `Händlerrad ${i}` });
  // Dora's only ad is sold: she has no visible ad.
  const sold = await createAd(t, dora.access_token, { title: 'Verkauftes Rad' });
  const res = await t.app.inject({
    method: 'PATCH',
    url: `/api/listings/${sold.id}`,
    headers: bearer(dora.access_token),
    payload: { status: 'sold' },
  });
  expect(res.statusCode).toBe(200);
  // Carla is an approved business seller.
  await t.db.handle.db.execute(
    sql`insert into seller_verifications (user_id, kind, status, name, street, postal_code, city, phone)
        values (${carla.user.id}::uuid, 'business', 'approved', 'Carla Handel GmbH', 'Hauptstr. 1', '80331', 'München', '089 123456')`,
  );
});
afterAll(async () => t?.close());

describe('GET /api/entities', () => {
  it('lists members with visible ads, the most ads first, with their reputation', async () => {
    const list = await directory();
    expect(names(list)).toEqual(['Anna Rad', 'Carla Handel', 'Ben Babysitter']);
    expect(list.entities.map((entity) => entity.active_listings)).toEqual([3, 2, 1]);
    expect(list.total).toBe(3);
    expect(list).toMatchObject({ page: 1, page_size: 20 });
    const carlaEntry = list.entities.find((entity) => entity.id === carla.user.id);
    expect(carlaEntry?.reputation).toMatchObject({ verified: true, badge: 'business', email_verified: true });
    expect(JSON.stringify(list)).not.toMatch(/password|email"/);
  });

  it('answers shops (business sellers) and service providers (their service ads only)', async () => {
    expect(names(await directory('?type=shops'))).toEqual(['Carla Handel GmbH']);
    const providers = await directory('?type=providers');
    expect(names(providers)).toEqual(['Ben Babysitter']);
    expect(providers.entities[0]?.active_listings).toBe(1);
  });

  it('finds members by name, case-insensitive, wildcards literally', async () => {
    expect(names(await directory('?q=baby'))).toEqual(['Ben Babysitter']);
    expect(names(await directory(`?q=${encodeURIComponent('%')}`))).toEqual([]);
    expect(names(await directory('?type=shops&q=anna'))).toEqual([]);
  });

  it('pages and refuses bad input in German', async () => {
    expect((await directory('?page=2')).entities).toEqual([]);
    for (const query of ['?type=firmen', '?page=0', '?page=51', `?q=${'x'.repeat(101)}`]) {
      const res = await t.app.inject({ url: `/api/entities${query}` });
      expect(res.statusCode, query).toBe(422);
      expect(res.json().detail).toMatch(/^Parameter '(type|page|q)': (Ungültige Option|Zu klein|Zu groß)/);
    }
  });
});
