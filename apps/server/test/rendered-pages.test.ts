import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Category, type ListingList, listingListSchema } from '@marketplace/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { withRenderedPage } from '../src/plugins/page-html.ts';
import type { RegisteredMember } from './helpers/accounts.ts';
import { builtWebDist, standInWebDist, startTestApp, type TestApp } from './helpers/app.ts';
import { forumMembers, memberCall } from './helpers/forum.ts';
import { adBody, createAd, verifiedMember } from './helpers/marketplace.ts';
import {
  attr,
  elements,
  expectValidHtml,
  jsonElementText,
  readPage,
  servedData,
  text,
} from './helpers/pages.ts';

/*
 * The public pages arrive rendered by the web app's own components (SPEC.md §2,
 * docs/decisions/0030-one-layout-rendered-on-the-server.md): the markup in `#root`, marked
 * `data-server-rendered`, Emotion's styles in the head, and the answers the page was rendered
 * from in a JSON element for the app to hydrate with. Without the app's server build, or when
 * rendering fails, the page still goes out with its head and data, and the browser renders it.
 */

/** `GET /api/listings?sort=newest&limit=20`, the home page's feed (`t` only passes the cache). */
const HOME_FEED = '/api/listings?sort=newest&limit=20&t=1';

/** The answers the home page carries (`<script type="application/json" id="home-data">`). */
type HomeData = { feed: ListingList; categories: { categories: Category[] } };

/** The top categories' addresses and names as the category strip on home links them. */
function categoryStrip(html: string): { href: string | undefined; title: string | undefined }[] {
  const nav = readPage(html).inRoot.find(
    (e) => e.tagName === 'nav' && attr(e, 'aria-label') === 'Kategorien',
  );
  if (!nav) return [];
  return elements(nav)
    .filter((e) => e.tagName === 'a')
    .map((a) => ({ href: attr(a, 'href'), title: attr(a, 'title') }));
}

describe('the home page arrives rendered by the app, with the answers it was rendered from', () => {
  let t: TestApp;
  let seller: RegisteredMember;

  beforeAll(async () => {
    t = await startTestApp({}, { webDistDir: builtWebDist() });
    seller = await verifiedMember(t, { nickname: 'Vorschau' });
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('works on a marketplace without ads: the category strip and an empty list', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    const page = readPage(res.body);
    expect(attr(page.root, 'data-server-rendered')).toBe('');
    expect(page.h1).toEqual(['Neueste Kleinanzeigen']);
    expect(page.articles).toEqual([]);
    const categories = (await t.app.inject({ url: '/api/categories/all' })).json<HomeData['categories']>();
    expect(categories.categories).toHaveLength(14);
    expect(categoryStrip(res.body)).toEqual(
      categories.categories.map((c) => ({ href: `/category/${c.slug}`, title: c.name })),
    );
    const data = servedData<HomeData>(res.body, 'home-data');
    expect(data.feed).toEqual({
      listings: [],
      total: 0,
      total_capped: false,
      next_cursor: null,
      corrected_q: null,
    });
    expect(data.categories).toEqual(categories);
  });

  it('renders the newest ads, one card per ad linking to it, and carries the API answers the app would ask for', async () => {
    const older = await createAd(t, seller.access_token, adBody({ title: 'Kinderwagen Emmaljunga' }));
    const ad = await createAd(t, seller.access_token, adBody({ title: 'Waschmaschine Bosch', price: 1234 }));
    const res = await t.app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const page = readPage(res.body);

    // Rendered by the app: #root marked for hydration, the MUI parts' styles in the head.
    expect(attr(page.root, 'data-server-rendered')).toBe('');
    expect(page.emotionStyles.length).toBeGreaterThan(0);
    expect(new Set(page.emotionStyles)).toEqual(new Set(['head']));
    expect(res.body).toMatch(/<head>[\s\S]*<style data-emotion="[^"]+"[\s\S]*<\/head>/);
    expect(text(page.root)).not.toContain('Seite wird geladen');
    expect(page.h1).toEqual(['Neueste Kleinanzeigen']);
    expect(categoryStrip(res.body)).toHaveLength(14);

    // The data the page was rendered from: the API's answers, after #root in the body.
    const data = servedData<HomeData>(res.body, 'home-data');
    const feed = await t.app.inject({ url: HOME_FEED });
    expect(data.feed).toEqual(feed.json());
    expect(listingListSchema.parse(data.feed).listings.map((l) => l.id)).toEqual([ad.id, older.id]);
    const categories = await t.app.inject({ url: '/api/categories/all' });
    expect(data.categories).toEqual(categories.json());
    const body = page.all.find((e) => e.tagName === 'body');
    const dataElement = page.scripts.find((s) => attr(s, 'id') === 'home-data');
    expect(body && dataElement && elements(body).includes(dataElement)).toBe(true);
    expect(res.body.indexOf('id="home-data"')).toBeGreaterThan(res.body.indexOf('id="root"'));
    expect(jsonElementText(res.body, 'page-data')).toBeNull();

    // One card per ad of the first page, newest first, each a link to its ad.
    expect(page.articles.map((a) => a.links)).toEqual([[`/listing/${ad.id}`], [`/listing/${older.id}`]]);
    expect(page.articles[0]?.text).toContain('Waschmaschine Bosch');
    expect(page.articles[0]?.text).toContain('1.234 € VB');
    expect(page.articles[1]?.text).toContain('Kinderwagen Emmaljunga');
    await expectValidHtml(res.body);
  });

  it('keeps HTML and script typed into an ad inert, in the markup and in the data', async () => {
    const title = `</script><script>alert(1)</script> <b>fett</b> & "zitiert" $& $' $\``;
    const ad = await createAd(t, seller.access_token, adBody({ title }));
    const res = await t.app.inject({ url: '/' });
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).not.toContain('<b>fett</b>');
    const page = readPage(res.body);
    // Only the app's own script elements: the data element is not closed early, and no text
    // of an ad became an element.
    expect(page.scripts.map((s) => [attr(s, 'type'), attr(s, 'id') ?? null])).toEqual([
      ['module', null],
      ['application/json', 'site-config'],
      ['application/json', 'home-data'],
    ]);
    expect(page.all.some((e) => e.tagName === 'b')).toBe(false);
    // The card shows the title as text; '$&' and "$'" stayed text when the page was put together.
    const card = page.articles.find((a) => a.links.includes(`/listing/${ad.id}`));
    expect(card?.text).toContain(title);
    expect(jsonElementText(res.body, 'home-data')).toContain('\\u003c/script>\\u003cscript>alert(1)');
    expect(servedData<HomeData>(res.body, 'home-data').feed.listings[0]?.title).toBe(title);
    await expectValidHtml(res.body);
  });

  it('sends the rendered page again while its data are the same, and renders anew when an ad is posted', async () => {
    await createAd(t, seller.access_token, adBody({ title: 'Esstisch Eiche' }));
    const first = await t.app.inject({ url: '/' });
    const firstPage = readPage(first.body);
    const times = (page: ReturnType<typeof readPage>) =>
      page.inRoot.filter((e) => e.tagName === 'time').map((e) => text(e));
    expect(times(firstPage)).not.toEqual([]);

    // Three hours later by the clock the cards read their age from: a page rendered now would
    // say 'vor 3h'; the one rendered from the same data is sent again, byte for byte.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 3 * 60 * 60 * 1000 });
    const again = await t.app.inject({ url: '/' });
    expect(again.statusCode).toBe(200);
    expect(times(readPage(again.body))).toEqual(times(firstPage));
    expect(again.body === first.body, 'the same page, byte for byte').toBe(true);
    vi.useRealTimers();

    // A new ad changes the data: the page is rendered from them, with the new ad first.
    const posted = await createAd(t, seller.access_token, adBody({ title: 'Kühlschrank Liebherr' }));
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 3 * 60 * 60 * 1000 });
    const after = await t.app.inject({ url: '/' });
    const afterPage = readPage(after.body);
    expect(afterPage.articles[0]?.links).toEqual([`/listing/${posted.id}`]);
    expect(afterPage.articles[0]?.text).toContain('Kühlschrank Liebherr');
    expect(servedData<HomeData>(after.body, 'home-data').feed.listings[0]?.id).toBe(posted.id);
    // Rendered now: every card's age is read again.
    expect(times(firstPage)).not.toContain('vor 3h');
    expect(times(afterPage)).toEqual([...times(firstPage), 'neu'].map(() => 'vor 3h'));
  });

  it("sends an ad's page again while only its view count changed, and makes it anew when the ad changes", async () => {
    const ad = await createAd(t, seller.access_token, adBody({ title: 'Gartenbank Teak' }));
    const shownViews = (body: string) =>
      servedData<{ listing: { views: number } }>(body, 'page-data').listing.views;
    const first = await t.app.inject({ url: `/listing/${ad.id}` });
    expect(first.statusCode).toBe(200);
    const before = shownViews(first.body);
    // A visitor's view, counted: its own answer shows it at once.
    const visit = (address: string) =>
      t.app.inject({ url: `/api/listings/${ad.id}`, remoteAddress: address });
    expect((await visit('198.51.100.7')).json<{ views: number }>().views).toBe(before + 1);
    const again = await t.app.inject({ url: `/listing/${ad.id}` });
    expect(again.body === first.body, 'the same page, byte for byte').toBe(true);
    expect(shownViews(again.body)).toBe(before);

    // Another change of the ad makes the page anew, with the count of now.
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/listings/${ad.id}`,
      headers: { authorization: `Bearer ${seller.access_token}` },
      payload: { title: 'Gartenbank Teak, 3-Sitzer' },
    });
    expect(patched.statusCode).toBe(200);
    const changed = await t.app.inject({ url: `/listing/${ad.id}` });
    expect(readPage(changed.body).h1.map((h) => h.replaceAll('\u00ad', ''))).toEqual([
      'Gartenbank Teak, 3-Sitzer',
    ]);
    expect(shownViews(changed.body)).toBe(before + 1);

    // Five minutes after it was made, a counted view makes the page anew too.
    expect((await visit('198.51.100.8')).json<{ views: number }>().views).toBe(before + 2);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5 * 60_000 + 1000 });
    const later = await t.app.inject({ url: `/listing/${ad.id}` });
    expect(shownViews(later.body)).toBe(before + 2);
  });

  it('answers a member page with the plain app: no rendered markup, no data', async () => {
    const res = await t.app.inject({ url: '/favorites' });
    expect(res.statusCode).toBe(200);
    const page = readPage(res.body);
    expect(attr(page.root, 'data-server-rendered')).toBeUndefined();
    expect(text(page.root)).toContain('Seite wird geladen...');
    expect(page.emotionStyles).toEqual([]);
    expect(jsonElementText(res.body, 'home-data')).toBeNull();
    expect(jsonElementText(res.body, 'page-data')).toBeNull();
  });

  it('renders the legal and help pages, which carry no data', async () => {
    for (const [url, h1] of [
      ['/legal/impressum', 'Impressum'],
      ['/legal/datenschutz', 'Datenschutzerklärung'],
      ['/faq', 'Häufige Fragen'],
      ['/hilfe', 'Hilfe'],
    ] as const) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      const page = readPage(res.body);
      expect(attr(page.root, 'data-server-rendered'), url).toBe('');
      expect(page.emotionStyles.length, url).toBeGreaterThan(0);
      expect(page.h1, url).toEqual([h1]);
      expect(page.scripts.map((s) => attr(s, 'type'))).toEqual(['module', 'application/json']);
    }
  });

  it('says in the heading of an unknown category that there is none, with its 404', async () => {
    const res = await t.app.inject({ url: '/category/gibt-es-nicht' });
    expect(res.statusCode).toBe(404);
    const page = readPage(res.body);
    expect(attr(page.root, 'data-server-rendered')).toBe('');
    expect(page.h1).toEqual(['Kategorie nicht gefunden']);
    expect(page.title).toEqual(['Kategorie nicht gefunden | Marktplatz']);
  });

  it('answers an unknown legal page with a redirect home, as the app leads unknown paths home', async () => {
    const res = await t.app.inject({ url: '/legal/unbekannt' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
  });
});

describe('without a server build of the app, the pages go out plain with their head and data', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-dist-'));
  let t: TestApp;
  let seller: RegisteredMember;

  beforeAll(async () => {
    // Only the app's index.html, with its markers: no `server/entry-server.js`.
    const indexHtml = fs.readFileSync(path.join(builtWebDist(), 'index.html'), 'utf8');
    expect(indexHtml).toContain('<!--app-->');
    expect(indexHtml).toContain('<!--/app-->');
    fs.writeFileSync(path.join(dist, 'index.html'), indexHtml);
    t = await startTestApp({ PUBLIC_URL: 'https://www.example.de' }, { webDistDir: dist });
    seller = await verifiedMember(t);
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('home: the first paint, and the answers for the app', async () => {
    const ad = await createAd(t, seller.access_token, adBody({ title: 'Ohne Server-Build' }));
    const res = await t.app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    const page = readPage(res.body);
    expect(attr(page.root, 'data-server-rendered')).toBeUndefined();
    expect(text(page.root)).toContain('Seite wird geladen...');
    expect(page.emotionStyles).toEqual([]);
    expect(page.articles).toEqual([]);
    const data = servedData<HomeData>(res.body, 'home-data');
    expect(data.feed).toEqual((await t.app.inject({ url: HOME_FEED })).json());
    expect(data.feed.listings.map((l) => l.id)).toEqual([ad.id]);
  });

  it('an ad: its status and head for crawlers, its answers for the app; unknown ads still 404', async () => {
    const ad = await createAd(t, seller.access_token, adBody({ title: 'Fahrrad plain' }));
    const res = await t.app.inject({ url: `/listing/${ad.id}` });
    expect(res.statusCode).toBe(200);
    const page = readPage(res.body);
    expect(attr(page.root, 'data-server-rendered')).toBeUndefined();
    expect(text(page.root)).toContain('Seite wird geladen...');
    expect(page.title).toEqual(['Fahrrad plain – 120 € VB | Marktplatz']);
    expect(page.canonical).toEqual([`https://www.example.de/listing/${ad.id}`]);
    expect(page.og('og:title')).toEqual(['Fahrrad plain – 120 € VB']);
    expect(page.jsonLd.map((d) => d['@type'])).toEqual(['Product', 'BreadcrumbList']);
    const served = servedData<{ listing: Record<string, unknown> }>(res.body, 'page-data');
    const api = await t.app.inject({ url: `/api/listings/${ad.id}` });
    expect({ ...served.listing, views: 0 }).toEqual({ ...api.json<Record<string, unknown>>(), views: 0 });

    const missing = await t.app.inject({ url: '/listing/00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
    expect(readPage(missing.body).robots).toEqual(['noindex, follow']);
    expect(servedData(missing.body, 'page-data')).toEqual({
      unavailable: { id: '00000000-0000-4000-8000-000000000000', status: 404 },
    });
  });

  it('the legal and help pages: the plain app', async () => {
    const res = await t.app.inject({ url: '/faq' });
    expect(res.statusCode).toBe(200);
    const page = readPage(res.body);
    expect(attr(page.root, 'data-server-rendered')).toBeUndefined();
    expect(text(page.root)).toContain('Seite wird geladen...');
  });
});

describe('when rendering fails, the page goes out with its head and data', () => {
  // A server build whose every render fails.
  const dist = standInWebDist(
    `export const RENDERED_PATHS = ['/', '/listing/:id', '/faq'];
export function setApiTransport() {}
export async function renderPage() { throw new Error('rendering failed'); }
`,
  );
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({}, { webDistDir: dist });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('home and a page without data: 200, the first paint, the answers', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    const page = readPage(res.body);
    expect(attr(page.root, 'data-server-rendered')).toBeUndefined();
    expect(text(page.root)).toContain('Seite wird geladen...');
    expect(servedData<HomeData>(res.body, 'home-data').feed).toEqual(
      (await t.app.inject({ url: HOME_FEED })).json(),
    );

    const faq = await t.app.inject({ url: '/faq' });
    expect(faq.statusCode).toBe(200);
    expect(attr(readPage(faq.body).root, 'data-server-rendered')).toBeUndefined();
  });

  it('an unknown ad keeps its 404 and head', async () => {
    const res = await t.app.inject({ url: '/listing/00000000-0000-4000-8000-000000000000' });
    expect(res.statusCode).toBe(404);
    const page = readPage(res.body);
    expect(page.title).toEqual(['Anzeige nicht gefunden | Marktplatz']);
    expect(page.robots).toEqual(['noindex, follow']);
    expect(attr(page.root, 'data-server-rendered')).toBeUndefined();
  });
});

describe('withRenderedPage', () => {
  const template =
    '<!doctype html><html><head><title>x</title></head><body><div id="root"><!--app--><p>Seite wird geladen...</p><!--/app--></div></body></html>';

  it('puts the markup between the markers, marks #root, the styles into the head and the data before </body>', () => {
    const html = withRenderedPage(
      template,
      { html: `<main>$& $' $\`</main>`, styles: '<style data-emotion="css x">a{}</style>' },
      [{ kind: 'page', json: '{"a":"$&"}' }],
    );
    expect(html).toBe(
      '<!doctype html><html><head><title>x</title><style data-emotion="css x">a{}</style>\n  </head><body><div id="root" data-server-rendered=""><main>$& $\' $`</main></div><script type="application/json" id="page-data">{"a":"$&"}</script>\n  </body></html>',
    );
  });

  it('leaves a page without the markers as it is', () => {
    const page = '<!doctype html><div id="root"></div></body>';
    expect(withRenderedPage(page, { html: '<p>x</p>', styles: '' }, [{ kind: 'home', json: '{}' }])).toBe(
      page,
    );
  });
});

describe("the forum's pages and the public profiles arrive rendered, with the answers the app asked for", () => {
  let t: TestApp;
  let anna: RegisteredMember;
  let threadId: string;
  const call = memberCall(() => t);

  beforeAll(async () => {
    t = await startTestApp({}, { webDistDir: builtWebDist() });
    ({ anna } = await forumMembers(t));
    const res = await call(anna, 'POST', '/api/forum/threads', {
      category_id: 'business/gruendung',
      title: 'Erfahrungen mit dem Gewerbeamt',
      body: 'Wie lief die Anmeldung bei euch?',
    });
    expect(res.statusCode, res.body).toBe(201);
    threadId = (res.json() as { id: string }).id;
  });
  afterAll(async () => t?.close());

  /** The answers the page carries for the app (`#query-data`), parsed. */
  const askedFor = (html: string) => {
    const json = jsonElementText(html, 'query-data');
    expect(json, 'no #query-data element').not.toBeNull();
    expect(json).not.toContain('<');
    return JSON.parse(json ?? '') as {
      state: { queries: { queryKey: unknown[]; state: { status: string; data?: unknown } }[] };
      countsViews: boolean;
    };
  };

  it('a thread: its title, its posts, the answer of its API, and the view counted in the browser', async () => {
    const res = await t.app.inject({ url: `/forum/thread/${threadId}` });
    expect(res.statusCode).toBe(200);
    const page = readPage(res.body);
    expect(attr(page.root, 'data-server-rendered')).toBe('');
    expect(page.h1.map((h) => h.replaceAll('\u00ad', ''))).toEqual(['Erfahrungen mit dem Gewerbeamt']);
    expect(text(page.root)).toContain('Wie lief die Anmeldung bei euch?');
    expect(page.title).toEqual(['Erfahrungen mit dem Gewerbeamt – Marktplatz']);
    const asked = askedFor(res.body);
    // Reading a thread counts a view: the browser asks again, for the visitor.
    expect(asked.countsViews).toBe(true);
    const thread = asked.state.queries.find((q) => q.queryKey[1] === 'thread');
    expect(thread?.state.status).toBe('success');
    const api = await t.app.inject({ url: `/api/forum/threads/${threadId}?page=1` });
    expect(thread?.state.data).toMatchObject({
      thread: { id: (api.json() as { thread: { id: string } }).thread.id },
    });
  });

  it('the overview and a forum list show their forums and threads; nothing there counts views', async () => {
    const overview = await t.app.inject({ url: '/forum' });
    expect(overview.statusCode).toBe(200);
    expect(text(readPage(overview.body).root)).toContain('Business Forum');
    expect(askedFor(overview.body).countsViews).toBe(false);
    const list = await t.app.inject({ url: '/forum/business/gruendung' });
    expect(list.statusCode).toBe(200);
    expect(text(readPage(list.body).root)).toContain('Erfahrungen mit dem Gewerbeamt');
  });

  it("a category or search address with filters shows the filtered ads, and carries their answer beside the page's own", async () => {
    await createAd(t, anna.access_token, adBody({ title: 'Rennrad Carbon günstig', price: 90 }));
    await createAd(t, anna.access_token, adBody({ title: 'Rennrad Carbon teuer', price: 2400 }));
    const category = await t.app.inject({ url: '/category/auto-rad-boot/fahrraeder-zubehoer?price_max=100' });
    expect(category.statusCode).toBe(200);
    const page = readPage(category.body);
    expect(attr(page.root, 'data-server-rendered')).toBe('');
    const shown = page.articles.map((a) => a.text).join(' ');
    expect(shown).toContain('Rennrad Carbon günstig');
    expect(shown).not.toContain('Rennrad Carbon teuer');
    // The page's own answers (categories, the unfiltered list) and the filtered list as the app asks for it.
    expect(servedData(category.body, 'page-data')).toHaveProperty('categories');
    const list = askedFor(category.body).state.queries.find((q) =>
      String(q.queryKey.at(-1)).includes('price_max=100'),
    );
    expect(list?.state.status).toBe('success');
    // Only what the page's own answers do not hold.
    expect(askedFor(category.body).state.queries).toHaveLength(1);

    const search = await t.app.inject({ url: '/search?q=Rennrad&sort=price-desc' });
    expect(search.statusCode).toBe(200);
    const titles = readPage(search.body).articles.map((a) => a.text);
    expect(titles[0]).toContain('Rennrad Carbon teuer');
    expect(titles[1]).toContain('Rennrad Carbon günstig');

    // Without filters nothing is asked: the page's own answers hold the list.
    const plain = await t.app.inject({ url: '/category/auto-rad-boot/fahrraeder-zubehoer' });
    expect(jsonElementText(plain.body, 'query-data')).toBeNull();
    expect(
      readPage(plain.body)
        .articles.map((a) => a.text)
        .join(' '),
    ).toContain('Rennrad Carbon teuer');
  });

  it("a member's profile shows the name and active ads; an unknown thread or member answers 404 with the notice", async () => {
    await createAd(t, anna.access_token, adBody({ title: 'Gartenstuhl aus Holz' }));
    const profile = await t.app.inject({ url: `/user/${anna.user.id}` });
    expect(profile.statusCode).toBe(200);
    const page = readPage(profile.body);
    expect(page.h1).toEqual(['Anna']);
    expect(page.articles.map((a) => a.text).join(' ')).toContain('Gartenstuhl aus Holz');

    const member = await t.app.inject({ url: '/user/00000000-0000-0000-0000-000000000000' });
    expect(member.statusCode).toBe(404);
    expect(readPage(member.body).h1).toEqual(['Nutzer nicht gefunden']);
    const thread = await t.app.inject({ url: '/forum/thread/00000000-0000-0000-0000-000000000000' });
    expect(thread.statusCode).toBe(404);
    expect(text(readPage(thread.body).root)).toContain('Dieses Thema oder Forum gibt es nicht.');
  });
});
