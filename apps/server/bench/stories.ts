// The stories part of `npm run bench` (skip with `--skip-stories`; alone:
// `node apps/server/bench/stories.ts [--members N] [--duration S] [--connections N]`).
// Fills a PostgreSQL schema `bench_stories` with --members N (2,000) members with 3 live
// stories each (posted over the last 23 hours), 100 viewers who each follow 500 of them and have
// seen the stories of 250, and about 20 views per story from others. Then, with the app in its
// own process, the load generator (`LOAD_CLIENT`) at 100 connections asks `GET /api/stories/feed` (50 groups, as the
// client asks; and 10, the home strip's default) with the 100 viewers' tokens in turn, once
// without `Accept-Encoding` and once with a browser's (the answer then goes out brotli-compressed),
// against two baselines of the same run: the bare route of the other scenarios and a bare route
// behind the token check (the session lookup every member call pays). Then the same feed one request at a
// time through `app.inject`, and the size of a photo story's first image (the `detail` WebP the
// viewer loads) made from a 12-megapixel phone photo.
// PostgreSQL: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test).
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import sharp from 'sharp';
import { z } from 'zod';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, queryRows } from '../src/db/client.ts';
import { BROWSER_ENCODINGS, percentile, underLoad } from './load.ts';

const SCHEMA = 'bench_stories';
/** Members a viewer follows, and stories per member (the speed target's figures). */
const FOLLOWED = 500;
const STORIES_EACH = 3;
const VIEWERS = 100;

export interface StoriesBenchOptions {
  databaseUrl: string;
  /** Members with live stories (2,000; at least 500). */
  members: number;
  connections: number;
  /** Seconds per load scenario. */
  duration: number;
  /** Requests of the one-by-one timing. */
  runs: number;
  log: (line: string) => void;
}

interface Viewer {
  userId: string;
  sessionId: string;
}

const ms = (value: number) => value.toFixed(value < 10 ? 2 : 1);

/** Drops and fills the schema. @returns the viewers with a session each */
async function generate(databaseUrl: string, members: number): Promise<Viewer[]> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public');
  await admin.query(`DROP SCHEMA IF EXISTS "${SCHEMA}" CASCADE`);
  await admin.end();
  // Opening migrates the fresh schema.
  const handle = await openDatabase({ databaseUrl, schemaName: SCHEMA });
  await handle.close();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`SET search_path TO "${SCHEMA}", public`);
    // Members 1..N post stories; N+1..N+100 are the viewers. No argon2: nobody logs in.
    await client.query(
      `insert into users (email, password_hash, nickname, email_verified_at, created_at)
       select 'story' || n || '@beispiel.de', 'x', 'Mitglied ' || n, now(), now() - interval '300 days'
       from generate_series(1, $1::int) n`,
      [members + VIEWERS],
    );
    await client.query(`create temporary table bench_numbered as
      select id, substring(email from 'story([0-9]+)@')::int as n from users`);
    // Each viewer follows 500 members, a different window of them each.
    await client.query(
      `insert into follows (follower_id, followed_id)
       select v.id, m.id from bench_numbered v
       join bench_numbered m on m.n <= $1::int
        and ((m.n - 1 - (v.n - $1::int) * 17) % $1::int + $1::int) % $1::int < ${FOLLOWED}
       where v.n > $1::int`,
      [members],
    );
    // 3 live stories per member over the last 23 hours; every fifth a video, every third with a caption.
    await client.query(
      `insert into stories (user_id, media_type, media_name, thumbnail_name, mime_type, caption, duration,
                            created_at, expires_at)
       select m.id,
              case when (m.n + s) % 5 = 0 then 'video' else 'image' end,
              md5(m.n || '-' || s) || case when (m.n + s) % 5 = 0 then '.mp4' else '' end,
              case when (m.n + s) % 5 = 0 then null else md5(m.n || '-' || s) end,
              case when (m.n + s) % 5 = 0 then 'video/mp4' else 'image/webp' end,
              case when (m.n + s) % 3 = 0 then 'Neu im Angebot, Story ' || s else null end,
              case when (m.n + s) % 5 = 0 then 12 else null end,
              t.at, t.at + interval '24 hours'
       from bench_numbered m
       cross join generate_series(1, ${STORIES_EACH}) s
       cross join lateral (select now() - ((m.n * 7919 + s * 104729) % 82800) * interval '1 second' as at) t
       where m.n <= $1::int`,
      [members],
    );
    // Each viewer has seen all stories of the first 250 members it follows.
    await client.query(
      `insert into story_views (story_id, viewer_id, viewed_at)
       select st.id, f.follower_id, st.created_at + interval '5 minutes'
       from follows f
       join bench_numbered m on m.id = f.followed_id
       join bench_numbered v on v.id = f.follower_id
       join stories st on st.user_id = f.followed_id
       where ((m.n - 1 - (v.n - $1::int) * 17) % $1::int + $1::int) % $1::int < ${FOLLOWED / 2}`,
      [members],
    );
    // About 20 views per story from other members.
    await client.query(
      `insert into story_views (story_id, viewer_id, viewed_at)
       select st.id, m.id, st.created_at + interval '10 minutes'
       from stories st
       cross join generate_series(1, 20) k
       join bench_numbered m on m.n = 1 + (abs(hashtext(st.id::text)) + k * 97) % $1::int
       where m.id <> st.user_id
       on conflict do nothing`,
      [members],
    );
    const sessions = await queryRows(
      client,
      z.object({ id: z.string(), user_id: z.string() }),
      `insert into sessions (user_id, expires_at)
       select id, now() + interval '24 hours' from bench_numbered where n > $1::int
       returning id, user_id`,
      [members],
    );
    await client.query('analyze');
    return sessions.map((row) => ({ userId: row.user_id, sessionId: row.id }));
  } finally {
    await client.end();
  }
}

/** The app in its own process (this file with `BENCH_STORIES_SERVER=1`), signing tokens over IPC. */
async function startServer(databaseUrl: string) {
  const child: ChildProcess = spawn(process.execPath, [fileURLToPath(import.meta.url)], {
    env: {
      ...process.env,
      BENCH_DATABASE_URL: databaseUrl,
      BENCH_STORIES_SERVER: '1',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let onTokens: ((tokens: string[]) => void) | null = null;
  const port = await new Promise<number>((resolve, reject) => {
    child.on('message', (message: { ready?: number; tokens?: string[] }) => {
      if (message.ready !== undefined) resolve(message.ready);
      else if (message.tokens) onTokens?.(message.tokens);
    });
    child.on('exit', (code) => reject(new Error(`stories bench server exited with ${code}`)));
  });
  return {
    port,
    tokens: (viewers: Viewer[]) =>
      new Promise<string[]>((resolve) => {
        onTokens = resolve;
        child.send({ viewers });
      }),
    stop: () => child.kill('SIGTERM'),
  };
}

/** Child process: the app on the bench schema with the two baseline routes. */
async function serve(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-bench-stories-'));
  const database = await openDatabase({
    databaseUrl: process.env.BENCH_DATABASE_URL as string,
    schemaName: SCHEMA,
  });
  const app = await buildApp(
    loadConfig({ DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'silent', PUBLIC_READ_LIMIT: '0' }),
    {
      database,
      logger: false,
    },
  );
  app.get('/api/bench/baseline', async () => ({ ok: true }));
  app.get('/api/bench/baseline-member', { onRequest: app.authenticate }, async () => ({ ok: true }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  process.on('message', (message: { viewers: Viewer[] }) => {
    process.send?.({
      tokens: message.viewers.map((v) => app.signAccessToken({ id: v.userId, role: 'SELLER' }, v.sessionId)),
    });
  });
  const address = app.server.address();
  process.send?.({ ready: typeof address === 'object' && address ? address.port : 0 });
  const stop = async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

interface LoadResult {
  name: string;
  rps: number;
  p95: number;
  p99: number;
  failed: number;
}

/**
 * The load generator on `url`, each request with the next token in turn (none for an empty list) and
 * `headers`.
 */
async function load(
  base: string,
  name: string,
  url: string,
  tokens: string[],
  connections: number,
  duration: number,
  headers: Record<string, string>,
): Promise<LoadResult> {
  return { name, ...(await underLoad(base, [url], duration, connections, tokens, undefined, headers)) };
}

/** A 12-megapixel photo as a phone takes it (4032 x 3024, fine detail, EXIF), as JPEG quality 92. */
async function phonePhoto(): Promise<Buffer> {
  const width = 1008;
  const height = 756;
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const noise = ((x * 2654435761) ^ (y * 40503)) % 61;
      raw[i] = (x / 4 + noise) % 256;
      raw[i + 1] = (y / 3 + noise * 2) % 256;
      raw[i + 2] = (x + y + noise * 3) % 256;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .resize(4032, 3024, { kernel: 'nearest' })
    .withMetadata({ exif: { IFD0: { Make: 'Bench', Model: 'Phone' } } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** Posts the phone photo as a story through the app. @returns upload and first-image sizes in bytes */
async function photoStorySize(
  app: FastifyInstance,
  token: string,
): Promise<{ upload: number; first: number }> {
  const photo = await phonePhoto();
  const boundary = '----bench-stories';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="media"; filename="IMG_0001.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    photo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/stories/',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
  if (res.statusCode !== 201) throw new Error(`photo story: ${res.statusCode} ${res.body.slice(0, 200)}`);
  const image = await app.inject({ url: (res.json() as { media_url: string }).media_url });
  return { upload: photo.length, first: image.rawPayload.length };
}

/** The stories bench; prints Markdown tables through `options.log`. */
export async function storiesBench(options: StoriesBenchOptions): Promise<void> {
  const { log } = options;
  const members = Math.max(FOLLOWED, options.members);
  const started = Date.now();
  const viewers = await generate(options.databaseUrl, members);
  log('');
  log(
    `Stories: ${members} Mitglieder mit je ${STORIES_EACH} Stories, ${VIEWERS} Betrachter folgen je ${FOLLOWED} davon (PostgreSQL, erzeugt in ${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
  const server = await startServer(options.databaseUrl);
  const base = `http://127.0.0.1:${server.port}`;
  try {
    const tokens = await server.tokens(viewers);
    // The bare routes' answers are too small to be compressed, so the browser's header changes
    // nothing for them; the feed's answers go out compressed when it is sent.
    const scenarios: [string, string, string[], Record<string, string>][] = [
      ['Baseline (leere Fastify-Route)', '/api/bench/baseline', [], {}],
      ['Baseline mit Token (leere Route, Sitzungsprüfung)', '/api/bench/baseline-member', tokens, {}],
      ['Story-Feed, 50 Gruppen, unkomprimiert', '/api/stories/feed?limit=50', tokens, {}],
      ['Story-Feed, 10 Gruppen (Startseite), unkomprimiert', '/api/stories/feed?limit=10', tokens, {}],
      [
        'Story-Feed, 50 Gruppen, wie ein Browser (br)',
        '/api/stories/feed?limit=50',
        tokens,
        BROWSER_ENCODINGS,
      ],
      [
        'Story-Feed, 10 Gruppen (Startseite), wie ein Browser (br)',
        '/api/stories/feed?limit=10',
        tokens,
        BROWSER_ENCODINGS,
      ],
    ];
    const results: LoadResult[] = [];
    for (const [name, url, list, headers] of scenarios) {
      await load(base, name, url, list, options.connections, 2, headers); // warm-up
      results.push(await load(base, name, url, list, options.connections, options.duration, headers));
    }
    const bare = results[0] as LoadResult;
    const member = results[1] as LoadResult;
    log('');
    log(
      `| Szenario (${options.connections} Verbindungen) | req/s | p95 ms | p99 ms | Anteil an Baseline | Anteil an Baseline mit Token | Fehler |`,
    );
    log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const r of results) {
      const share = (of: LoadResult) => `${((r.rps / of.rps) * 100).toFixed(0)} %`;
      log(
        `| ${r.name} | ${r.rps.toFixed(0)} | ${ms(r.p95)} | ${ms(r.p99)} | ${share(bare)} | ${share(member)} | ${r.failed} |`,
      );
    }
  } finally {
    server.stop();
  }

  // One by one through inject, and the photo story.
  const handle = await openDatabase({ databaseUrl: options.databaseUrl, schemaName: SCHEMA });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-bench-stories-'));
  const app = await buildApp(
    loadConfig({ DATA_DIR: dir, SEED_DEMO: '0', LOG_LEVEL: 'silent', PUBLIC_READ_LIMIT: '0' }),
    {
      database: handle,
      logger: false,
    },
  );
  await app.ready();
  try {
    const tokens = viewers.map((v) => app.signAccessToken({ id: v.userId, role: 'SELLER' }, v.sessionId));
    log('');
    log('Einzelne Anfragen nacheinander (app.inject):');
    log('');
    log(
      '| Szenario | Mittel ms | p95 ms | p99 ms | Mittel / Baseline mit Token | Gruppen | Stories | kB übertragen |',
    );
    log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    let baselineMean = Number.NaN;
    const cases: [string, string, Record<string, string>][] = [
      ['Baseline mit Token (GET /api/me)', '/api/me', {}],
      ['Story-Feed, 50 Gruppen', '/api/stories/feed?limit=50', {}],
      ['Story-Feed, 10 Gruppen', '/api/stories/feed?limit=10', {}],
      ['Story-Feed, 50 Gruppen, wie ein Browser (br)', '/api/stories/feed?limit=50', BROWSER_ENCODINGS],
      ['Story-Feed, 10 Gruppen, wie ein Browser (br)', '/api/stories/feed?limit=10', BROWSER_ENCODINGS],
    ];
    for (const [name, url, headers] of cases) {
      const ask = (i: number) =>
        app.inject({
          url,
          headers: { ...headers, authorization: `Bearer ${tokens[i % tokens.length] as string}` },
        });
      for (let i = 0; i < 10; i++) await ask(i);
      const times: number[] = [];
      let groups = 0;
      let stories = 0;
      let bytes = 0;
      for (let i = 0; i < options.runs; i++) {
        const t0 = process.hrtime.bigint();
        const res = await ask(i);
        times.push(Number(process.hrtime.bigint() - t0) / 1e6);
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        const text =
          res.headers['content-encoding'] === 'br'
            ? zlib.brotliDecompressSync(res.rawPayload).toString()
            : res.body;
        const body = JSON.parse(text) as { stories?: { stories: unknown[] }[] };
        groups = body.stories?.length ?? 0;
        stories = (body.stories ?? []).reduce((sum, group) => sum + group.stories.length, 0);
        bytes = res.rawPayload.length;
      }
      times.sort((a, b) => a - b);
      const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
      if (Number.isNaN(baselineMean)) baselineMean = mean;
      const kB = (bytes / 1024).toFixed(1);
      const counted = url === '/api/me' ? `| – | – | ${kB} |` : `| ${groups} | ${stories} | ${kB} |`;
      log(
        `| ${name} | ${ms(mean)} | ${ms(percentile(times, 95))} | ${ms(percentile(times, 99))} | ${(mean / baselineMean).toFixed(1)} ${counted}`,
      );
    }
    const size = await photoStorySize(app, tokens[0] as string);
    log('');
    log(
      `Foto-Story aus einem 12-Megapixel-Foto (4032 x 3024, ${(size.upload / 1024).toFixed(0)} kB JPEG): erstes Bild ${(size.first / 1024).toFixed(0)} kB (Ziel < 200 kB)`,
    );
  } finally {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.env.BENCH_STORIES_SERVER === '1') {
  await serve();
} else if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const option = (name: string, fallback: number) => {
    const index = args.indexOf(`--${name}`);
    return index >= 0 ? Number(args[index + 1]) : fallback;
  };
  await storiesBench({
    databaseUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    members: option('members', 2000),
    connections: option('connections', 100),
    duration: option('duration', 10),
    runs: option('runs', 200),
    log: (line) => process.stdout.write(`${line}\n`),
  });
}
