import type { CategoriesResponse, ListingList } from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../src/db/seed/index.ts';
import { DEMO_MEMBERS, DEMO_PASSWORD, demoEmail } from '../src/db/seed/members.ts';
import { bearer, login } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { countRows } from './helpers/marketplace.ts';

let t: TestApp;
let seconds = 0;

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.db.handle.db.execute(query)) as unknown as { rows: T[] }).rows;
const seed = () =>
  seedDemoData({
    db: t.app.database.db,
    categories: t.app.categories,
    storage: t.app.mediaStorage,
    log: { info() {} },
  });

beforeAll(async () => {
  t = await startTestApp();
  const started = Date.now();
  const summary = await seed();
  seconds = (Date.now() - started) / 1000;
  expect(summary).not.toBeNull();
});
afterAll(async () => t?.close());

describe('demo data (SEED_DEMO)', () => {
  it('creates about 20 verified members who log in with the documented password', async () => {
    expect(await countRows(t, 'users')).toBe(DEMO_MEMBERS.length);
    const [unverified] = await rows<{ n: number }>(
      sql`select count(*)::int as n from users where email_verified_at is null`,
    );
    expect(unverified?.n).toBe(0);
    const res = await login(
      t.app,
      demoEmail(DEMO_MEMBERS[0] as (typeof DEMO_MEMBERS)[number]),
      DEMO_PASSWORD,
    );
    expect(res.statusCode).toBe(200);
  });

  it('creates about 400 ads in every category and subcategory', async () => {
    const total = await countRows(t, 'listings');
    expect(total).toBeGreaterThanOrEqual(380);
    expect(total).toBeLessThanOrEqual(420);
    const categories = (await t.app.inject({ url: '/api/categories/all' })).json() as CategoriesResponse;
    const perCategory = await rows<{ category_id: number; n: number }>(
      sql`select category_id, count(*)::int as n from listings group by category_id`,
    );
    const counted = new Map(perCategory.map((row) => [row.category_id, row.n]));
    for (const parent of categories.categories) {
      expect(parent.listing_count, parent.slug).toBeGreaterThan(0);
      for (const sub of parent.subcategories)
        expect(counted.get(sub.id) ?? 0, sub.slug).toBeGreaterThanOrEqual(3);
    }
  });

  it('spreads statuses, ages over weeks and places across Germany', async () => {
    const statuses = await rows<{ status: string; n: number }>(
      sql`select case when status = 'active' and expires_at <= now() then 'expired' else status end as status,
                 count(*)::int as n from listings group by 1`,
    );
    const byStatus = Object.fromEntries(statuses.map((row) => [row.status, row.n]));
    expect(byStatus.active).toBeGreaterThan(250);
    expect(byStatus.reserved).toBeGreaterThan(5);
    expect(byStatus.sold).toBeGreaterThan(5);
    const [ages] = await rows<{ days: number }>(
      sql`select extract(epoch from (max(created_at) - min(created_at)))::int / 86400 as days from listings where expires_at > now()`,
    );
    expect(ages?.days).toBeGreaterThanOrEqual(21);
    const [places] = await rows<{ n: number; states: number }>(
      sql`select count(distinct l.postal_code)::int as n, count(distinct p.state)::int as states
          from listings l join postal_codes p on p.postal_code = l.postal_code`,
    );
    expect(places?.n).toBeGreaterThan(30);
    expect(places?.states).toBeGreaterThanOrEqual(10);
  });

  it('gives every ad 1–3 served photos, views and some favourites', async () => {
    const [photos] = await rows<{ min: number; max: number }>(
      sql`select min(jsonb_array_length(images))::int as min, max(jsonb_array_length(images))::int as max from listings`,
    );
    expect(photos).toEqual({ min: 1, max: 3 });
    const feed = (await t.app.inject({ url: '/api/listings?limit=5' })).json() as ListingList;
    const image = await t.app.inject({ url: feed.listings[0]?.images[0] as string });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(await countRows(t, 'favorites')).toBeGreaterThan(50);
    const [counts] = await rows<{ ok: boolean }>(
      sql`select bool_and(s.favorites_count = (select count(*) from favorites f where f.listing_id = s.listing_id)) as ok
          from listing_stats s`,
    );
    expect(counts?.ok).toBe(true);
    const [views] = await rows<{ n: number }>(sql`select sum(views)::int as n from listing_stats`);
    expect(views?.n).toBeGreaterThan(1000);
  });

  it('makes the ads findable and their attributes valid for the filters', async () => {
    const bikes = (await t.app.inject({ url: '/api/listings?q=Fahrrad' })).json() as ListingList;
    expect(bikes.total).toBeGreaterThan(0);
    const cars = (await t.app.inject({ url: '/api/listings?category=autos&limit=50' })).json() as ListingList;
    for (const car of cars.listings) expect(car.attributes.make).toBeTypeOf('string');
    const member = await login(
      t.app,
      demoEmail(DEMO_MEMBERS[1] as (typeof DEMO_MEMBERS)[number]),
      DEMO_PASSWORD,
    );
    const mine = await t.app.inject({ url: '/api/favorites', headers: bearer(member.json().access_token) });
    expect(mine.json().favorites.length).toBeGreaterThan(0);
  });

  it('runs once: a second start finds the data and adds nothing', async () => {
    expect(await seed()).toBeNull();
    expect(await countRows(t, 'users')).toBe(DEMO_MEMBERS.length);
  });

  it('finishes quickly on the embedded database', () => {
    expect(seconds).toBeLessThan(60);
  });
});
