import type { Listing } from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rowCount, selectRows } from '../src/db/client.ts';
import {
  bearer,
  PASSWORD,
  type RegisteredMember,
  registerMember,
  uniqueEmail,
  uniqueIp,
} from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { adBody, jpeg, postAd, upload, verifiedMember } from './helpers/marketplace.ts';

// Every limit counts and records a request in one transaction under an advisory lock of its
// bucket and key (docs/decisions/0005), so 200 requests at once never pass more than the limit.

const PARALLEL = 200;

let t: TestApp;
/** Every statement the application sent, to see which locks it takes. */
const statements: string[] = [];
let seller: RegisteredMember;
/** The ads the posting test stored (exactly the limit of 30). */
let ads: Listing[] = [];

beforeAll(async () => {
  t = await startTestApp({}, { onQuery: (query) => statements.push(query) });
  seller = await verifiedMember(t);
});
afterAll(async () => t?.close());

const statuses = (answers: LightMyRequestResponse[]) => {
  const counts: Record<number, number> = {};
  for (const res of answers) counts[res.statusCode] = (counts[res.statusCode] ?? 0) + 1;
  return counts;
};

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await selectRows(t.db.handle.db, z.object({ n: rowCount }), query);
  return row?.n ?? 0;
}

/** Records `n` earlier requests of `bucket` by `key` in the last minutes, as real requests would. */
async function earlierRequests(bucket: string, key: string, n: number): Promise<void> {
  await t.db.handle.db.execute(sql`
    insert into rate_limit_hits (bucket, key, created_at)
    select ${bucket}, ${key}, now() - interval '5 minutes' from generate_series(1, ${n})`);
}

function expectLimited(res: LightMyRequestResponse | undefined, reason: string): void {
  expect(res?.json().code).toBe('rate_limited');
  expect(res?.json().detail).toMatch(new RegExp(`^${reason} Bitte versuche es in \\d+ Minuten? erneut\\.$`));
  expect(Number(res?.headers['retry-after'])).toBeGreaterThan(0);
}

describe(`${PARALLEL} parallele Anfragen überschreiten keine Grenze`, () => {
  it('Anzeigen: genau 30 von 200 gleichzeitig aufgegebenen Anzeigen werden gespeichert', async () => {
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        postAd(t, seller.access_token, adBody({ title: `Fahrrad Nummer ${i + 1}` })),
      ),
    );
    expect(statuses(answers)).toEqual({ 201: 30, 429: 170 });
    expectLimited(
      answers.find((res) => res.statusCode === 429),
      'Du hast in kurzer Zeit sehr viele Anzeigen aufgegeben\\.',
    );
    expect(
      await count(sql`select count(*)::int as n from listings where seller_id = ${seller.user.id}::uuid`),
    ).toBe(30);
    ads = answers.filter((res) => res.statusCode === 201).map((res) => res.json() as Listing);
  });

  it('Registrierungen: genau 20 von 200 gleichzeitigen Registrierungen einer Adresse gelingen', async () => {
    const ip = uniqueIp();
    const emails = Array.from({ length: PARALLEL }, () => uniqueEmail('parallel'));
    const answers = await Promise.all(
      emails.map((email) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { email, password: PASSWORD },
          remoteAddress: ip,
        }),
      ),
    );
    expect(statuses(answers)).toEqual({ 202: 20, 429: 180 });
    expectLimited(
      answers.find((res) => res.statusCode === 429),
      'Zu viele Registrierungen von dieser Adresse\\.',
    );
    expect(
      await count(sql`select count(*)::int as n from users where email like ${`parallel.${process.pid}.%`}`),
    ).toBe(20);
  });

  it('Meldungen: höchstens 20 je Mitglied und Stunde, eine je Anzeige; eine zweite Meldung antwortet 409', async () => {
    expect(ads).toHaveLength(30);
    const reporter = await verifiedMember(t);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: `/api/listings/${ads[i % ads.length]?.id}/report`,
          headers: bearer(reporter.access_token),
          payload: { reason: 'fraud' },
        }),
      ),
    );
    const counts = statuses(answers);
    expect(counts[201]).toBe(20);
    expect((counts[409] ?? 0) + (counts[429] ?? 0)).toBe(180);
    expectLimited(
      answers.find((res) => res.statusCode === 429),
      'Du hast in kurzer Zeit sehr viele Anzeigen gemeldet\\.',
    );
    expect(
      await count(
        sql`select count(*)::int as n from reports where target_type = 'listing' and reporter_id = ${reporter.user.id}::uuid`,
      ),
    ).toBe(20);

    // One report per member and ad: the repeat changes nothing and costs nothing of the limit.
    const other = await verifiedMember(t);
    const report = (reason: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/listings/${ads[0]?.id}/report`,
        headers: bearer(other.access_token),
        payload: { reason },
      });
    expect((await report('fraud')).statusCode).toBe(201);
    const again = await report('other');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      detail: 'Du hast diese Anzeige bereits gemeldet. Wir prüfen sie.',
      code: 'conflict',
    });
    expect(
      await count(sql`select count(*)::int as n from reports
        where target_type = 'listing' and reporter_id = ${other.user.id}::uuid and reason = 'fraud'`),
    ).toBe(1);
    expect(
      await count(sql`select count(*)::int as n from rate_limit_hits
        where bucket = 'listing_report' and key = ${other.user.id}`),
    ).toBe(1);
  });

  it('Favoriten: höchstens 200 je Mitglied und Stunde, auch bei 200 gleichzeitigen Anfragen', async () => {
    const fan = await verifiedMember(t);
    await earlierRequests('favorite_add', fan.user.id, 190);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: `/api/favorites/${ads[i % ads.length]?.id}`,
          headers: bearer(fan.access_token),
        }),
      ),
    );
    const counts = statuses(answers);
    expect(counts[201]).toBe(10);
    expect((counts[400] ?? 0) + (counts[429] ?? 0)).toBe(190);
    expectLimited(
      answers.find((res) => res.statusCode === 429),
      'Du hast in kurzer Zeit sehr viele Anzeigen gemerkt\\.',
    );
    expect(
      await count(sql`select count(*)::int as n from favorites where user_id = ${fan.user.id}::uuid`),
    ).toBe(10);
    expect(
      await count(sql`select coalesce(sum(favorites_count), 0)::int as n from listing_stats
        where listing_id in (select listing_id from favorites where user_id = ${fan.user.id}::uuid)`),
    ).toBe(10);
  });

  it('Folgen: höchstens 100 neue je Mitglied und Stunde, auch bei 200 gleichzeitigen Anfragen', async () => {
    const follower = await verifiedMember(t);
    const targets: RegisteredMember[] = [];
    for (let i = 0; i < 20; i++) targets.push(await registerMember(t.app));
    await earlierRequests('follow', follower.user.id, 90);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: `/api/follow/${targets[i % targets.length]?.user.id}`,
          headers: bearer(follower.access_token),
        }),
      ),
    );
    const counts = statuses(answers);
    expect((counts[201] ?? 0) + (counts[429] ?? 0)).toBe(PARALLEL);
    expectLimited(
      answers.find((res) => res.statusCode === 429),
      'Du bist in kurzer Zeit sehr vielen Mitgliedern gefolgt\\.',
    );
    expect(
      await count(sql`select count(*)::int as n from follows where follower_id = ${follower.user.id}::uuid`),
    ).toBe(10);
    expect(
      await count(sql`select count(*)::int as n from rate_limit_hits
        where bucket = 'follow' and key = ${follower.user.id}`),
    ).toBe(100);
  });

  it('Fotos: höchstens 300 Uploads je Mitglied und Stunde, auch bei 200 gleichzeitigen Uploads', async () => {
    const photographer = await verifiedMember(t);
    await earlierRequests('upload', photographer.user.id, 290);
    const photo = await jpeg();
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () => upload(t, photographer.access_token, photo)),
    );
    expect(statuses(answers)).toEqual({ 201: 10, 429: 190 });
    expectLimited(
      answers.find((res) => res.statusCode === 429),
      'Du hast in kurzer Zeit sehr viele Fotos hochgeladen\\.',
    );
    expect(
      await count(sql`select count(*)::int as n from uploads where owner_id = ${photographer.user.id}::uuid`),
    ).toBe(10);
  });
});

describe('Aufrufe zählen je Mitglied oder Adresse, nicht je Browser', () => {
  const viewsOf = async (id: string) =>
    count(sql`select views as n from listing_stats where listing_id = ${id}::uuid`);

  it('30 verschiedene Browser einer Adresse zählen als ein Aufruf', async () => {
    const ad = ads[0] as Listing;
    const before = await viewsOf(ad.id);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.app.inject({
          url: `/api/listings/${ad.id}`,
          remoteAddress: '198.51.100.30',
          headers: { 'user-agent': `Browser/${i}.0 (Test ${i})` },
        }),
      ),
    );
    expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    expect(await viewsOf(ad.id)).toBe(before + 1);
    // IPv6: the whole /64 is one visitor.
    const v6 = await Promise.all(
      ['2001:db8:77:1::1', '2001:db8:77:1::2', '2001:db8:77:1:abcd::9'].map((remoteAddress) =>
        t.app.inject({ url: `/api/listings/${ad.id}`, remoteAddress }),
      ),
    );
    expect(v6.every((res) => res.statusCode === 200)).toBe(true);
    expect(await viewsOf(ad.id)).toBe(before + 2);
  });

  /** The pseudonym of the address that counted the newest view (`listing_view_caps`). */
  const newestCappedAddress = async () => {
    const [row] = await selectRows(
      t.db.handle.db,
      z.object({ address: z.string() }),
      sql`select address from listing_view_caps order by window_start desc limit 1`,
    );
    return row?.address as string;
  };

  it('200 gleichzeitige erste Aufrufe verschiedener Anzeigen von einer Adresse warten nicht aufeinander; genau 100 zählen', async () => {
    const ip = '198.51.100.40';
    const template = ads[0] as Listing;
    const copies = await selectRows(
      t.db.handle.db,
      z.object({ id: z.string() }),
      sql`insert into listings (seller_id, category_id, root_category_id, title, description, price_cents,
            price_type, offer_type, postal_code, location, latitude, longitude, expires_at)
          select seller_id, category_id, root_category_id, title || ' ' || n, description, price_cents,
            price_type, offer_type, postal_code, location, latitude, longitude, expires_at
          from listings, generate_series(1, ${PARALLEL}) n where id = ${template.id}::uuid
          returning id`,
    );
    const sumOfViews = () =>
      count(sql`select coalesce(sum(views), 0)::int as n from listing_stats
        where listing_id in (select jsonb_array_elements_text(${JSON.stringify(copies.map((c) => c.id))}::jsonb)::uuid)`);
    statements.length = 0;
    const answers = await Promise.all(
      copies.map((copy) => t.app.inject({ url: `/api/listings/${copy.id}`, remoteAddress: ip })),
    );
    expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    expect(await sumOfViews()).toBe(100);
    // No visit waited for a lock of the address: none was asked for.
    expect(statements.filter((query) => /advisory/i.test(query))).toEqual([]);
    const address = await newestCappedAddress();
    expect(await count(sql`select count::int as n from listing_view_caps where address = ${address}`)).toBe(
      100,
    );
    // A capped address costs no write: further first views of this instance send no statement to its cap.
    statements.length = 0;
    const more = await Promise.all(
      ads.slice(1, 6).map((ad) => t.app.inject({ url: `/api/listings/${ad.id}`, remoteAddress: ip })),
    );
    expect(more.every((res) => res.statusCode === 200)).toBe(true);
    expect(statements.filter((query) => /listing_view_caps|listing_views/.test(query))).toEqual([]);
  });

  it('eine Adresse zählt höchstens 100 Aufrufe am Tag über alle Anzeigen, auch bei 200 gleichzeitigen Aufrufen', async () => {
    const ip = '198.51.100.31';
    const first = ads[0] as Listing;
    await t.app.inject({ url: `/api/listings/${first.id}`, remoteAddress: ip });
    // 89 views counted earlier in the address's window, as real visits would have.
    const address = await newestCappedAddress();
    await t.db.handle.db.execute(
      sql`update listing_view_caps set count = count + 89 where address = ${address}`,
    );
    const rest = ads.slice(1);
    const before = await count(sql`select coalesce(sum(views), 0)::int as n from listing_stats
      where listing_id in (select id from listings where seller_id = ${seller.user.id}::uuid)`);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        t.app.inject({ url: `/api/listings/${rest[i % rest.length]?.id}`, remoteAddress: ip }),
      ),
    );
    // Every visit is shown; only the first 10 new ones are counted.
    expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    const after = await count(sql`select coalesce(sum(views), 0)::int as n from listing_stats
      where listing_id in (select id from listings where seller_id = ${seller.user.id}::uuid)`);
    expect(after - before).toBe(10);
    expect(await count(sql`select count::int as n from listing_view_caps where address = ${address}`)).toBe(
      100,
    );
    // Another address still counts.
    const firstViews = await viewsOf(first.id);
    await t.app.inject({ url: `/api/listings/${first.id}`, remoteAddress: '198.51.100.32' });
    expect(await viewsOf(first.id)).toBe(firstViews + 1);
    expect(
      await count(sql`select count(*)::int as n from listing_views where visitor like '%198.51.100%'`),
    ).toBe(0);
  });
});
