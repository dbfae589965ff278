import type { CategoriesResponse, ListingList, Profile, ProfileCardList } from '@marketplace/contract';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rowDate, selectRows } from '../src/db/client.ts';
import { DEMO_FOLLOWS_EACH, seedDemoData } from '../src/db/seed/index.ts';
import { DEMO_MEMBERS, DEMO_PASSWORD, demoEmail } from '../src/db/seed/members.ts';
import { DEMO_BUSINESS_EMAILS, seedDemoShops } from '../src/db/seed/shops.ts';
import { bearer, login } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { countRows } from './helpers/marketplace.ts';

let t: TestApp;
let seconds = 0;

const rows = <Row extends z.ZodType>(row: Row, query: SQL) => selectRows(t.db.handle.db, row, query);
const seed = () =>
  seedDemoData({
    db: t.app.database.db,
    categories: t.app.categories,
    storage: t.app.mediaStorage,
    log: { info() {} },
    termsVersion: '2026-11-24',
  });
const seedShops = () =>
  seedDemoShops({
    db: t.app.database.db,
    categories: t.app.categories,
    storage: t.app.mediaStorage,
    log: t.app.log,
    termsVersion: '2026-11-24',
  });
/** Every demo account: the members and the shops' and providers' owners. */
const ACCOUNTS = DEMO_MEMBERS.length + DEMO_BUSINESS_EMAILS.length;

beforeAll(async () => {
  t = await startTestApp();
  const started = Date.now();
  const summary = await seed();
  expect(summary).not.toBeNull();
  // As on a first start: the shops with their owners and ads follow the members' demo data.
  expect(await seedShops()).toBe(20);
  seconds = (Date.now() - started) / 1000;
});
afterAll(async () => t?.close());

describe('demo data (SEED_DEMO)', () => {
  it('creates about 20 verified members who log in with the documented password', async () => {
    expect(await countRows(t, 'users')).toBe(ACCOUNTS);
    const [unverified] = await rows(
      z.object({ n: z.number() }),
      sql`select count(*)::int as n from users where email_verified_at is null`,
    );
    expect(unverified?.n).toBe(0);
    const res = await login(
      t.app,
      demoEmail(DEMO_MEMBERS[0] as (typeof DEMO_MEMBERS)[number]),
      DEMO_PASSWORD,
    );
    expect(res.statusCode).toBe(200);
    // They joined under the current AGB: no acceptance dialog on their first login.
    const me = await t.app.inject({ url: '/api/me', headers: bearer(res.json().access_token) });
    expect(me.json().terms_version).toBe('2026-11-24');
  });

  it('creates about 400 ads of members in every category and subcategory', async () => {
    const [members] = await rows(
      z.object({ n: z.number() }),
      sql`select count(*)::int as n from listings l
          where not exists (select 1 from business_profiles p where p.user_id = l.seller_id)`,
    );
    const total = members?.n ?? 0;
    expect(total).toBeGreaterThanOrEqual(380);
    expect(total).toBeLessThanOrEqual(420);
    const categories = (await t.app.inject({ url: '/api/categories/all' })).json() as CategoriesResponse;
    const perCategory = await rows(
      z.object({ category_id: z.number(), n: z.number() }),
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
    const statuses = await rows(
      z.object({ status: z.string(), n: z.number() }),
      sql`select case when status = 'active' and expires_at <= now() then 'expired' else status end as status,
                 count(*)::int as n from listings group by 1`,
    );
    const byStatus = Object.fromEntries(statuses.map((row) => [row.status, row.n]));
    expect(byStatus.active).toBeGreaterThan(250);
    expect(byStatus.reserved).toBeGreaterThan(5);
    expect(byStatus.sold).toBeGreaterThan(5);
    const [ages] = await rows(
      z.object({ days: z.number() }),
      sql`select extract(epoch from (max(created_at) - min(created_at)))::int / 86400 as days from listings where expires_at > now()`,
    );
    expect(ages?.days).toBeGreaterThanOrEqual(21);
    const [places] = await rows(
      z.object({ n: z.number(), states: z.number() }),
      sql`select count(distinct l.postal_code)::int as n, count(distinct p.state)::int as states
          from listings l join postal_codes p on p.postal_code = l.postal_code`,
    );
    expect(places?.n).toBeGreaterThan(30);
    expect(places?.states).toBeGreaterThanOrEqual(10);
  });

  it('gives every ad 1–3 served photos, views and some favourites', async () => {
    const [photos] = await rows(
      z.object({ min: z.number(), max: z.number() }),
      sql`select min(jsonb_array_length(images))::int as min, max(jsonb_array_length(images))::int as max from listings`,
    );
    expect(photos).toEqual({ min: 1, max: 3 });
    const feed = (await t.app.inject({ url: '/api/listings?limit=5' })).json() as ListingList;
    const image = await t.app.inject({ url: feed.listings[0]?.images[0] as string });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(await countRows(t, 'favorites')).toBeGreaterThan(50);
    const [counts] = await rows(
      z.object({ ok: z.boolean() }),
      sql`select bool_and(s.favorites_count = (select count(*) from favorites f where f.listing_id = s.listing_id)) as ok
          from listing_stats s`,
    );
    expect(counts?.ok).toBe(true);
    const [views] = await rows(
      z.object({ n: z.number() }),
      sql`select sum(views)::int as n from listing_stats`,
    );
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
    expect(mine.json(), mine.body).toHaveProperty('favorites');
    expect(mine.json().favorites.length).toBeGreaterThan(0);
  });

  it('writes every ad as its category reads: jobs, requests, lost animals, prices, shipping, ages', async () => {
    const ads = await rows(
      z.object({
        title: z.string(),
        description: z.string(),
        price_cents: z.number(),
        price_type: z.string(),
        offer_type: z.string(),
        attributes: z.record(z.string(), z.unknown()),
        slug: z.string(),
        root: z.string(),
        shipping_attribute: z.boolean(),
      }),
      sql`select l.title, l.description, l.price_cents, l.price_type, l.offer_type, l.attributes,
                 c.slug, r.slug as root,
                 (c.attributes::text || r.attributes::text) like '%"shipping"%' as shipping_attribute
          from listings l join categories c on c.id = l.category_id
          join categories r on r.id = l.root_category_id`,
    );
    expect(ads.length).toBeGreaterThan(380);
    const sale =
      /verkaufe|privatverkauf|abzugeben|versand|verhandelbar|besichtigung|keine garantie|biete hier/i;
    const broken: string[] = [];
    const check = (ok: boolean, rule: string, ad: (typeof ads)[number]) => {
      if (!ok)
        broken.push(
          `${rule}: ${ad.slug} '${ad.title}' ${ad.price_type} ${ad.price_cents} – ${ad.description}`,
        );
    };
    for (const ad of ads) {
      const text = ad.description;
      if (ad.root === 'jobs') {
        check(ad.price_type === 'fixed' && ad.offer_type === 'offer', 'a job offers a fixed salary', ad);
        check(!sale.test(text), 'a job does not read like a sale', ad);
        check(
          ad.price_cents === 0
            ? /unvergütet/.test(text)
            : text.includes(`${(ad.price_cents / 100).toLocaleString('de-DE')} € brutto im Monat`),
          'a job states its salary or that there is none',
          ad,
        );
      }
      if (ad.offer_type === 'wanted') {
        check(!/^suche\b/i.test(ad.title), "a request's title does not repeat 'Suche'", ad);
        check(!sale.test(text), 'a request does not read like a sale', ad);
      }
      if (ad.slug === 'vermisste-tiere' || ad.slug === 'verloren-gefunden') {
        check(ad.price_cents === 0 && ad.price_type === 'fixed', 'lost and found has no price', ad);
        check(!/angebot|preis|ich suche/i.test(text), 'lost and found asks for no offers', ad);
      }
      if (['mietwohnungen', 'haeuser-zur-miete', 'wg-zimmer'].includes(ad.slug)) {
        check(ad.price_type === 'fixed', 'a rent is a fixed amount', ad);
      }
      const tickets = /(\d+)\s*(?:Karten|Tickets)/.exec(ad.title)?.[1];
      if (tickets) check(ad.attributes.quantity === Number(tickets), 'as many tickets as the title says', ad);
      check(ad.attributes.condition !== 'Defekt', 'demo goods work', ad);
      check(ad.price_type !== 'free' || ad.slug === 'zu-verschenken', "only gifts are 'Zu verschenken'", ad);
      check(ad.slug !== 'zu-verschenken' || ad.price_type === 'free', 'gifts are free', ad);
      check(
        !/verhandelbar|preisvorschläge/i.test(text) || ad.price_type === 'negotiable',
        'haggling only with VB',
        ad,
      );
      check(
        !/festpreis|preis ist fest/i.test(text) || ad.price_type === 'fixed',
        "'Festpreis' only when fixed",
        ad,
      );
      check(
        !/versand/i.test(text) || ad.attributes.shipping === 'Versand möglich',
        'shipping only when possible',
        ad,
      );
      check(
        ad.attributes.shipping !== 'Versand möglich' || !/abholung/i.test(text),
        'a shippable ad does not ask for pick-up',
        ad,
      );
      check(
        !('shipping' in ad.attributes) || ad.shipping_attribute,
        'shipping only where the category has it',
        ad,
      );
      const months = ad.attributes.age_months;
      check(
        months === undefined || (typeof months === 'number' && months < 12),
        'ages over a year in years',
        ad,
      );
    }
    expect(broken).toEqual([]);
    // The rules are not met by leaving things out: the ad kinds are all there.
    expect(ads.filter((ad) => ad.root === 'jobs' && ad.price_cents > 0).length).toBeGreaterThan(30);
    expect(ads.filter((ad) => ad.offer_type === 'wanted').length).toBeGreaterThan(5);
    expect(ads.filter((ad) => ad.attributes.age_months !== undefined).length).toBeGreaterThan(5);
    expect(ads.filter((ad) => ad.attributes.shipping === 'Versand möglich').length).toBeGreaterThan(20);
  });

  it('lets every member join before their first ad, on different days in the past', async () => {
    const members = await rows(
      z.object({ joined: rowDate, first_ad: rowDate.nullable(), verified: rowDate }),
      sql`select u.created_at as joined, u.email_verified_at as verified,
                 (select min(l.created_at) from listings l where l.seller_id = u.id) as first_ad
          from users u`,
    );
    for (const member of members) {
      expect(member.joined.getTime()).toBeLessThan(Date.now());
      if (member.first_ad) expect(member.joined < member.first_ad).toBe(true);
      expect(member.verified.getTime()).toBeGreaterThanOrEqual(member.joined.getTime());
    }
    const months = new Set(members.map((member) => member.joined.toISOString().slice(0, 7)));
    expect(months.size).toBeGreaterThan(5);
  });

  it('lets every member follow four others, so the follow feed shows their ads', async () => {
    const [counts] = await rows(
      z.object({ follows: z.number(), followers: z.number(), self: z.number() }),
      sql`select count(*)::int as follows,
                 count(distinct followed_id)::int as followers,
                 count(*) filter (where follower_id = followed_id)::int as self
          from follows`,
    );
    expect(counts).toEqual({
      follows: DEMO_MEMBERS.length * DEMO_FOLLOWS_EACH,
      followers: DEMO_MEMBERS.length,
      self: 0,
    });
    const res = await login(
      t.app,
      demoEmail(DEMO_MEMBERS[0] as (typeof DEMO_MEMBERS)[number]),
      DEMO_PASSWORD,
    );
    const feed = await t.app.inject({ url: '/api/me/feed', headers: bearer(res.json().access_token) });
    expect(feed.statusCode).toBe(200);
    expect((feed.json() as ListingList).listings.length).toBeGreaterThan(0);
  });

  it('files a few open ad reports by other members, so the admin dashboard is not empty', async () => {
    const reports = await rows(
      z.object({ reporter_id: z.string(), seller_id: z.string(), listing_id: z.string() }),
      sql`select r.reporter_id, l.seller_id, r.target_id as listing_id
          from reports r join listings l on l.id = r.target_id where r.target_type = 'listing'`,
    );
    expect(reports.length).toBeGreaterThanOrEqual(4);
    for (const report of reports) expect(report.reporter_id).not.toBe(report.seller_id);
    expect(new Set(reports.map((r) => r.listing_id)).size).toBeLessThan(reports.length);
  });

  it('adds ten shops and ten providers with drawn logos, banners or captioned references, hours or an area with services, once', async () => {
    expect(await seedShops()).toBe(0);
    for (const kind of ['shop', 'provider'] as const) {
      const list = (await t.app.inject({ url: `/api/profiles?kind=${kind}` })).json() as ProfileCardList;
      expect(list.total).toBe(10);
      expect(new Set(list.profiles.map((p) => p.city)).size).toBeGreaterThanOrEqual(8);
      for (const card of list.profiles) {
        expect(card.logo).toMatch(/^\/api\/images\//);
        expect((await t.app.inject({ url: card.logo as string })).statusCode).toBe(200);
      }
      const first = (await t.app.inject({ url: `/api/profiles/${list.profiles[0]?.id}` })).json() as Profile;
      expect(first.verified).toBe(true);
      if (kind === 'shop') expect(first.hours.length).toBeGreaterThan(0);
      else expect([first.area?.radius_km, first.services.length > 0]).toEqual([expect.any(Number), true]);
      // A shop shows a drawn banner; a provider two or three captioned reference photos.
      for (const card of list.profiles) {
        const profile = (await t.app.inject({ url: `/api/profiles/${card.id}` })).json() as Profile;
        if (kind === 'shop') {
          expect(profile.banner, profile.display_name).toMatch(/^\/api\/images\//);
          expect((await t.app.inject({ url: profile.banner as string })).statusCode).toBe(200);
        } else {
          expect(profile.photos.length, profile.display_name).toBeGreaterThanOrEqual(2);
          expect(profile.photos.length, profile.display_name).toBeLessThanOrEqual(3);
          for (const photo of profile.photos) {
            expect(photo.caption.length).toBeGreaterThan(0);
            expect(photo.caption.length).toBeLessThanOrEqual(120);
            expect((await t.app.inject({ url: photo.url })).statusCode).toBe(200);
          }
        }
      }
    }
  });

  it('gives every shop 5–20 active ads of its own, in its categories, at its postal code', async () => {
    const shops = await rows(
      z.object({
        name: z.string(),
        postal_code: z.string(),
        categories: z.array(z.string()),
        ads: z.array(
          z.object({
            slug: z.string(),
            root: z.string(),
            postal_code: z.string(),
            status: z.string(),
            price_type: z.string(),
            description: z.string(),
          }),
        ),
      }),
      sql`select p.name, p.postal_code, p.categories,
                 coalesce(jsonb_agg(jsonb_build_object('slug', c.slug, 'root', r.slug,
                   'postal_code', l.postal_code, 'status', l.status, 'price_type', l.price_type,
                   'description', l.description))
                   filter (where l.id is not null), '[]') as ads
          from business_profiles p
          left join listings l on l.seller_id = p.user_id and l.expires_at > now()
          left join categories c on c.id = l.category_id
          left join categories r on r.id = l.root_category_id
          where p.kind = 'shop' group by p.id`,
    );
    expect(shops).toHaveLength(10);
    for (const shop of shops) {
      const active = shop.ads.filter((ad) => ad.status === 'active');
      expect(active.length, shop.name).toBeGreaterThanOrEqual(5);
      expect(active.length, shop.name).toBeLessThanOrEqual(20);
      for (const ad of shop.ads) {
        expect(
          shop.categories.includes(ad.slug) || shop.categories.includes(ad.root),
          `${shop.name}: ${ad.slug}`,
        ).toBe(true);
        expect(ad.postal_code, shop.name).toBe(shop.postal_code);
        expect(ad.description, shop.name).not.toMatch(/privatverkauf|privat/i);
      }
    }
    // Traders sell at fixed prices, mostly.
    const ads = shops.flatMap((shop) => shop.ads);
    expect(ads.filter((ad) => ad.price_type === 'fixed').length / ads.length).toBeGreaterThan(0.7);
  });

  it("gives the shops and providers owners of their own, and the members' ads stay private", async () => {
    const owners = await rows(
      z.object({ email: z.string() }),
      sql`select distinct u.email from business_profiles p join users u on u.id = p.user_id`,
    );
    expect(owners.map((owner) => owner.email).sort()).toEqual([...DEMO_BUSINESS_EMAILS].sort());
    const members = new Set(DEMO_MEMBERS.map((member) => demoEmail(member)));
    for (const owner of owners) expect(members.has(owner.email), owner.email).toBe(false);
    const [business] = await rows(
      z.object({ n: z.number() }),
      sql`select count(*)::int as n from seller_verifications v join users u on u.id = v.user_id
          where v.kind = 'business' and v.status = 'approved'
            and u.email in (${sql.join(
              [...members].map((email) => sql`${email}`),
              sql`, `,
            )})`,
    );
    expect(business?.n).toBe(0);
    const res = await login(t.app, DEMO_BUSINESS_EMAILS[0] as string, DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
  });

  it('runs once: a second start finds the data and adds nothing', async () => {
    expect(await seed()).toBeNull();
    expect(await seedShops()).toBe(0);
    expect(await countRows(t, 'users')).toBe(ACCOUNTS);
  });

  it('finishes quickly on the embedded database', () => {
    expect(seconds).toBeLessThan(60);
  });
});
