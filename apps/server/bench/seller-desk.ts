// The seller's desk part of `npm run bench` (skip with `--skip-seller-desk`; alone with
// `--seller-desk`, after the data set is made or found with `--reuse`). On the bench's data set:
// - The classic views' table (`GET /api/my-listings/table`, /listings-old) of a member with
//   5,000 ads against one with 5: the first page and the page sorted by views, one request at a
//   time through `app.inject` (target: p95 ≤ 50 ms for 5,000 ads).
// - 'Sofort' alerts of saved searches (docs/decisions/0038): --saved-searches N (10,000) instant
//   searches of 2,000 members, then 100 new ads a minute for --alert-minutes M (2) through the
//   API, as 20 members post them; each alert's delay is the time from the ad's `created_at` to
//   its `saved_search_matches` row (the time it was found, written with the notification in the
//   reaction's transaction; target: every alert within 60 s). The reactions run on the app's own
//   workers: the alerts four at a time (docs/decisions/0042).
// What this part adds to the data set (its members, their ads and searches) is deleted at its end,
// so `--reuse` finds the data set as it was.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { z } from 'zod';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, queryRows } from '../src/db/client.ts';
import { CATALOG, CLOSINGS, OPENINGS } from '../src/db/seed/catalog.ts';
import { Random } from '../src/db/seed/random.ts';
import { REACTION_QUEUES } from '../src/jobs/reactions.ts';
import { percentile } from './load.ts';

export interface SellerDeskBenchOptions {
  databaseUrl: string;
  /** The data set's schema (bench_<ads>). */
  schema: string;
  /** Ads in the data set, for the headings. */
  ads: number;
  /** Requests per table scenario. */
  runs: number;
  /** Instant saved searches (10,000). */
  searches: number;
  /** Minutes of posting at 100 ads a minute (2). */
  minutes: number;
  log: (line: string) => void;
}

/** The e-mail prefix of every member this part adds (deleted again at its end). */
const PREFIX = 'bench.desk.';
const POWER_SELLER_ADS = 5000;
const WATCHERS = 2000;
const POSTERS = 20;
const ADS_PER_MINUTE = 100;

const sessionRow = z.object({ id: z.string(), user_id: z.string(), email: z.string() });
const countRow = z.object({ n: z.number().int() });
const delayRow = z.object({ delay_ms: z.number() });
const placeRow = z.object({ postal_code: z.string() });

const ms = (value: number) => value.toFixed(value < 10 ? 2 : 1);

/** Members with a session each: `count` of them, e-mails `bench.desk.<kind>.<n>@example.com`. */
async function addMembers(client: pg.Client, kind: string, count: number) {
  await client.query(
    `insert into users (email, password_hash, nickname, email_verified_at, created_at)
     select $1 || n || '@example.com', 'x', 'Bank ' || n, now(), now() - interval '100 days'
     from generate_series(1, $2::int) n`,
    [`${PREFIX}${kind}.`, count],
  );
  return queryRows(
    client,
    sessionRow,
    `insert into sessions (user_id, expires_at)
     select id, now() + interval '24 hours' from users where email like $1
     returning id, user_id, (select email from users u where u.id = user_id) as email`,
    [`${PREFIX}${kind}.%`],
  );
}

/**
 * Deletes this part's members; their ads, searches, sessions and notifications go with them, and
 * the reactions a stopped run left waiting in `jobsSchema` (they would act on ads that are gone).
 */
async function removeMembers(client: pg.Client, jobsSchema: string): Promise<void> {
  await client.query('delete from users where email like $1', [`${PREFIX}%`]);
  await client
    .query(`delete from "${jobsSchema}".job where name = any($1::text[]) and state in ('created', 'retry')`, [
      REACTION_QUEUES,
    ])
    .catch(() => {
      // No queue yet: the schema's first app creates it.
    });
}

/** Times `runs` GETs of `url` as `token` (ms, sorted), after 10 unmeasured ones. */
async function timeRequests(app: FastifyInstance, url: string, token: string, runs: number) {
  const headers = { authorization: `Bearer ${token}` };
  for (let i = 0; i < 10; i++) await app.inject({ url, headers });
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = process.hrtime.bigint();
    const res = await app.inject({ url, headers });
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  }
  return times.sort((a, b) => a - b);
}

/** The first word of a catalogue title long enough to search for ('Kinderwagen', 'iPhone'). */
function searchWord(title: string): string {
  return title.split(/\s+/).find((word) => word.length >= 4) ?? title.split(/\s+/)[0] ?? title;
}

/** A saved search's filters as members make them: a word, a category, a place, a price limit. */
function searchFilters(random: Random, slugs: string[], places: string[]): Record<string, string | number> {
  const slug = random.pick(slugs);
  const template = random.pick(CATALOG[slug] ?? []);
  const roll = random.next();
  if (roll < 0.5) {
    const filters: Record<string, string | number> = { q: searchWord(template.title) };
    if (random.chance(0.5)) Object.assign(filters, { postal_code: random.pick(places), radius_km: 50 });
    return filters;
  }
  if (roll < 0.8) return { category: slug, postal_code: random.pick(places), radius_km: 30 };
  return { q: searchWord(template.title), category: slug, price_max: Math.max(1, template.price[1]) };
}

/** A new ad's body from the catalogue (valid attributes included), placed at a random postcode. */
function adBody(random: Random, slugs: string[], places: string[]) {
  const slug = random.pick(slugs);
  const template = random.pick(CATALOG[slug] ?? []);
  const [min, max] = template.price;
  const priceType = template.priceType ?? 'negotiable';
  return {
    title: template.title,
    description: [random.pick(OPENINGS.goods), template.text, random.pick(CLOSINGS.goods)]
      .filter(Boolean)
      .join(' '),
    price: priceType === 'free' ? 0 : Math.round(min + random.next() * (max - min)),
    price_type: priceType,
    offer_type: template.offerType ?? 'offer',
    category: slug,
    postal_code: random.pick(places),
    location: '',
    images: [],
    attributes: {
      ...(template.attributes ?? {}),
      ...(template.ageMonths ? { age_months: template.ageMonths[0] } : {}),
    },
  };
}

/** Waits until the reaction queue holds no job that has not run (up to `timeoutMs`). */
async function reactionsDone(client: pg.Client, jobsSchema: string, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const [row] = await queryRows(
      client,
      countRow,
      `select count(*)::int as n from "${jobsSchema}".job where name = any($1::text[]) and state in ('created', 'retry', 'active')`,
      [REACTION_QUEUES],
    );
    if (row?.n === 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

/** Runs both parts and prints their tables. */
export async function sellerDeskBench(options: SellerDeskBenchOptions): Promise<void> {
  const { log } = options;
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  await client.query(`SET search_path TO "${options.schema}", public`);
  const jobsSchema = `${options.schema}_jobs`;
  await removeMembers(client, jobsSchema);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-bench-desk-'));
  const handle = await openDatabase({ databaseUrl: options.databaseUrl, schemaName: options.schema });
  const app = await buildApp(
    loadConfig({ DATA_DIR: dir, SEED_DEMO: '0', LOG_LEVEL: 'silent', PUBLIC_READ_LIMIT: '0' }),
    { database: handle, logger: false },
  );
  await app.ready();
  const token = (session: z.infer<typeof sessionRow>) =>
    app.signAccessToken({ id: session.user_id, role: 'SELLER' }, session.id);
  try {
    // 1. The table of a member with 5,000 ads and of one with 5: copies of the data set's ads
    // with views and favourites of their own.
    const [power, small] = [
      ...(await addMembers(client, 'power', 1)),
      ...(await addMembers(client, 'small', 1)),
    ] as [z.infer<typeof sessionRow>, z.infer<typeof sessionRow>];
    for (const [seller, count] of [
      [power, POWER_SELLER_ADS],
      [small, 5],
    ] as const) {
      await client.query('drop table if exists desk_copy');
      await client.query(
        'create temporary table desk_copy as select * from listings order by md5(id::text) limit $1::int',
        [count],
      );
      await client.query('update desk_copy set id = gen_random_uuid(), seller_id = $1::uuid', [
        seller.user_id,
      ]);
      // Every column but the generated ones (the search vector), in the table's order.
      const columns = (
        await queryRows(
          client,
          z.object({ name: z.string() }),
          `select column_name as name from information_schema.columns
           where table_schema = $1 and table_name = 'listings' and is_generated = 'NEVER'
           order by ordinal_position`,
          [options.schema],
        )
      )
        .map((column) => `"${column.name}"`)
        .join(', ');
      await client.query(`insert into listings (${columns}) select ${columns} from desk_copy`);
      await client.query(
        `insert into listing_stats (listing_id, views, favorites_count)
         select id, (abs(hashtext(id::text)) % 5000), (abs(hashtext(id::text || 'f')) % 40) from desk_copy
         on conflict (listing_id) do update set views = excluded.views, favorites_count = excluded.favorites_count`,
      );
      await client.query('drop table if exists desk_copy');
    }
    await client.query('analyze listings; analyze listing_stats');
    log('');
    log(
      `Tabelle der eigenen Anzeigen (/listings-old, GET /api/my-listings/table) auf ${options.ads} Anzeigen, ${options.runs} Anfragen nacheinander (Ziel bei 5.000 Anzeigen: p95 ≤ 50 ms):`,
    );
    log('');
    log('| Verkäufer | Seite | Mittel ms | p95 ms | p99 ms |');
    log('| --- | --- | ---: | ---: | ---: |');
    for (const [name, seller] of [
      ['5.000 Anzeigen', power],
      ['5 Anzeigen', small],
    ] as const) {
      for (const [page, url] of [
        ['erste Seite', '/api/my-listings/table?page=1&page_size=25'],
        ['nach Aufrufen sortiert', '/api/my-listings/table?page=1&page_size=25&sort=views&order=desc'],
      ] as const) {
        const times = await timeRequests(app, url, token(seller), options.runs);
        const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
        log(
          `| ${name} | ${page} | ${ms(mean)} | ${ms(percentile(times, 95))} | ${ms(percentile(times, 99))} |`,
        );
      }
    }

    // 2. 'Sofort' alerts: the searches through the API, then 100 ads a minute.
    const random = new Random(7);
    const slugs = Object.keys(CATALOG).filter((slug) => (CATALOG[slug] ?? []).length > 0);
    const places = (
      await queryRows(
        client,
        placeRow,
        'select postal_code from postal_codes group by postal_code order by postal_code',
      )
    ).map((row) => row.postal_code);
    const watchers = await addMembers(client, 'watcher', WATCHERS);
    const posters = await addMembers(client, 'poster', POSTERS);
    const perWatcher = Math.ceil(options.searches / WATCHERS);
    let saved = 0;
    const started = Date.now();
    for (let start = 0; start < watchers.length; start += 20) {
      const answers = await Promise.all(
        watchers.slice(start, start + 20).flatMap((watcher) =>
          Array.from({ length: perWatcher }, () =>
            app.inject({
              method: 'POST',
              url: '/api/saved-searches',
              headers: { authorization: `Bearer ${token(watcher)}` },
              payload: { filters: searchFilters(random, slugs, places), frequency: 'instant' },
            }),
          ),
        ),
      );
      saved += answers.filter((res) => res.statusCode === 201).length;
    }
    log('');
    log(
      `'Sofort'-Suchaufträge: ${saved} gespeichert von ${WATCHERS} Mitgliedern (${((Date.now() - started) / 1000).toFixed(0)} s); jetzt ${ADS_PER_MINUTE} neue Anzeigen je Minute für ${options.minutes} Minuten von ${POSTERS} Mitgliedern:`,
    );
    const total = ADS_PER_MINUTE * options.minutes;
    const gapMs = 60_000 / ADS_PER_MINUTE;
    const postingStarted = Date.now();
    const posted: Promise<number>[] = [];
    for (let index = 0; index < total; index += 1) {
      const due = postingStarted + index * gapMs;
      const wait = due - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const poster = posters[index % posters.length] as z.infer<typeof sessionRow>;
      posted.push(
        app
          .inject({
            method: 'POST',
            url: '/api/listings',
            headers: { authorization: `Bearer ${token(poster)}` },
            payload: adBody(random, slugs, places),
          })
          .then((res) => res.statusCode),
      );
    }
    const statuses = await Promise.all(posted);
    const online = statuses.filter((status) => status === 201).length;
    const settled = await reactionsDone(client, app.jobs.schema, 300_000);
    const delays = (
      await queryRows(
        client,
        delayRow,
        `select (extract(epoch from (m.created_at - l.created_at)) * 1000)::float8 as delay_ms
         from saved_search_matches m join listings l on l.id = m.listing_id
         join users u on u.id = l.seller_id where u.email like $1
         order by 1`,
        [`${PREFIX}poster.%`],
      )
    ).map((row) => row.delay_ms);
    const [told] = await queryRows(
      client,
      countRow,
      `select count(distinct m.listing_id)::int as n from saved_search_matches m
       join listings l on l.id = m.listing_id join users u on u.id = l.seller_id where u.email like $1`,
      [`${PREFIX}poster.%`],
    );
    log('');
    log(
      '| Neue Anzeigen online | davon mit Treffern | Benachrichtigungen | p50 s | p99 s | max s | über 60 s |',
    );
    log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    const seconds = (value: number) => (value / 1000).toFixed(2);
    log(
      `| ${online} von ${total} | ${told?.n ?? 0} | ${delays.length} | ${seconds(percentile(delays, 50))} | ${seconds(percentile(delays, 99))} | ${seconds(delays.at(-1) ?? Number.NaN)} | ${delays.filter((delay) => delay > 60_000).length}${settled ? '' : ' (Reaktionen nach 5 min nicht fertig)'} |`,
    );
    if (online < total) {
      const refused = statuses.filter((status) => status !== 201);
      log(`Abgewiesene Anzeigen: ${refused.length} (${[...new Set(refused)].join(', ')})`);
    }
  } finally {
    await app.close();
    await removeMembers(client, jobsSchema);
    await client.end();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
