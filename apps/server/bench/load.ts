// What the benches that load the API share: the app in its own process (bench/server.ts), one
// scenario under load (wrk when it is installed, else autocannon), and the listing scenarios
// (paths) themselves.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { z } from 'zod';

/** A count of the benches' checks of a reused data set (`count(*)::int as n`). */
export const countRow = z.object({ n: z.number().int() });

/** An id of a row the benches ask for. */
export const idRow = z.object({ id: z.string() });

/** The `p`th percentile of ascending `sorted` (NaN when empty). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/**
 * Starts bench/server.ts (the app with the bare route `/api/bench/baseline`) on `schema` of
 * `databaseUrl` (none: the database's own tables) in its own process, so that the load
 * generator does not share its CPU time.
 * @param extraEnv more environment for the server (`SEARCH_INDEX=gin`, bench/search-plans.ts)
 * @returns the process (stop it with SIGTERM) and its port once it listens
 */
export async function startBenchServer(
  databaseUrl: string,
  schema?: string,
  extraEnv: Record<string, string> = {},
): Promise<{ child: ChildProcess; port: number }> {
  const { BENCH_SCHEMA: _unset, ...env } = process.env;
  const child = spawn(process.execPath, [fileURLToPath(new URL('server.ts', import.meta.url))], {
    env: {
      ...env,
      ...extraEnv,
      BENCH_DATABASE_URL: databaseUrl,
      ...(schema ? { BENCH_SCHEMA: schema } : {}),
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /READY (\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { child, port };
}

/** What one scenario under load measured. */
export interface LoadResult {
  /** Responses per second. */
  rps: number;
  /** Latency percentiles (ms). */
  p95: number;
  p99: number;
  /** `rejected` + `errors` + `timeouts`. */
  failed: number;
  /** Responses counted. */
  requests: number;
  /** Answers with a status of 300 and above (autocannon) or 400 and above (wrk). */
  rejected: number;
  /** Connection, read and write errors. */
  errors: number;
  timeouts: number;
}

/**
 * The load generator of this run: wrk (C, one thread) when it is on the PATH, else autocannon;
 * `BENCH_CLIENT=autocannon` or `=wrk` chooses. autocannon runs in Node and turns every response
 * body into a string (`req.body += data` in its request queue), which on a machine of 2 cores
 * costs the server CPU time in proportion to the bytes sent, most of all for compressed bodies
 * that are not valid UTF-8 (docs/benchmarks.md, "The load generator"); wrk reads and drops them.
 */
export const LOAD_CLIENT: { name: 'wrk' | 'autocannon'; version: string } = (() => {
  const chosen = process.env.BENCH_CLIENT;
  if (chosen !== 'autocannon') {
    const probe = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
    const version = /wrk (\S+)/.exec(`${probe.stdout ?? ''}${probe.stderr ?? ''}`)?.[1];
    if (version) return { name: 'wrk', version };
    if (chosen === 'wrk') throw new Error('BENCH_CLIENT=wrk, but wrk is not installed');
  }
  return { name: 'autocannon', version: '' };
})();

/**
 * One scenario under load: {@link LOAD_CLIENT} at `connections` connections for `duration` s
 * against `base`, each request the next of `paths` and, when `tokens` are given, with the next of
 * them as its bearer token, and `headers` on every request; with `until`, the load runs until that
 * promise settles instead (`duration` is then ignored). Latencies: p95/p99 in ms (exact from every
 * response under autocannon, wrk's histogram under wrk); `failed` counts rejected answers, errors
 * and timeouts; `requests` counts every response.
 */
export async function underLoad(
  base: string,
  paths: string[],
  duration: number,
  connections: number,
  tokens: string[] = [],
  until?: Promise<unknown>,
  headers: Record<string, string> = {},
): Promise<LoadResult> {
  const load = { base, paths, duration, connections, tokens, until, headers };
  return LOAD_CLIENT.name === 'wrk' ? wrkLoad(load) : autocannonLoad(load);
}

/** The arguments of {@link underLoad}. */
interface Load {
  base: string;
  paths: string[];
  duration: number;
  connections: number;
  tokens: string[];
  until: Promise<unknown> | undefined;
  headers: Record<string, string>;
}

async function autocannonLoad({
  base,
  paths,
  duration,
  connections,
  tokens,
  until,
  headers,
}: Load): Promise<LoadResult> {
  let turn = 0;
  let rejected = 0;
  const latencies: number[] = [];
  const instance = autocannon({
    url: base,
    connections,
    // autocannon stops at `duration`; with `until` it is stopped by hand (at most a day).
    duration: until ? 86_400 : duration,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const sent: Record<string, string> = { ...headers };
          if (tokens.length > 0) sent.authorization = `Bearer ${tokens[turn % tokens.length] as string}`;
          return { ...request, path: paths[turn++ % paths.length] as string, headers: sent };
        },
      },
    ],
  });
  instance.on('response', (_client, status, _bytes, time) => {
    latencies.push(time);
    if (status >= 300) rejected++;
  });
  until?.then(
    () => instance.stop(),
    () => instance.stop(),
  );
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    rps: result.requests.total / result.duration,
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    failed: rejected + result.errors + result.timeouts,
    requests: latencies.length,
    rejected,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** What wrk's `done` hook prints (`wrkScript`): counts, and times in µs. */
const wrkSummary = z.object({
  requests: z.number().int(),
  duration_us: z.number().int().positive(),
  p95_us: z.number().int(),
  p99_us: z.number().int(),
  connect: z.number().int(),
  read: z.number().int(),
  write: z.number().int(),
  timeout: z.number().int(),
  status: z.number().int(),
});

/**
 * wrk's Lua script for {@link wrkLoad}: each request the next path (and token) in turn, the
 * summary printed as one JSON line. No `response` hook: with one, wrk would hand every body to Lua.
 */
function wrkScript(paths: string[], tokens: string[], headers: Record<string, string>): string {
  const list = (values: string[]) => `{${values.map((value) => JSON.stringify(value)).join(',')}}`;
  const headerTable = `{${Object.entries(headers)
    .map(([name, value]) => `[${JSON.stringify(name)}]=${JSON.stringify(value)}`)
    .join(',')}}`;
  return `local paths = ${list(paths)}
local tokens = ${list(tokens)}
local headers = ${headerTable}
local turn = 0
request = function()
  local sent = {}
  for name, value in pairs(headers) do sent[name] = value end
  if #tokens > 0 then sent["Authorization"] = "Bearer " .. tokens[(turn % #tokens) + 1] end
  local path = paths[(turn % #paths) + 1]
  turn = turn + 1
  return wrk.format("GET", path, sent)
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK {"requests":%d,"duration_us":%d,"p95_us":%d,"p99_us":%d,' ..
    '"connect":%d,"read":%d,"write":%d,"timeout":%d,"status":%d}\\n', summary.requests,
    summary.duration, latency:percentile(95), latency:percentile(99), e.connect, e.read, e.write,
    e.timeout, e.status))
end
`;
}

/**
 * {@link underLoad} with wrk: one thread (the server has the other core), `connections`
 * connections, a 10 s time-out per request as autocannon's. With `until`, wrk is stopped by
 * SIGINT when it settles and reports what it measured until then. Rejected answers are those of
 * 400 and above (wrk's count).
 */
async function wrkLoad(load: Load): Promise<LoadResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-wrk-'));
  const script = path.join(dir, 'scenario.lua');
  fs.writeFileSync(script, wrkScript(load.paths, load.tokens, load.headers));
  try {
    const child = spawn(
      'wrk',
      [
        '-t1',
        `-c${load.connections}`,
        `-d${load.until ? 86_400 : load.duration}s`,
        '--timeout',
        '10s',
        '-s',
        script,
        load.base,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    load.until?.then(
      () => child.kill('SIGINT'),
      () => child.kill('SIGINT'),
    );
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    const line = /^WRK (.*)$/m.exec(output)?.[1];
    if (!line) throw new Error(`wrk exited with ${code} without a summary:\n${output}`);
    const summary = wrkSummary.parse(JSON.parse(line));
    const errors = summary.connect + summary.read + summary.write;
    return {
      rps: summary.requests / (summary.duration_us / 1e6),
      p95: summary.p95_us / 1000,
      p99: summary.p99_us / 1000,
      failed: summary.status + errors + summary.timeout,
      requests: summary.requests,
      rejected: summary.status,
      errors,
      timeouts: summary.timeout,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** One load scenario of the API bench (bench/run.ts, bench/cluster.ts). */
export interface Scenario {
  name: string;
  /** Paths requested in turn. */
  paths: string[];
  /**
   * `visited`: each path is asked once before the warm-up, as a visitor before the measured ones
   * would have (a page is rendered on its first visit and then kept); `first`: measured without
   * any warm-up, so every path's first visit falls into the measurement.
   */
  visits?: 'visited' | 'first';
  /** Headers of every request, e.g. {@link BROWSER_ENCODINGS}. */
  headers?: Record<string, string>;
}

/** The encodings a browser accepts (Chromium's `Accept-Encoding`): pages then go out compressed. */
export const BROWSER_ENCODINGS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** Follows `next_cursor` `pages` times (100 ads each). @returns the cursor at that depth */
export async function deepCursor(base: string, pages: number): Promise<string> {
  let cursor = '';
  for (let page = 0; page < pages; page++) {
    const response = await fetch(`${base}/api/listings?limit=100${cursor ? `&cursor=${cursor}` : ''}`);
    const body = (await response.json()) as { next_cursor: string | null };
    if (!body.next_cursor) break;
    cursor = body.next_cursor;
  }
  return cursor;
}

/** Common words of ad titles for the mixed search scenario. */
const MIXED_WORDS = [
  'Fahrrad',
  'Sofa',
  'Kinderwagen',
  'Waschmaschine',
  'Lampe',
  'Tisch',
  'Stuhl',
  'Schrank',
  'Laptop',
  'Handy',
  'Jacke',
  'Schuhe',
  'Regal',
  'Bett',
  'Gitarre',
  'Kamera',
  'Spielzeug',
  'Buch',
  'Werkzeug',
  'Garten',
];

/**
 * 2,000 different searches (20 words, each with 100 price limits), asked in turn: every
 * request is one the server has not answered within the last second, so this scenario measures
 * the queries themselves under load, not the cache of public answers.
 */
export function mixedSearches(): string[] {
  return Array.from({ length: 2000 }, (_, i) => {
    const word = MIXED_WORDS[i % MIXED_WORDS.length] as string;
    return `/api/listings?q=${encodeURIComponent(word)}&price_max=${100 + 10 * Math.floor(i / MIXED_WORDS.length)}&limit=20`;
  });
}

/**
 * The listing scenarios of the API bench: `ids` are active ads (the first 500 are asked in
 * turn), `cursor` is the cursor of a deep page (see `deepCursor`).
 */
export function scenarios(ids: string[], cursor: string): Scenario[] {
  return [
    { name: 'Feed (20 Anzeigen)', paths: ['/api/listings?limit=20'] },
    { name: 'Anzeigenseite', paths: ids.slice(0, 500).map((id) => `/api/listings/${id}`) },
    { name: 'Suche mit Treffern', paths: ['/api/listings?q=Kinderwagen&limit=20'] },
    { name: 'Suche ohne Treffer', paths: ['/api/listings?q=Xqzjvwpt&limit=20'] },
    { name: 'Suche, sehr häufiges Wort', paths: ['/api/listings?q=Zustand&limit=20'] },
    { name: 'Suche mit Tippfehler', paths: ['/api/listings?q=Fahrad&limit=20'] },
    { name: 'Tiefe Seite (Cursor)', paths: [`/api/listings?limit=20&cursor=${cursor}`] },
    { name: 'Suche, 2.000 verschiedene Anfragen', paths: mixedSearches() },
  ];
}

/**
 * The public pages as the browser asks for them (HTML, rendered on the server when the web app
 * has been built): the same 500 ads as 'Anzeigenseite' and the category pages of
 * `categorySlugs`, each visited once before (as the API scenarios' warm-up asks each of their
 * addresses many times), and 500 other ads on their first visits (`ids` 500 to 999).
 */
export function htmlScenarios(ids: string[], categorySlugs: string[]): Scenario[] {
  const adPages = ids.slice(0, 500).map((id) => `/listing/${id}`);
  return [
    { name: 'Anzeigenseite (HTML)', paths: adPages, visits: 'visited', headers: BROWSER_ENCODINGS },
    {
      name: 'Kategorieseite (HTML)',
      paths: categorySlugs.map((slug) => `/category/${encodeURIComponent(slug)}`),
      visits: 'visited',
      headers: BROWSER_ENCODINGS,
    },
    {
      name: 'Anzeigenseite (HTML), erste Aufrufe',
      paths: ids.slice(500, 1000).map((id) => `/listing/${id}`),
      visits: 'first',
      headers: BROWSER_ENCODINGS,
    },
    // The same kept pages to a client that takes no compression: the page's full size each time.
    { name: 'Anzeigenseite (HTML), unkomprimiert', paths: adPages, visits: 'visited' },
  ];
}

/**
 * Asks for each of `paths` once, one after the other (a page asked for alone is always rendered),
 * with `headers` (the scenario's, as its visitors ask), reading every answer whole.
 */
export async function visitEach(
  base: string,
  paths: readonly string[],
  headers: Record<string, string> = {},
): Promise<void> {
  for (const path of paths) {
    const response = await fetch(`${base}${path}`, { headers });
    await response.arrayBuffer();
  }
}

/**
 * The top-level categories of the data set at `base` with the most active ads, at most `count`
 * (`GET /api/categories/all`). @returns their slugs
 */
export async function busiestCategories(base: string, count: number): Promise<string[]> {
  const response = await fetch(`${base}/api/categories/all`);
  const body = (await response.json()) as { categories: { slug: string; listing_count: number }[] };
  return [...body.categories]
    .sort((a, b) => b.listing_count - a.listing_count || a.slug.localeCompare(b.slug))
    .slice(0, count)
    .map((category) => category.slug);
}
