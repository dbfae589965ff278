// The search bench of docs/decisions/0035-rum-index-for-search.md: the same data set searched
// under the GIN plan (SEARCH_INDEX=gin, RUM index dropped, GIN built where missing) and then under
// the RUM plan (RUM built, GIN dropped, as the server's start does), printing one table to
// compare: the searches one by one (p95 of 2,000 different searches, of the typo, of the very
// common word, and of lists without a text: each root category newest first under 20 price
// limits), the 2,000 searches under load as a share of the bare route, the text indexes' sizes,
// and the cost of posting (one insert at a time, p95; ads per second with 20 parallel posters).
// `npm run bench -w apps/server -- --search-plans [--ads N] [--reuse]`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { z } from 'zod';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, queryRows } from '../src/db/client.ts';
import { chooseSearchIndex } from '../src/modules/listings/index.ts';
import { mixedSearches, percentile, startBenchServer, underLoad } from './load.ts';

interface PlanFigures {
  plan: 'gin' | 'rum';
  searchP95: number;
  typoP95: number;
  commonP95: number;
  listsP95: number;
  baselineRps: number;
  loadRps: number;
  loadP99: number;
  ginMb: number | null;
  rumMb: number | null;
  insertP95: number;
  insertsPerSecond: number;
}

/** What the search bench needs from bench/run.ts. */
export interface SearchPlansOptions {
  databaseUrl: string;
  schema: string;
  duration: number;
  connections: number;
  log(line: string): void;
}

/** Milliseconds of each request of `paths`, asked one after the other (after 10 warm-up requests). */
async function oneByOne(app: FastifyInstance, paths: string[]): Promise<number[]> {
  for (let i = 0; i < 10; i++) await app.inject({ url: paths[i % paths.length] as string });
  const times: number[] = [];
  for (const url of paths) {
    const started = process.hrtime.bigint();
    const res = await app.inject({ url });
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  }
  return times.sort((a, b) => a - b);
}

/** An ad like a sample one, with other words: what posting costs the table and its indexes. */
const INSERT_SQL = `insert into listings (seller_id, category_id, root_category_id, title, description,
    price_cents, price_type, offer_type, postal_code, location, latitude, longitude, expires_at)
  select seller_id, category_id, root_category_id, title || ' ' || $2, description || ' benchinsert',
    price_cents, price_type, offer_type, postal_code, location, latitude, longitude, expires_at
  from listings where id = (select id from listings order by id limit 1 offset $1)`;

/** Insert p95 one at a time (200 ads) and ads per second with 20 parallel posters for `seconds`. */
async function postingCost(pool: pg.Pool, seconds: number): Promise<{ p95: number; perSecond: number }> {
  const times: number[] = [];
  for (let i = 0; i < 200; i++) {
    const started = process.hrtime.bigint();
    await pool.query(INSERT_SQL, [i * 37, `Einzelstück ${i}`]);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  times.sort((a, b) => a - b);
  let posted = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: 20 }, async (_, poster) => {
      for (let i = 0; Date.now() < until; i++) {
        await pool.query(INSERT_SQL, [(poster * 1000 + i) % 5000, `Poster ${poster} Nr ${i}`]);
        posted += 1;
      }
    }),
  );
  await pool.query(`delete from listings where description like '% benchinsert'`);
  await pool.query('vacuum analyze listings');
  return { p95: percentile(times, 95), perSecond: posted / seconds };
}

/**
 * Lists without a text, the kind whose count PostgreSQL can misjudge: every root category newest
 * first under 20 price limits from 50 to 297 €, the limits shifted by `shift` € so that no count
 * of an earlier run is kept.
 */
async function listsWithoutText(pool: pg.Pool, shift: number): Promise<string[]> {
  const roots = await queryRows(
    pool,
    z.object({ slug: z.string() }),
    'select slug from categories where parent_id is null order by id',
  );
  return roots.flatMap(({ slug }) =>
    Array.from(
      { length: 20 },
      (_, i) => `/api/listings?category=${slug}&price_max=${50 + 13 * i + shift}&limit=20`,
    ),
  );
}

/** Size of index `name` in MB, null when it does not exist. */
async function indexMb(pool: pg.Pool, name: string): Promise<number | null> {
  const [row] = await queryRows(
    pool,
    z.object({ bytes: z.union([z.string(), z.number()]).nullable() }),
    'select pg_relation_size(to_regclass($1)) as bytes',
    [name],
  );
  return row?.bytes === null || row?.bytes === undefined ? null : Number(row.bytes) / 1024 / 1024;
}

/** One plan's figures: the RUM index is dropped for `gin` and built (timed) for `rum`. */
async function measurePlan(plan: 'gin' | 'rum', options: SearchPlansOptions): Promise<PlanFigures> {
  const { databaseUrl, schema, log } = options;
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 20,
    options: `-c search_path=${schema},public`,
  });
  try {
    if (plan === 'gin') await pool.query('drop index if exists listings_search_rum_idx');
    const env: Record<string, string> = plan === 'gin' ? { SEARCH_INDEX: 'gin' } : {};
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-bench-plans-'));
    const handle = await openDatabase({ databaseUrl, schemaName: schema });
    // The server's own start-up builds the plan's index and drops the other one where it must
    // (`chooseSearchIndex`); timed here, the application below then finds it done.
    const started = Date.now();
    await chooseSearchIndex(handle, plan === 'gin' ? 'gin' : 'auto', pino({ level: 'silent' }));
    log(`Textindex für ${plan.toUpperCase()} bereit in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const app = await buildApp(
      loadConfig({ DATA_DIR: dir, SEED_DEMO: '0', LOG_LEVEL: 'silent', PUBLIC_READ_LIMIT: '0', ...env }),
      { database: handle, logger: false, publicAnswerCache: false },
    );
    await app.ready();
    let searches: number[];
    let typo: number[];
    let common: number[];
    let lists: number[];
    try {
      if (app.searchIndex !== plan) throw new Error(`the app chose ${app.searchIndex}, not ${plan}`);
      searches = await oneByOne(app, mixedSearches());
      typo = await oneByOne(
        app,
        Array.from({ length: 200 }, (_, i) => `/api/listings?q=Fahrad&price_max=${100 + i}&limit=20`),
      );
      common = await oneByOne(
        app,
        Array.from({ length: 200 }, (_, i) => `/api/listings?q=Zustand&price_max=${100 + i}&limit=20`),
      );
      lists = await oneByOne(app, await listsWithoutText(pool, plan === 'gin' ? 0 : 1));
    } finally {
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const { child, port } = await startBenchServer(databaseUrl, schema, env);
    const base = `http://127.0.0.1:${port}`;
    let baseline: Awaited<ReturnType<typeof underLoad>>;
    let loaded: Awaited<ReturnType<typeof underLoad>>;
    try {
      await underLoad(base, ['/api/bench/baseline'], 2, options.connections);
      baseline = await underLoad(base, ['/api/bench/baseline'], options.duration, options.connections);
      await underLoad(base, mixedSearches(), 2, options.connections);
      loaded = await underLoad(base, mixedSearches(), options.duration, options.connections);
    } finally {
      child.kill('SIGTERM');
    }
    const posting = await postingCost(pool, options.duration);
    return {
      plan,
      searchP95: percentile(searches, 95),
      typoP95: percentile(typo, 95),
      commonP95: percentile(common, 95),
      listsP95: percentile(lists, 95),
      baselineRps: baseline.rps,
      loadRps: loaded.rps,
      loadP99: loaded.p99,
      ginMb: await indexMb(pool, 'listings_search_idx'),
      rumMb: await indexMb(pool, 'listings_search_rum_idx'),
      insertP95: posting.p95,
      insertsPerSecond: posting.perSecond,
    };
  } finally {
    await pool.end();
  }
}

/** Measures both plans on the data set in `schema` and prints the comparison table. */
export async function searchPlansBench(options: SearchPlansOptions): Promise<void> {
  const { log } = options;
  const load = () =>
    os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(', ');
  log('');
  log(`Suchpläne GIN und RUM (${options.schema}), Last vorher: ${load()}`);
  const figures = [await measurePlan('gin', options), await measurePlan('rum', options)];
  log(`Last nachher: ${load()}`);
  log('');
  log(
    '| Plan | 2.000 Suchen p95 ms | Tippfehler p95 ms | sehr häufiges Wort p95 ms | Listen ohne Text p95 ms | 2.000 Suchen unter Last req/s | p99 ms | Anteil an Baseline | GIN MB | RUM MB | Einfügen p95 ms | Anzeigen/s (20 parallel) |',
  );
  log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  const f = (value: number) => value.toFixed(value < 10 ? 2 : 1);
  for (const r of figures) {
    log(
      `| ${r.plan.toUpperCase()} | ${f(r.searchP95)} | ${f(r.typoP95)} | ${f(r.commonP95)} | ${f(r.listsP95)} | ${r.loadRps.toFixed(0)} | ${f(r.loadP99)} | ${((r.loadRps / r.baselineRps) * 100).toFixed(1)} % | ${r.ginMb === null ? '–' : r.ginMb.toFixed(1)} | ${r.rumMb === null ? '–' : r.rumMb.toFixed(1)} | ${f(r.insertP95)} | ${r.insertsPerSecond.toFixed(0)} |`,
    );
  }
}
