// The forum part of `npm run bench`: fills a PostgreSQL schema with `posts` forum posts (one
// thread of 5,000 posts, the rest in threads of 20 across the nine subforums, German texts with
// a realistic vocabulary) and times, one request at a time through the application, a thread
// page (20 posts deep inside the 5,000-post thread), thread lists and the forum search; then,
// with the app in its own process (bench/server.ts), the load generator (`LOAD_CLIENT`) at 100 connections asks the
// bare route, thread pages and searches (docs/benchmarks.md "Forum").
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { z } from 'zod';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, queryRows } from '../src/db/client.ts';
import { countRow, idRow, LOAD_CLIENT, percentile, startBenchServer, underLoad } from './load.ts';

const SUBFORUMS = [
  'business/gruendung',
  'business/marketing',
  'business/recht-steuern',
  'games/pc',
  'games/konsole',
  'games/mobile',
  'sports/fussball',
  'sports/fitness',
  'sports/laufen',
];
const WORDS = `anmeldung gewerbe steuer rechnung kunde marketing werbung angebot preis vertrag grafikkarte
  konsole spiel turnier verein training laufschuh marathon fussball mannschaft hantel studio ernährung
  erfahrung frage antwort danke tipp empfehlung problem lösung woche jahr morgen abend schnell gut neu alt
  gebraucht günstig teuer stadt verein freund familie arbeit urlaub wetter sommer winter`.split(/\s+/);
const BIG_THREAD_POSTS = 5000;
const THREAD_SIZE = 20;

/**
 * `count` different search paths: each word of the vocabulary alone (about 5 % of the posts
 * each, so more than 1,000 hits), then pairs of words (AND: from none to a few thousand hits),
 * then triples (mostly none), so that even a load of thousands of requests repeats no text.
 */
function differentSearches(count: number): string[] {
  const words = [...new Set(WORDS)];
  const texts: string[] = [];
  const add = (chosen: string[], from: number, size: number) => {
    if (texts.length >= count) return;
    if (chosen.length === size) {
      texts.push(chosen.join(' '));
      return;
    }
    for (let i = from; i < words.length && texts.length < count; i++)
      add([...chosen, words[i] as string], i + 1, size);
  };
  for (let size = 1; size <= 3; size++) add([], 0, size);
  return texts.map((text) => `/api/forum/search?q=${encodeURIComponent(text)}`);
}

async function time(app: FastifyInstance, paths: string[], runs: number) {
  for (let i = 0; i < 10; i++) await app.inject({ url: paths[i % paths.length] as string });
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = process.hrtime.bigint();
    // After the warm-up's paths, so a scenario of different requests repeats none.
    const res = await app.inject({ url: paths[(10 + i) % paths.length] as string });
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    if (res.statusCode !== 200) throw new Error(`${paths[0]}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  }
  times.sort((a, b) => a - b);
  return {
    mean: times.reduce((sum, t) => sum + t, 0) / times.length,
    p95: percentile(times, 95),
    p99: percentile(times, 99),
  };
}

/**
 * The scenarios of {@link underLoad} against the app in its own process on `schema`, each
 * after a 2 s warm-up, as shares of the bare route's requests per second in the same run.
 */
async function loadScenarios(
  options: { databaseUrl: string; duration: number; log: (line: string) => void },
  schema: string,
  scenarios: [string, string[]][],
): Promise<void> {
  const { log } = options;
  const { child, port } = await startBenchServer(options.databaseUrl, schema);
  try {
    const base = `http://127.0.0.1:${port}`;
    log('');
    log(
      `Forum unter Last (${LOAD_CLIENT.name}, ${CONNECTIONS} Verbindungen, je ${options.duration} s, Last ${load()}):`,
    );
    log('');
    log('| Szenario | req/s | p95 ms | p99 ms | Anteil an Baseline | Fehler |');
    log('| --- | ---: | ---: | ---: | ---: | ---: |');
    let baseline = 0;
    for (const [name, paths] of [
      ['Baseline (leere Fastify-Route)', ['/api/bench/baseline']],
      ...scenarios,
    ] as [string, string[]][]) {
      await underLoad(base, paths, 2, CONNECTIONS);
      const r = await underLoad(base, paths, options.duration, CONNECTIONS);
      baseline ||= r.rps;
      log(
        `| ${name} | ${r.rps.toFixed(0)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${((r.rps / baseline) * 100).toFixed(0)} % | ${r.failed} |`,
      );
    }
  } finally {
    child.kill('SIGTERM');
  }
}

/** The load average of the last minute, for the tables (the machine is shared). */
function load(): string {
  return (os.loadavg()[0] ?? 0).toFixed(2);
}

const CONNECTIONS = 100;

/**
 * Generates (unless `reuse` finds it filled) and measures the forum data set.
 * @param options.posts forum posts in total (1,000,000 for the full size)
 * @param options.runs requests per scenario
 */
export async function forumBench(options: {
  databaseUrl: string;
  posts: number;
  runs: number;
  reuse: boolean;
  /** Seconds per scenario under load; 0 skips the load scenarios. */
  duration: number;
  log: (line: string) => void;
}): Promise<void> {
  const { log } = options;
  const schema = `bench_forum_${options.posts}`;
  const admin = new pg.Client({ connectionString: options.databaseUrl });
  await admin.connect();
  let filled = false;
  try {
    await admin.query('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public');
    if (options.reuse) {
      const [found] = await queryRows(
        admin,
        countRow,
        `select count(*)::int as n from information_schema.tables where table_schema = $1 and table_name = 'forum_posts'`,
        [schema],
      );
      if (found?.n === 1) {
        const [count] = await queryRows(
          admin,
          countRow,
          `select count(*)::int as n from "${schema}".forum_posts`,
        );
        filled = count?.n === options.posts;
      }
    }
    if (!filled) await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await admin.end();
  }
  // Opening migrates the schema (with the forums of migration 0012).
  const handle = await openDatabase({ databaseUrl: options.databaseUrl, schemaName: schema });
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  await client.query(`SET search_path TO "${schema}", public`);
  try {
    if (!filled) {
      const started = Date.now();
      await client.query(
        `insert into users (email, password_hash, nickname, email_verified_at, created_at)
         select 'forum' || i || '@example.org', 'x', 'Mitglied' || i, now(), now() - interval '400 days'
         from generate_series(1, 2000) i`,
      );
      const smallThreads = Math.max(0, Math.floor((options.posts - BIG_THREAD_POSTS) / THREAD_SIZE));
      const words = `array[${WORDS.map((word) => `'${word}'`).join(',')}]`;
      // Threads: number 0 is the big one; times spread over two years.
      await client.query(
        `insert into forum_threads (category_id, author_id, title, post_count, last_number, like_count, view_count,
                                    created_at, last_post_at)
         select (array[${SUBFORUMS.map((id) => `'${id}'`).join(',')}])[1 + i % ${SUBFORUMS.length}],
                (select id from users order by email offset (i % 2000) limit 1),
                'Thema ' || i || ' ' || (${words})[1 + i % ${WORDS.length}] || ' ' || (${words})[1 + (i * 7) % ${WORDS.length}],
                case when i = 0 then ${BIG_THREAD_POSTS} else ${THREAD_SIZE} end,
                case when i = 0 then ${BIG_THREAD_POSTS} else ${THREAD_SIZE} end,
                i % 50, i % 900,
                now() - (i % 700) * interval '1 day', now() - (i % 700) * interval '1 day' + interval '3 hours'
         from generate_series(0, ${smallThreads}) i`,
      );
      await client.query(
        'create temporary table bench_threads as select id, post_count, row_number() over (order by created_at desc, id) as rn from forum_threads',
      );
      await client.query(
        'create temporary table bench_users as select id, row_number() over (order by email) as rn from users',
      );
      // Posts in batches of about 100,000.
      const threads = await queryRows(
        client,
        z.object({ id: z.string(), post_count: z.number().int() }),
        'select id, post_count from bench_threads order by rn',
      );
      let batch: string[] = [];
      let batchPosts = 0;
      const flush = async () => {
        if (batch.length === 0) return;
        await client.query(
          `insert into forum_posts (thread_id, author_id, number, body, body_html, like_count, created_at)
           select t.id, u.id, n,
                  initcap((${words})[1 + (n * 13 + length(t.id::text)) % ${WORDS.length}]) || ' ' ||
                  (${words})[1 + (n * 7) % ${WORDS.length}] || ' ' || (${words})[1 + (n * 31) % ${WORDS.length}] || ' und ' ||
                  (${words})[1 + (n * 17 + 3) % ${WORDS.length}] || '. Beitrag ' || n || ' im Thema.',
                  '<p>Beitrag</p>', n % 5, now() - interval '1 day' + n * interval '1 second'
           from unnest($1::uuid[], $2::int[]) as t(id, posts)
           cross join lateral generate_series(1, t.posts) n
           join bench_users u on u.rn = 1 + (n * 37) % 2000`,
          [batch, batch.map((id) => threadSize.get(id) ?? THREAD_SIZE)],
        );
        batch = [];
        batchPosts = 0;
      };
      const threadSize = new Map(threads.map((row) => [row.id, row.post_count]));
      for (const row of threads) {
        batch.push(row.id);
        batchPosts += row.post_count;
        if (batchPosts >= 100_000) await flush();
      }
      await flush();
      // The members' counters, as the forum's writes keep them (migration 0017).
      await client.query(
        `insert into forum_member_stats (user_id, post_count, likes_received)
         select author_id, count(*), coalesce(sum(like_count), 0) from forum_posts
         where deleted_at is null group by author_id
         on conflict (user_id) do update
         set post_count = excluded.post_count, likes_received = excluded.likes_received`,
      );
      await client.query('vacuum analyze');
      log(`Forum-Daten erzeugt in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
    const [big] = await queryRows(
      client,
      idRow,
      `select id from forum_threads where post_count = ${BIG_THREAD_POSTS} order by created_at desc limit 1`,
    );
    const [counts] = await queryRows(client, countRow, 'select count(*)::int as n from forum_posts');
    if (!big) throw new Error(`no thread of ${BIG_THREAD_POSTS} posts`);
    const bigId = big.id;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-bench-forum-'));
    let pages: string[] = [];
    const app = await buildApp(
      loadConfig({ DATA_DIR: dir, SEED_DEMO: '0', LOG_LEVEL: 'silent', PUBLIC_READ_LIMIT: '0' }),
      {
        database: handle,
        logger: false,
      },
    );
    await app.ready();
    try {
      log('');
      log(
        `Forum: ${counts?.n.toLocaleString('de-DE')} Beiträge (PostgreSQL), einzelne Anfragen nacheinander (Last ${load()}):`,
      );
      log('');
      log('| Szenario | Mittel ms | p95 ms | p99 ms | Mittel / Baseline |');
      log('| --- | ---: | ---: | ---: | ---: |');
      // Each request of the first scenario another page: none is answered from the kept pages.
      const allPages = Array.from({ length: 250 }, (_, i) => `/api/forum/threads/${bigId}?page=${1 + i}`);
      pages = allPages.slice(99, 149);
      const scenarios: [string, string[]][] = [
        // The floor of this machine at this moment: one database round trip through the same stack.
        ['Baseline: /api/health (eine Datenbankabfrage)', ['/api/health']],
        ['Themenseite (20 von 5.000 Beiträgen), jede Anfrage eine andere Seite', allPages],
        ['Themenseite, dieselbe Seite', [allPages[120] as string]],
        ['Übersicht der Foren', ['/api/forum/categories']],
        ['Themenliste eines Unterforums', ['/api/forum/threads?category=games/pc']],
        ['Themenliste, meiste Likes', ['/api/forum/threads?category=sports&sort=liked']],
        ['Forumsuche mit Treffern', ['/api/forum/search?q=Grafikkarte']],
        ['Forumsuche, häufiges Wort', ['/api/forum/search?q=Beitrag']],
        ['Forumsuche ohne Treffer', ['/api/forum/search?q=Xqzjvwpt']],
        // Every request a new text (no cached count): each word alone, then pairs of words.
        ['Forumsuche, jede Anfrage neu', differentSearches(options.runs + 10)],
      ];
      // The factor to the baseline's mean compares runs on a machine whose load changes.
      let baseline = 0;
      for (const [name, paths] of scenarios) {
        const t = await time(app, paths, options.runs);
        baseline ||= t.mean;
        log(
          `| ${name} | ${t.mean.toFixed(1)} | ${t.p95.toFixed(1)} | ${t.p99.toFixed(1)} | ${(t.mean / baseline).toFixed(1)} |`,
        );
      }
    } finally {
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
    if (options.duration > 0)
      await loadScenarios(options, schema, [
        ['Themenseite (50 Seiten von 5.000 Beiträgen im Wechsel)', pages],
        ['Forumsuche mit Treffern', ['/api/forum/search?q=Grafikkarte']],
        ['Forumsuche, jede Anfrage neu', differentSearches(30_000)],
      ]);
  } finally {
    await client.end();
  }
}

// Run alone: `node bench/forum.ts [--posts N] [--runs N] [--duration S] [--reuse]`
// (`--duration 0`: no load scenarios).
if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const option = (name: string, fallback: number) => {
    const index = args.indexOf(`--${name}`);
    return index >= 0 ? Number(args[index + 1]) : fallback;
  };
  await forumBench({
    databaseUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    posts: option('posts', 1_000_000),
    runs: option('runs', 100),
    duration: option('duration', 10),
    reuse: args.includes('--reuse'),
    log: (line) => process.stdout.write(`${line}\n`),
  });
}
