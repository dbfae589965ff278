/**
 * Home page bench, and the other pages the server draws (docs/decisions/0004, 0012): the built
 * app on the real server with the demo data, in Debian's Chromium (`CHROME_PATH`, default
 * /usr/bin/chromium). Prints
 * - the JavaScript the home page loads until the network is idle, gzipped (target: 250 kB);
 * - whether every listing image is lazy-loaded with width and height set;
 * - Lighthouse's performance score on its mobile settings, median of `--runs` (default 5;
 *   target: 90), with FCP, LCP, TBT and CLS of each run, for the home page, an ad page
 *   (a demo ad with a photo), that ad's category page, a search for its title's first word, a
 *   forum thread (the latest activity of the first forum, `GET /api/forum/categories`) and the
 *   public profile of the ad's seller;
 * - for each page, whether its HTML as the server sends it (before any script runs) holds the
 *   page's `<h1>`, and at the end a table of the medians (score, FCP, LCP, TBT, CLS).
 * The machine's load average is printed before each page: Total Blocking Time grows with it,
 * so compare figures of the same run. Nothing is asserted: the figures go into
 * docs/benchmarks.md.
 *
 * Usage: `npm run bench -w apps/web [-- --runs N]
 * [-- --pages home,listing,category,search,forum,profile]` after `npm run build`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import pRetry from 'p-retry';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromePath } from '../e2e/helpers/browser.ts';
import { startServer } from '../e2e/helpers/server.ts';

const TARGET_JS_KB = 250;
const TARGET_SCORE = 90;

const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');

const PAGE_KINDS = ['home', 'listing', 'category', 'search', 'forum', 'profile'] as const;
type PageKind = (typeof PAGE_KINDS)[number];

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    pages: { type: 'string', default: PAGE_KINDS.join(',') },
  },
});
const runs = Math.max(1, Number(values.runs) || 5);
const pageKinds = values.pages
  .split(',')
  .map((kind) => kind.trim())
  .filter((kind): kind is PageKind => (PAGE_KINDS as readonly string[]).includes(kind));

interface HomeScripts {
  files: { name: string; gzipBytes: number }[];
  images: number;
  lazyImages: number;
  sizedImages: number;
}

/** Loads home at 390 px and lists the scripts it fetched (gzipped from dist) and its images. */
async function measureHome(baseUrl: string): Promise<HomeScripts> {
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.add(new URL(response.url()).pathname);
    });
    await page.goto(baseUrl, { waitUntil: 'networkidle' });
    const images = await page.$$eval('main img', (nodes) =>
      nodes.map((img) => ({
        lazy: img.getAttribute('loading') === 'lazy',
        sized: img.hasAttribute('width') && img.hasAttribute('height'),
      })),
    );
    const files = [...scripts].map((name) => ({
      name,
      gzipBytes: gzipSync(fs.readFileSync(path.join(distDir, name))).length,
    }));
    return {
      files: files.sort((a, b) => b.gzipBytes - a.gzipBytes),
      images: images.length,
      lazyImages: images.filter((image) => image.lazy).length,
      sizedImages: images.filter((image) => image.sized).length,
    };
  } finally {
    await browser.close();
  }
}

/** What one Lighthouse run measured: the score (0–100), FCP, LCP and TBT in ms, and CLS. */
interface RunFigures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

/**
 * One Lighthouse run on a fresh Chromium: its figures and the line it prints.
 * @throws when Lighthouse reports no score (its trace recording fails now and then, NO_NAVSTART)
 */
async function lighthouseRun(url: string): Promise<{ figures: RunFigures; line: string }> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROMIUM_ARGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['performance'],
      logLevel: 'error',
    });
    const score = result?.lhr.categories.performance?.score;
    if (!result || typeof score !== 'number')
      throw new Error(`Lighthouse gave no score: ${result?.lhr.runtimeError?.message}`);
    const audits = result.lhr.audits;
    const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    return {
      figures: {
        score: Math.round(score * 100),
        fcp: value('first-contentful-paint'),
        lcp: value('largest-contentful-paint'),
        tbt: value('total-blocking-time'),
        cls: value('cumulative-layout-shift'),
      },
      line:
        `FCP ${audits['first-contentful-paint']?.displayValue}, ` +
        `LCP ${audits['largest-contentful-paint']?.displayValue}, TBT ${audits['total-blocking-time']?.displayValue}, ` +
        `CLS ${audits['cumulative-layout-shift']?.displayValue}`,
    };
  } finally {
    chrome.kill();
  }
}

/**
 * Lighthouse's figures of `url` on its default mobile settings, one per run. A run without a
 * score is repeated (at most twice) and says so.
 */
async function lighthouseRuns(url: string): Promise<RunFigures[]> {
  const all: RunFigures[] = [];
  for (let run = 0; run < runs; run++) {
    const { figures, line } = await pRetry(() => lighthouseRun(url), {
      retries: 2,
      onFailedAttempt: ({ error }) => console.log(`  Lauf ${run + 1} wiederholt: ${error.message}`),
    });
    all.push(figures);
    console.log(`  Lauf ${run + 1}: ${figures.score} (${line})`);
  }
  return all;
}

/** The characters HTML escapes in a text by name. */
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** `text` with its character references (`&amp;`, `&#39;`, `&#x27;`) as the characters they stand for. */
function unescapeHtml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name] ?? entity;
  });
}

/**
 * The page's `<h1>` as the server sends it, before any script runs: its text, or null when the
 * HTML holds none (the page is drawn in the browser only).
 */
async function headingInHtml(url: string): Promise<string | null> {
  const html = await (await fetch(url)).text();
  const match = /<h1[\s>][\s\S]*?<\/h1>/.exec(html);
  if (!match) return null;
  return unescapeHtml(match[0].replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** The load averages of the last 1, 5 and 15 minutes, as `uptime` prints them. */
function loadAverage(): string {
  return os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(', ');
}

/**
 * The addresses of the drawn pages (path per kind): a demo ad with a photo that is offered
 * (it carries Product data), its category, a search for its title's first word, the thread of
 * the first forum's latest activity and the public profile of the ad's seller.
 */
async function drawnPagePaths(baseUrl: string): Promise<Record<PageKind, string>> {
  const res = await fetch(`${baseUrl}/api/listings?sort=newest&limit=50`);
  const body = (await res.json()) as {
    listings: {
      id: string;
      title: string;
      offer_type: string;
      images: string[];
      category: { slug: string; parent: { slug: string } | null };
      seller: { id: string };
    }[];
  };
  const forums = (await (await fetch(`${baseUrl}/api/forum/categories`)).json()) as {
    forums: { last_activity: { thread_id: string } | null }[];
  };
  const threadId = forums.forums.find((forum) => forum.last_activity)?.last_activity?.thread_id;
  if (!threadId) throw new Error('Kein Demo-Forumsthema gefunden');
  const ad = body.listings.find((listing) => listing.images.length > 0 && listing.offer_type === 'offer');
  if (!ad) throw new Error('Keine Demo-Anzeige mit Foto gefunden');
  const { category } = ad;
  const word = ad.title.split(/\s+/)[0] ?? ad.title;
  return {
    home: '/',
    listing: `/listing/${ad.id}`,
    category: category.parent
      ? `/category/${category.parent.slug}/${category.slug}`
      : `/category/${category.slug}`,
    search: `/search?q=${encodeURIComponent(word)}`,
    forum: `/forum/thread/${threadId}`,
    profile: `/user/${ad.seller.id}`,
  };
}

const PAGE_NAMES: Record<PageKind, string> = {
  home: 'Startseite',
  listing: 'Anzeigenseite',
  category: 'Kategorieseite',
  search: 'Suchergebnisse',
  forum: 'Forumsthema',
  profile: 'Profil',
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

if (!fs.existsSync(path.join(distDir, 'index.html'))) {
  console.error('apps/web/dist fehlt: zuerst `npm run build` ausführen.');
  process.exit(1);
}

const server = await startServer({ SEED_DEMO: '1' });
try {
  const home = await measureHome(server.baseUrl);
  const totalKb = home.files.reduce((sum, file) => sum + file.gzipBytes, 0) / 1024;
  console.log('Startseite: JavaScript bis zur Netzwerkruhe (390 px), gzip:');
  for (const file of home.files)
    console.log(`  ${(file.gzipBytes / 1024).toFixed(1).padStart(7)} kB  ${file.name}`);
  console.log(
    `  ${totalKb.toFixed(1).padStart(7)} kB  gesamt (Ziel höchstens ${TARGET_JS_KB} kB: ${((totalKb / TARGET_JS_KB) * 100).toFixed(0)} % davon)`,
  );
  console.log(
    `Anzeigenbilder: ${home.images}, davon lazy geladen ${home.lazyImages}, mit Breite und Höhe ${home.sizedImages}`,
  );

  const paths = await drawnPagePaths(server.baseUrl);
  const medians: string[] = [];
  const rows: string[] = [];
  for (const kind of pageKinds) {
    const url = `${server.baseUrl}${paths[kind]}`;
    const heading = await headingInHtml(url);
    console.log(
      `Lighthouse Performance, ${PAGE_NAMES[kind]} ${paths[kind]}, mobile Einstellungen, ${runs} Läufe (Last ${loadAverage()}):`,
    );
    console.log(`  <h1> im HTML vor den Skripten: ${heading === null ? 'nein' : `ja („${heading}“)`}`);
    const all = await lighthouseRuns(url);
    const of = (pick: (figures: RunFigures) => number) => median(all.map(pick));
    const scores = all.map((figures) => figures.score);
    console.log(
      `  Median ${median(scores)} (Ziel mindestens ${TARGET_SCORE}); Läufe ${scores.join(', ')}; CLS (Median) ${of((f) => f.cls).toFixed(3)}`,
    );
    medians.push(`${PAGE_NAMES[kind]} ${median(scores)}`);
    rows.push(
      `| ${PAGE_NAMES[kind]} | ${median(scores)} | ${seconds(of((f) => f.fcp))} | ${seconds(of((f) => f.lcp))} | ` +
        `${of((f) => f.tbt).toFixed(0)} ms | ${of((f) => f.cls).toFixed(3)} | ${heading === null ? 'nein' : 'ja'} |`,
    );
  }
  console.log(`Mediane: ${medians.join(', ')} (Last danach ${loadAverage()})`);
  console.log('');
  console.log(`| Seite | Score | FCP | LCP | TBT | CLS | <h1> im HTML |`);
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const row of rows) console.log(row);
} finally {
  await server.stop();
}
