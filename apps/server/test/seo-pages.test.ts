import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { HtmlValidate } from 'html-validate';
import { type DefaultTreeAdapterTypes, parse } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convert } from 'xmlbuilder2';
import type { RegisteredMember } from './helpers/accounts.ts';
import { bearer } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { createAd, uploadPhoto, verifiedMember } from './helpers/marketplace.ts';

type Node = DefaultTreeAdapterTypes.ChildNode | DefaultTreeAdapterTypes.Document;
type Element = DefaultTreeAdapterTypes.Element;

const PUBLIC_URL = 'https://www.kleinanzeigen-test.de';
const EVIL = `</script><script>alert(1)</script> "Zitat" & 'Apostroph' $& <b>fett</b>`;

/** The web app's own `index.html` template, with the built script's address. */
const INDEX_HTML = fs
  .readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/index.html'), 'utf8')
  .replace('/src/boot.ts', '/assets/boot.js');

/** Every element of the parsed page, depth first. */
function elements(node: Node): Element[] {
  const out: Element[] = [];
  const walk = (n: Node) => {
    if ('tagName' in n) out.push(n);
    if ('childNodes' in n) for (const child of n.childNodes) walk(child as Node);
    if ('content' in n && n.content) for (const child of n.content.childNodes) walk(child as Node);
  };
  walk(node);
  return out;
}

const attr = (element: Element, name: string) => element.attrs.find((a) => a.name === name)?.value;
const text = (element: Element): string =>
  element.childNodes.map((c) => ('value' in c ? c.value : 'tagName' in c ? text(c) : '')).join('');

/** The head data of a page as a parser reads it. */
function headOf(html: string) {
  const all = elements(parse(html));
  const meta = (key: string) =>
    all.filter((e) => e.tagName === 'meta' && (attr(e, 'property') === key || attr(e, 'name') === key));
  return {
    all,
    title: all.filter((e) => e.tagName === 'title').map(text),
    description: meta('description').map((e) => attr(e, 'content')),
    robots: meta('robots').map((e) => attr(e, 'content')),
    canonical: all
      .filter((e) => e.tagName === 'link' && attr(e, 'rel') === 'canonical')
      .map((e) => attr(e, 'href')),
    og: (key: string) => meta(key).map((e) => attr(e, 'content')),
    scripts: all.filter((e) => e.tagName === 'script'),
    jsonLd: all
      .filter((e) => e.tagName === 'script' && attr(e, 'type') === 'application/ld+json')
      .map((e) => JSON.parse(text(e)) as Record<string, unknown>),
  };
}

const validator = new HtmlValidate({
  extends: ['html-validate:standard', 'html-validate:document'],
  rules: {
    // The template's first paint and the drawn pages style a few elements inline, on purpose.
    'no-inline-style': 'off',
    // Every script is served from the page's own origin; SRI guards scripts from other hosts.
    'require-sri': 'off',
  },
});

async function expectValidHtml(html: string) {
  const report = await validator.validateString(html);
  const messages = report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`));
  expect(messages).toEqual([]);
}

/** The answers a drawn page hands to the app (`#page-data`, docs/decisions/0012), parsed. */
function servedData(html: string): Record<string, unknown> {
  const element = headOf(html).scripts.find((s) => attr(s, 'id') === 'page-data');
  expect(element).toBeDefined();
  return JSON.parse(element ? text(element) : '{}') as Record<string, unknown>;
}

/** schema.org's required fields of a Product with an Offer (as search engines read them). */
function expectProduct(data: Record<string, unknown>) {
  expect(data['@context']).toBe('https://schema.org');
  expect(data['@type']).toBe('Product');
  expect(typeof data.name).toBe('string');
  const offer = data.offers as Record<string, unknown>;
  expect(offer['@type']).toBe('Offer');
  expect(offer.price).toMatch(/^\d+\.\d{2}$/);
  expect(offer.priceCurrency).toBe('EUR');
  expect(String(offer.availability)).toMatch(/^https:\/\/schema\.org\/\w+$/);
}

/** schema.org's required fields of a BreadcrumbList: each item's position, name and URL. */
function expectBreadcrumbs(data: Record<string, unknown>, names: string[]) {
  expect(data['@context']).toBe('https://schema.org');
  expect(data['@type']).toBe('BreadcrumbList');
  const items = data.itemListElement as Record<string, unknown>[];
  expect(items.map((i) => i.name)).toEqual(names);
  items.forEach((item, index) => {
    expect(item['@type']).toBe('ListItem');
    expect(item.position).toBe(index + 1);
    expect(String(item.item)).toMatch(new RegExp(`^${PUBLIC_URL.replaceAll('.', '\\.')}/`));
  });
}

/** The `loc` entries of a sitemap file, read by an XML parser. */
function locs(xml: string, kind: 'sitemapindex' | 'urlset'): string[] {
  const doc = convert(xml, { format: 'object' }) as Record<string, Record<string, unknown>>;
  const root = doc[kind] as Record<string, unknown>;
  expect(root['@xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  const entries = root[kind === 'sitemapindex' ? 'sitemap' : 'url'];
  const list = (Array.isArray(entries) ? entries : entries ? [entries] : []) as { loc: string }[];
  return list.map((entry) => entry.loc);
}

describe('ad, category and search pages arrive drawn, with their head data', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-dist-'));
  let t: TestApp;
  let seller: RegisteredMember;
  let photo: string;

  beforeAll(async () => {
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
    t = await startTestApp({ PUBLIC_URL, SITE_NAME: 'Marktplatz' }, { webDistDir: dist });
    seller = await verifiedMember(t, { nickname: 'Petra "P" <Händlerin>' });
    photo = await uploadPhoto(t, seller.access_token);
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('an ad: title, description, canonical URL, OpenGraph with its photo and price, Product JSON-LD', async () => {
    const ad = await createAd(t, seller.access_token, {
      title: 'Waschmaschine Bosch Serie 6',
      description: 'Läuft einwandfrei.\nNur Abholung, 7 kg Trommel.',
      price: 249.5,
      price_type: 'fixed',
      category: 'fahrraeder-zubehoer',
      images: [photo],
    });
    const res = await t.app.inject({ url: `/listing/${ad.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const head = headOf(res.body);
    expect(head.title).toEqual(['Waschmaschine Bosch Serie 6 – 249,50 € | Marktplatz']);
    expect(head.description[0]).toContain('249,50 €');
    expect(head.description[0]).toContain('Läuft einwandfrei. Nur Abholung');
    expect(head.canonical).toEqual([`${PUBLIC_URL}/listing/${ad.id}`]);
    expect(head.robots).toEqual([]);
    expect(head.og('og:type')).toEqual(['product']);
    expect(head.og('og:url')).toEqual([`${PUBLIC_URL}/listing/${ad.id}`]);
    expect(head.og('og:title')).toEqual(['Waschmaschine Bosch Serie 6 – 249,50 €']);
    expect(head.og('og:image')).toEqual([`${PUBLIC_URL}${photo}`]);
    expect(head.og('product:price:amount')).toEqual(['249.50']);
    expect(head.og('product:price:currency')).toEqual(['EUR']);

    const [product, crumbs] = head.jsonLd;
    expectProduct(product as Record<string, unknown>);
    expect(product).toMatchObject({
      name: 'Waschmaschine Bosch Serie 6',
      url: `${PUBLIC_URL}/listing/${ad.id}`,
      image: [`${PUBLIC_URL}${photo}`],
      offers: { price: '249.50', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' },
    });
    expectBreadcrumbs(crumbs as Record<string, unknown>, [
      'Startseite',
      'Auto, Rad & Boot',
      'Fahrräder & Zubehör',
      'Waschmaschine Bosch Serie 6',
    ]);

    // The content is in the first HTML: title, price, photo, description, seller.
    const h1 = head.all.filter((e) => e.tagName === 'h1').map(text);
    expect(h1).toEqual(['Waschmaschine Bosch Serie 6']);
    expect(res.body).toContain('<p class="lp-price">249,50 €</p>');
    expect(head.all.some((e) => e.tagName === 'img' && attr(e, 'src') === photo)).toBe(true);
    expect(res.body).toContain('Läuft einwandfrei.\nNur Abholung, 7 kg Trommel.');
    expect(res.body).toContain('Petra &quot;P&quot; &lt;Händlerin&gt;');
    expect(res.body).not.toContain('Seite wird geladen...');
    await expectValidHtml(res.body);
  });

  it('keeps a title with script, quotes and markup inert in the head, the JSON-LD and the page', async () => {
    const ad = await createAd(t, seller.access_token, { title: EVIL, description: `${EVIL} Beschreibung` });
    const res = await t.app.inject({ url: `/listing/${ad.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).not.toContain('<b>fett</b>');
    const head = headOf(res.body);
    // Only the page's own scripts: site config, two JSON-LD elements, the app and the ad's
    // answer for the app (docs/decisions/0012), which reads back as the API's answer.
    expect(head.scripts.map((s) => attr(s, 'type'))).toEqual([
      'application/json',
      'application/ld+json',
      'application/ld+json',
      'module',
      'application/json',
    ]);
    const handOver = head.scripts.find((s) => attr(s, 'id') === 'page-data');
    const api = await t.app.inject({ url: `/api/listings/${ad.id}` });
    const served = JSON.parse(handOver ? text(handOver) : '{}') as {
      listing: Record<string, unknown>;
      categories: unknown;
    };
    expect(served.categories).toEqual((await t.app.inject({ url: '/api/categories/all' })).json());
    expect(served.listing.title).toBe(EVIL);
    expect({ ...served.listing, views: 0 }).toEqual({ ...api.json<Record<string, unknown>>(), views: 0 });
    expect(head.title).toEqual([`${EVIL} – 120 € VB | Marktplatz`]);
    expect(head.og('og:title')).toEqual([`${EVIL} – 120 € VB`]);
    expect(head.og('og:image:alt')).toEqual([]);
    const [product] = head.jsonLd;
    expect(product?.name).toBe(EVIL);
    expect(head.all.filter((e) => e.tagName === 'h1').map(text)).toEqual([EVIL]);
    await expectValidHtml(res.body);
  });

  it('a sold, expired or removed ad answers 410 and shows its state; an unknown or malformed id answers 404', async () => {
    const ad = await createAd(t, seller.access_token, { title: 'Sofa verkauft' });
    const sold = await t.app.inject({
      method: 'PATCH',
      url: `/api/listings/${ad.id}`,
      headers: bearer(seller.access_token),
      payload: { status: 'sold' },
    });
    expect(sold.statusCode).toBe(200);
    const res = await t.app.inject({ url: `/listing/${ad.id}` });
    expect(res.statusCode).toBe(410);
    const head = headOf(res.body);
    expect(head.robots).toEqual(['noindex, follow']);
    expect(res.body).toContain('Verkauft – dieser Artikel ist nicht mehr verfügbar.');
    expect(head.jsonLd[0]).toMatchObject({ offers: { availability: 'https://schema.org/SoldOut' } });
    await expectValidHtml(res.body);

    const expired = await createAd(t, seller.access_token, { title: 'Lampe abgelaufen' });
    await t.db.handle.db.execute(
      sql`update listings set expires_at = now() - interval '1 day' where id = ${expired.id}::uuid`,
    );
    // The cached public answer of the ad is at most a second old.
    await expect
      .poll(async () => (await t.app.inject({ url: `/listing/${expired.id}` })).statusCode, {
        timeout: 10_000,
      })
      .toBe(410);

    // Removed by moderation: gone, and nothing of the ad is shown.
    const removed = await createAd(t, seller.access_token, { title: 'Verbotene Ware' });
    await t.db.handle.db.execute(sql`update listings set status = 'removed' where id = ${removed.id}::uuid`);
    await expect
      .poll(async () => (await t.app.inject({ url: `/listing/${removed.id}` })).statusCode, {
        timeout: 10_000,
      })
      .toBe(410);
    const gone = await t.app.inject({ url: `/listing/${removed.id}` });
    expect(gone.body).toContain('Diese Anzeige wurde entfernt.');
    expect(gone.body).not.toContain('Verbotene Ware');
    expect(headOf(gone.body).jsonLd).toEqual([]);
    expect(headOf(gone.body).robots).toEqual(['noindex, follow']);
    await expectValidHtml(gone.body);

    for (const id of ['00000000-0000-4000-8000-000000000000', 'keine-id', 'x'.repeat(300)]) {
      const missing = await t.app.inject({ url: `/listing/${id}` });
      expect(missing.statusCode).toBe(404);
      expect(headOf(missing.body).robots).toEqual(['noindex, follow']);
      expect(missing.body).toContain('Anzeige nicht gefunden');
    }
  });

  it('a category and a subcategory: BreadcrumbList, their newest ads, canonical URLs; unknown ones answer 404', async () => {
    const res = await t.app.inject({ url: '/category/auto-rad-boot/fahrraeder-zubehoer' });
    expect(res.statusCode).toBe(200);
    const head = headOf(res.body);
    expect(head.title).toEqual(['Fahrräder & Zubehör – Kleinanzeigen | Marktplatz']);
    expect(head.canonical).toEqual([`${PUBLIC_URL}/category/auto-rad-boot/fahrraeder-zubehoer`]);
    expect(head.description[0]).toMatch(/^\d+ Anzeigen? in Fahrräder & Zubehör auf Marktplatz/);
    expect(head.og('og:image')).toEqual([`${PUBLIC_URL}${photo}`]);
    expect(head.jsonLd).toHaveLength(1);
    expectBreadcrumbs(head.jsonLd[0] as Record<string, unknown>, [
      'Startseite',
      'Auto, Rad & Boot',
      'Fahrräder & Zubehör',
    ]);
    const cards = head.all.filter((e) => e.tagName === 'article');
    expect(cards.length).toBeGreaterThanOrEqual(2);
    expect(res.body).toContain('Waschmaschine Bosch Serie 6');
    expect(res.body).not.toContain('Sofa verkauft');
    await expectValidHtml(res.body);
    // The app's first request of this page, answered from the page (docs/decisions/0012).
    const list = await t.app.inject({ url: '/api/listings?category=fahrraeder-zubehoer&limit=20' });
    const categories = await t.app.inject({ url: '/api/categories/all' });
    expect(servedData(res.body)).toEqual({
      list: list.json(),
      category: 'fahrraeder-zubehoer',
      categories: categories.json(),
    });

    const parent = await t.app.inject({ url: '/category/auto-rad-boot' });
    expect(parent.statusCode).toBe(200);
    expectBreadcrumbs(headOf(parent.body).jsonLd[0] as Record<string, unknown>, [
      'Startseite',
      'Auto, Rad & Boot',
    ]);

    // A subcategory by its slug alone is the same page, named by its one canonical URL.
    const alone = await t.app.inject({ url: '/category/fahrraeder-zubehoer' });
    expect(alone.statusCode).toBe(200);
    expect(headOf(alone.body).canonical).toEqual([
      `${PUBLIC_URL}/category/auto-rad-boot/fahrraeder-zubehoer`,
    ]);

    const cars = await t.app.inject({ url: '/category/autos' });
    expect(cars.statusCode).toBe(301);
    expect(cars.headers.location).toBe('/category/auto-rad-boot');

    for (const url of ['/category/gibt-es-nicht', '/category/elektronik/fahrraeder-zubehoer']) {
      const missing = await t.app.inject({ url });
      expect(missing.statusCode).toBe(404);
      expect(headOf(missing.body).robots).toEqual(['noindex, follow']);
    }
  });

  it('the home page is valid HTML as well', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<ul class="hp-grid">');
    await expectValidHtml(res.body);
  });

  it('a search: the first page of results drawn; no hits is not for the index', async () => {
    const res = await t.app.inject({ url: '/search?q=Waschmaschine' });
    expect(res.statusCode).toBe(200);
    const head = headOf(res.body);
    expect(head.title).toEqual(['„Waschmaschine“ – Kleinanzeigen | Marktplatz']);
    expect(head.canonical).toEqual([`${PUBLIC_URL}/search?q=Waschmaschine`]);
    expect(head.robots).toEqual([]);
    expect(head.all.filter((e) => e.tagName === 'h1').map(text)).toEqual(['Suchbegriff: „Waschmaschine“']);
    expect(head.description[0]).toMatch(/^1 Anzeige für „Waschmaschine“/);
    expect(head.all.filter((e) => e.tagName === 'article')).toHaveLength(1);
    await expectValidHtml(res.body);
    const list = await t.app.inject({ url: '/api/listings?q=Waschmaschine&limit=20' });
    const categories = await t.app.inject({ url: '/api/categories/all' });
    expect(servedData(res.body)).toEqual({
      list: list.json(),
      q: 'Waschmaschine',
      categories: categories.json(),
    });

    const none = await t.app.inject({
      url: `/search?q=${encodeURIComponent(EVIL.replace('alert', 'xyzzy'))}`,
    });
    expect(none.statusCode).toBe(200);
    expect(none.body).not.toContain('<script>xyzzy(1)</script>');
    expect(headOf(none.body).robots).toEqual(['noindex, follow']);
    await expectValidHtml(none.body);
  });
});

describe('robots.txt and the sitemaps', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-dist-'));
  let t: TestApp;

  beforeAll(async () => {
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
    t = await startTestApp({ PUBLIC_URL }, { webDistDir: dist });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('robots.txt keeps crawlers out of the API and members pages and names the sitemap', async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain('Allow: /api/images/');
    expect(lines).toContain('Disallow: /chat');
    expect(lines).not.toContain('Disallow: /listing');
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it('the sitemap index lists the categories and the pages of active ads, each an XML sitemap', async () => {
    const seller = await verifiedMember(t);
    const active = await createAd(t, seller.access_token, { title: 'Aktiv' });
    const reserved = await createAd(t, seller.access_token, { title: 'Reserviert' });
    const sold = await createAd(t, seller.access_token, { title: 'Verkauft' });
    for (const [ad, status] of [
      [reserved, 'reserved'],
      [sold, 'sold'],
    ] as const) {
      await t.app.inject({
        method: 'PATCH',
        url: `/api/listings/${ad.id}`,
        headers: bearer(seller.access_token),
        payload: { status },
      });
    }

    const index = await t.app.inject({ url: '/sitemap.xml' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    const files = locs(index.body, 'sitemapindex');
    expect(files).toEqual([`${PUBLIC_URL}/sitemaps/categories.xml`, `${PUBLIC_URL}/sitemaps/listings-1.xml`]);

    const categories = await t.app.inject({ url: '/sitemaps/categories.xml' });
    const categoryUrls = locs(categories.body, 'urlset');
    expect(categoryUrls).toContain(`${PUBLIC_URL}/`);
    expect(categoryUrls).toContain(`${PUBLIC_URL}/category/auto-rad-boot`);
    expect(categoryUrls).toContain(`${PUBLIC_URL}/category/auto-rad-boot/fahrraeder-zubehoer`);

    const ads = await t.app.inject({ url: '/sitemaps/listings-1.xml' });
    expect(ads.statusCode).toBe(200);
    const adUrls = locs(ads.body, 'urlset');
    expect(adUrls).toEqual([`${PUBLIC_URL}/listing/${active.id}`]);
    expect(adUrls.length).toBeLessThanOrEqual(50_000);
    const doc = convert(ads.body, { format: 'object' }) as { urlset: { url: { lastmod: string } } };
    expect(new Date(doc.urlset.url.lastmod).toISOString()).toBe(doc.urlset.url.lastmod);

    for (const url of ['/sitemaps/listings-2.xml', '/sitemaps/listings-0.xml', '/sitemaps/listings-x.xml']) {
      expect((await t.app.inject({ url })).statusCode).toBe(404);
    }
  });
});
