import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Guide, type GuideList, guideListSchema, guideSchema } from '@marketplace/contract';
import { type DefaultTreeAdapterTypes, parseFragment } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convert } from 'xmlbuilder2';
import { GuideCatalogue } from '../src/modules/guides/index.ts';
import { builtWebDist, startTestApp, type TestApp } from './helpers/app.ts';
import { attr, elements, expectValidHtml, jsonElementText, locs, readPage, text } from './helpers/pages.ts';

/*
 * The guide ("Ratgeber", SPEC.md §2 /ratgeber): Markdown files of the repository read once at
 * start and answered by `GET /api/guides` and `GET /api/guides/{slug}` as sanitized HTML with a
 * table of contents; the pages /ratgeber and /ratgeber/{slug} rendered on the server with their
 * head (canonical, description, JSON-LD `Article`) and listed in the sitemap
 * (docs/decisions/0036-guides-as-markdown-files.md).
 */

const PUBLIC_URL = 'https://www.kleinanzeigen-test.de';

/** The topics the guide must cover, by their addresses. */
const TOPICS = [
  'sicher-kaufen-und-verkaufen',
  'betrug-erkennen',
  'versand',
  'gute-anzeige-schreiben',
  'richtigen-preis-finden',
  'uebergabe',
  'gewaehrleistung-privatverkauf',
  'als-gewerbe-verkaufen',
];

type Element = DefaultTreeAdapterTypes.Element;

/** Every element of an HTML fragment, as a browser parses it. */
function fragmentElements(html: string): Element[] {
  return parseFragment(html).childNodes.flatMap((node) => ('tagName' in node ? elements(node) : []));
}

/** What no guide's HTML may hold: scripts, styles, frames, event handlers, script URLs. */
function expectSanitized(html: string) {
  for (const element of fragmentElements(html)) {
    expect(['script', 'style', 'iframe', 'img', 'object', 'embed', 'form', 'input']).not.toContain(
      element.tagName,
    );
    for (const { name, value } of element.attrs) {
      expect(name).not.toMatch(/^on/i);
      expect(value).not.toMatch(/^\s*(javascript|data|vbscript):/i);
    }
  }
}

describe('the guides through the API', () => {
  let t: TestApp;
  let list: GuideList;

  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_URL });
    const res = await t.app.inject({ url: '/api/guides' });
    expect(res.statusCode).toBe(200);
    list = guideListSchema.parse(res.json());
  });
  afterAll(async () => t?.close());

  it('lists every guide in its order with title, teaser, last update and reading time', () => {
    expect(list.guides.map((guide) => guide.slug)).toEqual(TOPICS);
    for (const guide of list.guides) {
      expect(guide.title.length).toBeGreaterThan(3);
      expect(guide.description.length).toBeGreaterThanOrEqual(50);
      expect(guide.description.length).toBeLessThanOrEqual(160);
      expect(guide.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      // Substantial articles: several minutes at 200 words a minute.
      expect(guide.reading_minutes).toBeGreaterThanOrEqual(3);
    }
    expect(list.guides[0]?.title).toBe('Sicher kaufen und verkaufen');
  });

  it('answers one guide with its sections, a contents entry for each heading id, and its neighbours', async () => {
    const guides: Guide[] = [];
    for (const { slug } of list.guides) {
      const res = await t.app.inject({ url: `/api/guides/${slug}` });
      expect(res.statusCode, slug).toBe(200);
      guides.push(guideSchema.parse(res.json()));
    }
    guides.forEach((guide, index) => {
      const headings = fragmentElements(guide.html).filter((e) => e.tagName === 'h2' || e.tagName === 'h3');
      // Several sections, and no second <h1>: the title is the page's.
      expect(headings.filter((h) => h.tagName === 'h2').length, guide.slug).toBeGreaterThanOrEqual(5);
      expect(fragmentElements(guide.html).some((e) => e.tagName === 'h1')).toBe(false);
      expect(guide.toc).toEqual(
        headings.map((h) => ({ id: attr(h, 'id'), text: text(h), level: h.tagName === 'h2' ? 2 : 3 })),
      );
      const ids = guide.toc.map((entry) => entry.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(guide.previous?.slug ?? null).toBe(list.guides[index - 1]?.slug ?? null);
      expect(guide.next?.slug ?? null).toBe(list.guides[index + 1]?.slug ?? null);
      expectSanitized(guide.html);
      // Links between the guides lead to guides that exist.
      for (const a of fragmentElements(guide.html).filter((e) => e.tagName === 'a')) {
        const href = attr(a, 'href') ?? '';
        if (href.startsWith('/ratgeber/')) expect(TOPICS).toContain(href.slice('/ratgeber/'.length));
      }
    });
    const handover = guides.find((guide) => guide.slug === 'uebergabe');
    expect(handover?.toc).toContainEqual({ id: 'die-ware-pruefen', text: 'Die Ware prüfen', level: 2 });
  });

  it('answers an unknown guide 404 and an address that cannot be one 422, in German', async () => {
    const unknown = await t.app.inject({ url: '/api/guides/gibt-es-nicht' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Diesen Ratgeber gibt es nicht.', code: 'guide_not_found' });
    for (const slug of [
      'Versand',
      '%C3%9Cbergabe',
      'versand-',
      '-versand',
      'versand--kosten',
      'versand.md',
    ]) {
      const res = await t.app.inject({ url: `/api/guides/${slug}` });
      expect(res.statusCode, slug).toBe(422);
      expect((res.json() as { detail: string }).detail, slug).toMatch(/Ratgeber/);
    }
  });

  it('lists the guides in the sitemap: /ratgeber and each guide with its last update', async () => {
    const index = await t.app.inject({ url: '/sitemap.xml' });
    expect(locs(index.body, 'sitemapindex')).toContain(`${PUBLIC_URL}/sitemaps/guides.xml`);
    const file = await t.app.inject({ url: '/sitemaps/guides.xml' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(locs(file.body, 'urlset')).toEqual([
      `${PUBLIC_URL}/ratgeber`,
      ...TOPICS.map((slug) => `${PUBLIC_URL}/ratgeber/${slug}`),
    ]);
    const doc = convert(file.body, { format: 'object' }) as { urlset: { url: { lastmod: string }[] } };
    expect(doc.urlset.url.slice(1).map((url) => url.lastmod)).toEqual(
      list.guides.map((guide) => guide.updated),
    );
  });
});

describe('a guide file is rendered safely, and a wrong one stops the start', () => {
  let dir: string;
  /** A valid front matter: title, a description of 50 characters or more, date and order 1. */
  const FRONT =
    'title: Test\ndescription: Ein Satz, der lang genug für eine Beschreibung ist, damit er passt.\nupdated: 2026-11-20\norder: 1';
  const write = (name: string, body: string, front = FRONT) =>
    fs.writeFileSync(path.join(dir, name), `---\n${front}\n---\n${body}`);

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guides-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('escapes raw HTML, drops script URLs and images, and gives repeated headings unique ids', async () => {
    write(
      'boese.md',
      [
        '## Übergabe & Zahlung',
        '<script>alert(1)</script> <img src=x onerror="alert(2)"> <iframe src="https://example.org"></iframe>',
        '[Klick](javascript:alert(3)) [Daten](data:text/html;base64,PHNjcmlwdD4=) ![Bild](https://example.org/x.png)',
        '## Übergabe & Zahlung',
        '### Mehr `Code`',
        '[Intern](/ratgeber/versand) [Extern](https://www.verbraucherzentrale.de)',
      ].join('\n\n'),
    );
    const guide = (await GuideCatalogue.load(dir)).find('boese');
    expect(guide).not.toBeNull();
    const html = guide?.html ?? '';
    expectSanitized(html);
    expect(html).toContain('&lt;script&gt;');
    expect(guide?.toc).toEqual([
      { id: 'uebergabe-und-zahlung', text: 'Übergabe & Zahlung', level: 2 },
      { id: 'uebergabe-und-zahlung-1', text: 'Übergabe & Zahlung', level: 2 },
      { id: 'mehr-code', text: 'Mehr Code', level: 3 },
    ]);
    const links = fragmentElements(html).filter((e) => e.tagName === 'a');
    const byText = (name: string) => links.find((a) => text(a) === name);
    expect(byText('Klick') && attr(byText('Klick') as Element, 'href')).toBeFalsy();
    expect(byText('Intern')?.attrs).toEqual([{ name: 'href', value: '/ratgeber/versand' }]);
    expect(attr(byText('Extern') as Element, 'target')).toBe('_blank');
    expect(attr(byText('Extern') as Element, 'rel')).toBe('noopener noreferrer');
  });

  it('refuses a file without front matter, with a wrong one, with a # heading or a taken order', async () => {
    const only = (name: string, body: string, front?: string) => {
      for (const file of fs.readdirSync(dir)) fs.rmSync(path.join(dir, file));
      write(name, body, front);
    };
    only('ohne.md', '## A');
    fs.writeFileSync(path.join(dir, 'ohne.md'), '## Kein Kopf'); // the same file without its front matter
    await expect(GuideCatalogue.load(dir)).rejects.toThrow(/ohne\.md: no front matter/);
    only('falsch.md', '## A', 'title: Test\ndescription: kurz\nupdated: gestern\norder: 1');
    await expect(GuideCatalogue.load(dir)).rejects.toThrow(/falsch\.md: front matter/);
    only('titel.md', '# Zweiter Titel\n\n## A');
    await expect(GuideCatalogue.load(dir)).rejects.toThrow(/titel\.md: a guide starts its sections with ##/);
    only('eins.md', '## A');
    write('zwei.md', '## B');
    await expect(GuideCatalogue.load(dir)).rejects.toThrow(/order 1 is taken/);
    only('Gross.md', '## A');
    await expect(GuideCatalogue.load(dir)).rejects.toThrow(/Gross\.md: a guide's file name is its address/);
  });
});

describe('the guide pages arrive rendered, with their head for search engines', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_URL, SITE_NAME: 'Marktplatz' }, { webDistDir: builtWebDist() });
  });
  afterAll(async () => t?.close());

  it('/ratgeber lists every guide with its teaser and reading time, each linked', async () => {
    const res = await t.app.inject({ url: '/ratgeber' });
    expect(res.statusCode).toBe(200);
    await expectValidHtml(res.body);
    const page = readPage(res.body);
    expect(attr(page.root, 'data-server-rendered')).toBe('');
    expect(page.h1).toEqual(['Ratgeber']);
    expect(page.title).toEqual(['Ratgeber | Marktplatz']);
    expect(page.canonical).toEqual([`${PUBLIC_URL}/ratgeber`]);
    expect(page.description[0]).toMatch(/^Ratgeber für Kleinanzeigen/);
    const list = (await t.app.inject({ url: '/api/guides' })).json<GuideList>();
    expect(page.articles.map((article) => article.links)).toEqual(
      list.guides.map((guide) => [`/ratgeber/${guide.slug}`]),
    );
    const first = page.articles[0]?.text ?? '';
    expect(first).toContain(list.guides[0]?.description);
    expect(first).toContain(`${list.guides[0]?.reading_minutes} Min. Lesezeit`);
    expect(page.jsonLd.map((data) => data['@type'])).toEqual(['BreadcrumbList', 'ItemList']);
  });

  it('a guide shows its text and a contents list linking to the ids of its headings, with an Article in its head', async () => {
    const res = await t.app.inject({ url: '/ratgeber/uebergabe' });
    expect(res.statusCode).toBe(200);
    await expectValidHtml(res.body);
    const page = readPage(res.body);
    expect(page.h1).toEqual(['Die Übergabe']);
    expect(page.title).toEqual(['Die Übergabe | Marktplatz']);
    expect(page.canonical).toEqual([`${PUBLIC_URL}/ratgeber/uebergabe`]);
    expect(page.description[0]).toMatch(/^Treffpunkt, Prüfung der Ware/);
    expect(page.robots).toEqual([]);
    expect(text(page.root)).toContain('Fühlen, Sehen, Kippen');
    const nav = page.inRoot.find(
      (e) => e.tagName === 'nav' && attr(e, 'aria-labelledby') === 'guide-contents',
    );
    expect(nav).toBeDefined();
    const targets = elements(nav as Element)
      .filter((e) => e.tagName === 'a')
      .map((a) => attr(a, 'href'));
    expect(targets).toContain('#die-ware-pruefen');
    const ids = new Set(
      page.inRoot.filter((e) => e.tagName === 'h2' || e.tagName === 'h3').map((h) => attr(h, 'id')),
    );
    for (const target of targets) expect(ids).toContain(target?.slice(1));
    const [article] = page.jsonLd.filter((data) => data['@type'] === 'Article');
    expect(article).toMatchObject({
      '@context': 'https://schema.org',
      headline: 'Die Übergabe',
      dateModified: '2026-11-20',
      mainEntityOfPage: `${PUBLIC_URL}/ratgeber/uebergabe`,
      publisher: { '@type': 'Organization', name: 'Marktplatz' },
    });
    expect(page.og('og:type')).toEqual(['article']);
    // The answer the page was rendered from goes with it, for the browser to hydrate with.
    expect(jsonElementText(res.body, 'query-data')).toContain('"uebergabe"');
    // The neighbours link on.
    expect(page.inRoot.filter((e) => e.tagName === 'a').map((a) => attr(a, 'href'))).toEqual(
      expect.arrayContaining(['/ratgeber/richtigen-preis-finden', '/ratgeber/gewaehrleistung-privatverkauf']),
    );
  });

  it('an unknown guide answers 404 with the notice, noindex', async () => {
    const res = await t.app.inject({ url: '/ratgeber/gibt-es-nicht' });
    expect(res.statusCode).toBe(404);
    const page = readPage(res.body);
    expect(page.h1).toEqual(['Ratgeber nicht gefunden']);
    expect(page.robots).toEqual(['noindex, follow']);
    expect(page.jsonLd).toEqual([]);
    const odd = await t.app.inject({ url: '/ratgeber/%C3%9Cbergabe' });
    expect(odd.statusCode).toBe(404);
    expect(readPage(odd.body).h1).toEqual(['Ratgeber nicht gefunden']);
  });
});
