// `npm run bench`: generates a data set in PostgreSQL, loads the API with wrk (or autocannon without it, `LOAD_CLIENT`) at 100
// connections and prints requests per second, p95 and p99 against a bare route measured in
// the same run; then times the same requests one by one on PostgreSQL and on PGlite. When the web
// app has been built (the root `npm run bench` builds it first), the load includes the public
// pages as HTML: 'Anzeigenseite (HTML)' (/listing/{id}, the same 500 ads as 'Anzeigenseite') and
// 'Kategorieseite (HTML)' (/category/{slug}, the 5 top-level categories with the most ads), each
// address visited once before, and 'Anzeigenseite (HTML), erste Aufrufe' (500 other ads, no
// warm-up: the renders of first visits under load).
// Options: --ads N (100000; 1000000 for the full size), --pglite-ads N (20000),
// --duration S (10 per scenario), --connections N (100), --reuse (keep an existing data set),
// --html-only (load: the baseline, 'Anzeigenseite' and the HTML pages only),
// --skip-sequential (no requests one by one after the load),
// --skip-pglite, --skip-load (no load), --skip-sockets (no socket bench, see sockets.ts),
// --forum-posts N (100000; 1000000 for the full size), --skip-forum (no forum bench, see forum.ts),
// --story-members N (2000), --skip-stories (no stories bench, see stories.ts),
// --skip-cluster (no bench of one and two instances behind nginx, see cluster.ts; it fills its
// own database with --ads N ads; --skip-load skips it too), --skip-login (no bench of failed logins'
// times, see login-timing.ts), --search-plans (only the GIN and RUM search plans compared on the
// data set, see search-plans.ts), --skip-seller-desk (no bench of the classic views' table and
// 'Sofort' alerts, see seller-desk.ts; --seller-desk runs only it, with --saved-searches N (10000)
// and --alert-minutes M (2)). PostgreSQL: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test).
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { z } from 'zod';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type DatabaseHandle, openDatabase, queryRows } from '../src/db/client.ts';
import { jobsSchemaFor } from '../src/jobs/queue.ts';
import { EXPIRY_REMINDER_DAYS } from '../src/modules/listings/index.ts';
import { clusterBench } from './cluster.ts';
import { forumBench } from './forum.ts';
import { generateDataSet } from './generate.ts';
import {
  BROWSER_ENCODINGS,
  busiestCategories,
  countRow,
  deepCursor,
  htmlScenarios,
  idRow,
  LOAD_CLIENT,
  percentile,
  type Scenario,
  scenarios,
  startBenchServer,
  underLoad,
  visitEach,
} from './load.ts';
import { loginTimingBench } from './login-timing.ts';
import { searchPlansBench } from './search-plans.ts';
import { sellerDeskBench } from './seller-desk.ts';
import { socketBench } from './sockets.ts';
import { storiesBench } from './stories.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const flag = (name: string) => args.includes(`--${name}`);
const ADS = option('ads', 100_000);
const PGLITE_ADS = option('pglite-ads', 20_000);
const DURATION = option('duration', 10);
const CONNECTIONS = option('connections', 100);
const SEQUENTIAL_RUNS = option('runs', 200);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SCHEMA = `bench_${ADS}`;
const SMALL_SCHEMA = `bench_${PGLITE_ADS}`;
/** Depth of the deep-paging scenario in pages of 100 ads (10,000 ads deep by default). */
const DEEP_PAGES = Math.min(100, Math.floor(ADS / 200));

/** The built web app that bench/server.ts serves (apps/web/dist). */
const WEB_DIST = new URL('../../web/dist/', import.meta.url);
/** How many category pages 'Kategorieseite (HTML)' asks for in turn. */
const HTML_CATEGORIES = 5;

const log = (line: string) => process.stdout.write(`${line}\n`);
const ms = (value: number) => value.toFixed(value < 10 ? 2 : 1);
/** The load averages of the last 1, 5 and 15 minutes, as `uptime` prints them. */
const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(', ');

/**
 * Drops and fills `schema` with `ads` ads unless `--reuse` finds it filled, then settles its
 * reminders (`settleReminders`). @returns sample ad ids
 */
async function prepareSchema(schema: string, ads: number): Promise<string[]> {
  const ids = await filledSchema(schema, ads);
  await settleReminders(schema);
  return ids;
}

/** Drops and fills `schema` with `ads` ads unless `--reuse` finds it filled. @returns sample ad ids */
async function filledSchema(schema: string, ads: number): Promise<string[]> {
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  try {
    await admin.query('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public');
    if (flag('reuse')) {
      const found = await queryRows(admin, countRow, `select count(*)::int as n from "${schema}".listings`)
        .then((rows) => rows[0]?.n)
        .catch(() => 0);
      if (found === ads) {
        const ids = await queryRows(
          admin,
          idRow,
          `select id from "${schema}".listings where status = 'active' order by md5(id::text) limit 1000`,
        );
        log(`PostgreSQL: ${schema} mit ${ads} Anzeigen wiederverwendet`);
        return ids.map((row) => row.id);
      }
    }
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await admin.end();
  }
  const started = Date.now();
  const handle = await openDatabase({ databaseUrl: DATABASE_URL, schemaName: schema });
  try {
    const ids = await generateDataSet(handle.db, {
      ads,
      sellers: Math.max(100, Math.round(ads / 20)),
      progress: (written) => {
        // A progress line that overwrites itself: only on a terminal, not in a log file.
        if (process.stdout.isTTY && (written % 100_000 === 0 || written === ads)) {
          process.stdout.write(`  ${written} Anzeigen\r`);
        }
      },
    });
    log(`PostgreSQL: ${ads} Anzeigen in ${schema} erzeugt (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    return ids;
  } finally {
    await handle.close();
  }
}

/**
 * Marks the ads of `schema` that end within a week as reminded of it (`expiry_reminded_for`) and
 * drops the reminder mails already queued: the data set stands for a marketplace whose sellers
 * were told when due. Without it, every server the bench starts sends a reminder for each of
 * those ads (ages spread over 58 days with 60 days to run: about 86,000 at a million, more as a
 * kept data set ages) and works the mails off while it is measured.
 */
async function settleReminders(schema: string): Promise<void> {
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  try {
    // A day beyond the reminder's window: the ads that enter it while the bench runs.
    await admin.query(
      `update "${schema}".listings set expiry_reminded_for = expires_at
       where expires_at < now() + make_interval(days => $1) and expiry_reminded_for is distinct from expires_at`,
      [EXPIRY_REMINDER_DAYS + 1],
    );
    const jobs = jobsSchemaFor(schema);
    const [queue] = await queryRows(
      admin,
      z.object({ found: z.boolean() }),
      'select to_regclass($1) is not null as found',
      [`"${jobs}".job`],
    );
    if (queue?.found) {
      await admin.query(`delete from "${jobs}".job where name = 'mail' and state in ('created', 'retry')`);
    }
  } finally {
    await admin.end();
  }
}

/** Starts bench/server.ts on `schema` in a child process. */
async function startServer(schema: string): Promise<{ child: ChildProcess; port: number }> {
  return startBenchServer(DATABASE_URL, schema);
}

interface LoadResult {
  name: string;
  rps: number;
  p95: number;
  p99: number;
  failed: number;
}

/** Runs one scenario with the load generator (`underLoad`). */
async function load(base: string, scenario: Scenario, duration: number): Promise<LoadResult> {
  return {
    name: scenario.name,
    ...(await underLoad(base, scenario.paths, duration, CONNECTIONS, [], undefined, scenario.headers)),
  };
}

/** Times `runs` requests of a scenario one after the other through `inject` (ms per request). */
async function timeSequential(app: FastifyInstance, scenario: Scenario, runs: number) {
  for (let i = 0; i < 10; i++) await app.inject({ url: scenario.paths[i % scenario.paths.length] as string });
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = process.hrtime.bigint();
    const res = await app.inject({ url: scenario.paths[i % scenario.paths.length] as string });
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    if (res.statusCode !== 200)
      throw new Error(`${scenario.name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  }
  times.sort((a, b) => a - b);
  return {
    mean: times.reduce((sum, t) => sum + t, 0) / times.length,
    p95: percentile(times, 95),
    p99: percentile(times, 99),
  };
}

async function openApp(
  database: DatabaseHandle,
  options: { publicAnswerCache?: boolean } = {},
): Promise<{ app: FastifyInstance; dir: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-bench-'));
  const app = await buildApp(
    loadConfig({ DATA_DIR: dir, SEED_DEMO: '0', LOG_LEVEL: 'silent', PUBLIC_READ_LIMIT: '0' }),
    {
      database,
      logger: false,
      ...options,
    },
  );
  await app.ready();
  return { app, dir };
}

async function main() {
  log(
    `Bench: ${ADS} Anzeigen in PostgreSQL, ${CONNECTIONS} Verbindungen, ${DURATION} s je Szenario, Last von ${LOAD_CLIENT.name} ${LOAD_CLIENT.version}`.trimEnd(),
  );
  log(`Rechner: ${os.cpus().length} Kerne (${os.cpus()[0]?.model ?? '?'}), Node ${process.version}`);
  const ids = await prepareSchema(SCHEMA, ADS);
  if (flag('seller-desk')) {
    await sellerDesk();
    return;
  }
  if (flag('search-plans')) {
    await searchPlansBench({
      databaseUrl: DATABASE_URL,
      schema: SCHEMA,
      duration: DURATION,
      connections: CONNECTIONS,
      log,
    });
    return;
  }
  if (!flag('skip-load')) await loadTest(ids);
  if (flag('skip-sequential')) {
    await afterSequential();
    return;
  }

  // One client, one request at a time, without the cache of public answers: the latency of each query.
  const bigHandle = await openDatabase({ databaseUrl: DATABASE_URL, schemaName: SCHEMA });
  const big = await openApp(bigHandle, { publicAnswerCache: false });
  try {
    const list = scenarios(ids, await injectCursor(big.app, DEEP_PAGES));
    log('');
    log(
      `Einzelne Anfragen nacheinander auf ${ADS} Anzeigen (PostgreSQL, ohne Cache der öffentlichen Antworten):`,
    );
    log('');
    log('| Szenario | Mittel ms | p95 ms | p99 ms |');
    log('| --- | ---: | ---: | ---: |');
    for (const scenario of list) {
      const t = await timeSequential(big.app, scenario, SEQUENTIAL_RUNS);
      log(`| ${scenario.name} | ${ms(t.mean)} | ${ms(t.p95)} | ${ms(t.p99)} |`);
    }
  } finally {
    await big.app.close();
    fs.rmSync(big.dir, { recursive: true, force: true });
  }
  await afterSequential();
}

/** The benches after the requests one by one: PGlite, forum, stories, logins, sockets, cluster. */
async function afterSequential() {
  if (!flag('skip-pglite')) await pgliteComparison();
  if (!flag('skip-forum')) {
    await forumBench({
      databaseUrl: DATABASE_URL,
      posts: option('forum-posts', 100_000),
      runs: SEQUENTIAL_RUNS,
      reuse: flag('reuse'),
      duration: flag('skip-load') ? 0 : DURATION,
      log,
    });
  }
  if (!flag('skip-stories')) {
    await storiesBench({
      databaseUrl: DATABASE_URL,
      members: option('story-members', 2000),
      connections: CONNECTIONS,
      duration: DURATION,
      runs: SEQUENTIAL_RUNS,
      log,
    });
  }
  if (!flag('skip-login')) {
    await loginTimingBench({ runs: 300, log });
    await loginTimingBench({ databaseUrl: DATABASE_URL, runs: 300, log });
  }
  if (!flag('skip-sockets')) {
    await socketBench({ databaseUrl: DATABASE_URL, sockets: 5000, pairs: 200, rate: 20, rounds: 1, log });
  }
  if (!flag('skip-cluster') && !flag('skip-load')) {
    const { lost } = await clusterBench({
      databaseUrl: DATABASE_URL,
      ads: ADS,
      duration: DURATION,
      connections: CONNECTIONS,
      reuse: flag('reuse'),
      log,
    });
    if (lost > 0) process.exitCode = 1;
  }
  if (!flag('skip-seller-desk')) await sellerDesk();
}

/** The seller's desk on the data set: the table of 5,000 own ads and 'Sofort' alerts. */
function sellerDesk(): Promise<void> {
  return sellerDeskBench({
    databaseUrl: DATABASE_URL,
    schema: SCHEMA,
    ads: ADS,
    runs: SEQUENTIAL_RUNS,
    searches: option('saved-searches', 10_000),
    minutes: option('alert-minutes', 2),
    log,
  });
}

/** The load generator at `CONNECTIONS` connections against the app in its own process. */
async function loadTest(ids: string[]) {
  const { child, port } = await startServer(SCHEMA);
  const base = `http://127.0.0.1:${port}`;
  try {
    const cursor = await deepCursor(base, DEEP_PAGES);
    const all = scenarios(ids, cursor);
    const list = flag('html-only') ? all.filter((scenario) => scenario.name === 'Anzeigenseite') : all;
    if (fs.existsSync(new URL('index.html', WEB_DIST))) {
      const pages = htmlScenarios(ids, await busiestCategories(base, HTML_CATEGORIES));
      let adPageKb = 0;
      for (const page of pages) {
        const { line, kb } = await describePage(base, page);
        log(line);
        adPageKb ||= kb;
      }
      list.push(...pages);
      // What sending a document of the ad page's size alone costs through the same stack.
      list.push({
        name: `Feste Antwort so groß wie die Anzeigenseite (${adPageKb} kB)`,
        paths: [`/api/bench/document/${adPageKb}`],
      });
    } else {
      log('HTML-Seiten nicht gemessen: apps/web/dist fehlt (zuerst `npm run build`).');
    }
    log(`Last vor der Messung: ${loadAverage()}`);
    const baselineScenario = { name: 'Baseline (leere Fastify-Route)', paths: ['/api/bench/baseline'] };
    await load(base, baselineScenario, 2); // warm-up
    const baseline = await load(base, baselineScenario, DURATION);
    const results = [baseline];
    for (const scenario of list) {
      if (scenario.visits === 'visited') await visitEach(base, scenario.paths, scenario.headers);
      if (scenario.visits !== 'first') await load(base, scenario, 2); // warm-up: JIT, pool, caches
      results.push(await load(base, scenario, DURATION));
    }
    log('');
    log(`Last nach der Messung: ${loadAverage()}`);
    log(`| Szenario | req/s | p95 ms | p99 ms | Anteil an Baseline | Fehler |`);
    log('| --- | ---: | ---: | ---: | ---: | ---: |');
    for (const r of results) {
      const share = `${((r.rps / baseline.rps) * 100).toFixed(0)} %`;
      log(`| ${r.name} | ${r.rps.toFixed(0)} | ${ms(r.p95)} | ${ms(r.p99)} | ${share} | ${r.failed} |`);
    }
  } finally {
    child.kill('SIGTERM');
  }
}

/**
 * One line on the first page of an HTML scenario: its status, its size and whether the app's
 * components rendered it on the server (`#root` marked `data-server-rendered`); and its size (kB).
 */
async function describePage(base: string, scenario: Scenario): Promise<{ line: string; kb: number }> {
  const first = scenario.paths[0] as string;
  const response = await fetch(`${base}${first}`);
  const html = await response.text();
  const rendered = html.includes('data-server-rendered') ? 'ja' : 'nein';
  const kb = Math.round(Buffer.byteLength(html) / 1024);
  // As a browser gets it: `fetch` would decode the body, so the raw bytes come through `http`.
  const sent = await new Promise<{ bytes: number; encoding: string }>((resolve, reject) => {
    http
      .get(`${base}${first}`, { headers: BROWSER_ENCODINGS }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        res.on('end', () => resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'keine') }));
      })
      .on('error', reject);
  });
  return {
    line:
      `${scenario.name}: ${scenario.paths.length} Adressen, z. B. ${first}: ${response.status}, ` +
      `${kb} kB (${Math.round(sent.bytes / 1024)} kB ${sent.encoding} für einen Browser), ` +
      `mit den Komponenten der App gerendert: ${rendered}`,
    kb,
  };
}

/** The same requests one by one on PostgreSQL and on PGlite, each with `PGLITE_ADS` ads. */
async function pgliteComparison() {
  log('');
  log(
    `PGlite gegen PostgreSQL, je ${PGLITE_ADS} Anzeigen, ${SEQUENTIAL_RUNS} Anfragen nacheinander (app.inject):`,
  );
  const smallIds = await prepareSchema(SMALL_SCHEMA, PGLITE_ADS);
  const pgHandle = await openDatabase({ databaseUrl: DATABASE_URL, schemaName: SMALL_SCHEMA });
  // Without the cache of public answers, as the single requests above: the queries themselves.
  const pgApp = await openApp(pgHandle, { publicAnswerCache: false });
  const pgliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-bench-pglite-'));
  const started = Date.now();
  const pgliteHandle = await openDatabase({ pgliteDir: path.join(pgliteDir, 'db') });
  const pgliteIds = await generateDataSet(pgliteHandle.db, {
    ads: PGLITE_ADS,
    sellers: Math.round(PGLITE_ADS / 20),
  });
  log(`PGlite: ${PGLITE_ADS} Anzeigen erzeugt (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  const pgliteApp = await openApp(pgliteHandle, { publicAnswerCache: false });
  try {
    const pgCursor = await injectCursor(pgApp.app);
    const pgliteCursor = await injectCursor(pgliteApp.app);
    const pgList = scenarios(smallIds, pgCursor);
    const pgliteList = scenarios(pgliteIds, pgliteCursor);
    log('');
    log(
      '| Szenario | PostgreSQL Mittel ms | PostgreSQL p95 ms | PGlite Mittel ms | PGlite p95 ms | Faktor (Mittel) |',
    );
    log('| --- | ---: | ---: | ---: | ---: | ---: |');
    for (let i = 0; i < pgList.length; i++) {
      const a = await timeSequential(pgApp.app, pgList[i] as Scenario, SEQUENTIAL_RUNS);
      const b = await timeSequential(pgliteApp.app, pgliteList[i] as Scenario, SEQUENTIAL_RUNS);
      log(
        `| ${pgList[i]?.name} | ${ms(a.mean)} | ${ms(a.p95)} | ${ms(b.mean)} | ${ms(b.p95)} | ${(b.mean / a.mean).toFixed(1)} |`,
      );
    }
  } finally {
    await pgApp.app.close();
    await pgliteApp.app.close();
    fs.rmSync(pgApp.dir, { recursive: true, force: true });
    fs.rmSync(pgliteApp.dir, { recursive: true, force: true });
    fs.rmSync(pgliteDir, { recursive: true, force: true });
  }
}

/** The cursor `pages` pages (100 ads each) deep, through `inject`. */
async function injectCursor(app: FastifyInstance, pages = 20): Promise<string> {
  let cursor = '';
  for (let page = 0; page < pages; page++) {
    const res = await app.inject({ url: `/api/listings?limit=100${cursor ? `&cursor=${cursor}` : ''}` });
    const next = (res.json() as { next_cursor: string | null }).next_cursor;
    if (!next) break;
    cursor = next;
  }
  return cursor;
}

await main();
