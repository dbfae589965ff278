import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convert } from 'xmlbuilder2';
import type { RegisteredMember } from './helpers/accounts.ts';
import { bearer } from './helpers/accounts.ts';
import { builtWebDist, startTestApp, type TestApp } from './helpers/app.ts';
import { createAd, uploadPhoto, verifiedMember } from './helpers/marketplace.ts';
import { attr, expectValidHtml, jsonElementText, locs, readPage, servedData, text } from './helpers/pages.ts';

/*
 * What the ad, category and search pages tell search engines and messengers (SPEC.md §2):
 * status, title, description, canonical URL, robots rule, OpenGraph and JSON-LD in the head, and
 * their content rendered by the web app's own components from the API's answers
 * (docs/decisions/0030-one-layout-rendered-on-the-server.md), with the real build of the app.
 */

const PUBLIC_URL = 'https://www.kleinanzeigen-test.de';
const EVIL = `</script><script>alert(1)</script> "Zitat" & 'Apostroph' $& <b>fett</b>`;

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

/** The page was rendered by the app on the server: `#root` marked, its styles in the head. */
function expectRendered(page: ReturnType<typeof readPage>) {
  expect(attr(page.root, 'data-server-rendered')).toBe('');
  expect(page.emotionStyles.length).toBeGreaterThan(0);
  expect(new Set(page.emotionStyles)).toEqual(new Set(['head']));
  // The first paint's loading text is gone: the page reads without the app's scripts.
  expect(text(page.root)).not.toContain('Seite wird geladen');
}

describe('ad, category and search pages arrive rendered, with their head data', () => {
  let t: TestApp;
  let seller: RegisteredMember;
  let photo: string;

  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_URL, SITE_NAME: 'Marktplatz' }, { webDistDir: builtWebDist() });
    seller = await verifiedMember(t, { nickname: 'Petra "P" <Händlerin>' });
    photo = await uploadPhoto(t, seller.access_token);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** `GET /api/categories/all`'s answer, which every page carries for the app. */
  const categoriesAnswer = async () => (await t.app.inject({ url: '/api/categories/all' })).json();

  it('an ad: title, description, canonical URL, OpenGraph with its photo and price, Product JSON-LD, its content', async () => {
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
    expect(res.headers['cache-control']).toBe('no-cache');
    const page = readPage(res.body);
    expect(page.title).toEqual(['Waschmaschine Bosch Serie 6 – 249,50 € | Marktplatz']);
    expect(page.description).toHaveLength(1);
    expect(page.description[0]).toContain('249,50 €');
    expect(page.description[0]).toContain('Läuft einwandfrei. Nur Abholung');
    expect(page.canonical).toEqual([`${PUBLIC_URL}/listing/${ad.id}`]);
    expect(page.robots).toEqual([]);
    expect(page.og('og:type')).toEqual(['product']);
    expect(page.og('og:url')).toEqual([`${PUBLIC_URL}/listing/${ad.id}`]);
    expect(page.og('og:title')).toEqual(['Waschmaschine Bosch Serie 6 – 249,50 €']);
    expect(page.og('og:image')).toEqual([`${PUBLIC_URL}${photo}`]);
    expect(page.og('og:image:alt')).toEqual(['Waschmaschine Bosch Serie 6']);
    expect(page.og('twitter:card')).toEqual(['summary_large_image']);
    expect(page.og('product:price:amount')).toEqual(['249.50']);
    expect(page.og('product:price:currency')).toEqual(['EUR']);

    const [product, crumbs] = page.jsonLd;
    expect(page.jsonLd).toHaveLength(2);
    expectProduct(product as Record<string, unknown>);
    expect(product).toMatchObject({
      name: 'Waschmaschine Bosch Serie 6',
      url: `${PUBLIC_URL}/listing/${ad.id}`,
      image: [`${PUBLIC_URL}${photo}`],
      offers: {
        price: '249.50',
        priceCurrency: 'EUR',
        availability: 'https://schema.org/InStock',
        seller: { '@type': 'Person', name: 'Petra "P" <Händlerin>' },
      },
    });
    expectBreadcrumbs(crumbs as Record<string, unknown>, [
      'Startseite',
      'Auto, Rad & Boot',
      'Fahrräder & Zubehör',
      'Waschmaschine Bosch Serie 6',
    ]);

    // The content is in the first HTML, rendered by the app: title, price, photo, description, seller.
    expectRendered(page);
    expect(page.h1).toEqual(['Waschmaschine Bosch Serie 6']);
    const content = text(page.root);
    expect(content).toContain('249,50 €');
    expect(content).toContain('Läuft einwandfrei.\nNur Abholung, 7 kg Trommel.');
    expect(content).toContain('Petra "P" <Händlerin>');
    const photoName = photo.slice(photo.lastIndexOf('/') + 1).replace(/\.\w+$/, '');
    expect(page.inRoot.some((e) => e.tagName === 'img' && attr(e, 'src')?.includes(photoName))).toBe(true);
    // The answers it was rendered from, for the app: the API's own (the page counts no view).
    const served = servedData<{ listing: Record<string, unknown>; categories: unknown }>(
      res.body,
      'page-data',
    );
    const api = await t.app.inject({ url: `/api/listings/${ad.id}` });
    expect({ ...served.listing, views: 0 }).toEqual({ ...api.json<Record<string, unknown>>(), views: 0 });
    expect(served.categories).toEqual(await categoriesAnswer());
    await expectValidHtml(res.body);
  });

  it('keeps a title with script, quotes and markup inert in the head, the JSON-LD, the data and the markup', async () => {
    const ad = await createAd(t, seller.access_token, { title: EVIL, description: `${EVIL} Beschreibung` });
    const res = await t.app.inject({ url: `/listing/${ad.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).not.toContain('<b>fett</b>');
    const page = readPage(res.body);
    // Only the page's own scripts: the app, the site's configuration, two JSON-LD elements and
    // the ad's answers for the app; none of them comes from the ad's text.
    expect(page.scripts.map((s) => [attr(s, 'type'), attr(s, 'id') ?? null])).toEqual([
      ['module', null],
      ['application/json', 'site-config'],
      ['application/ld+json', null],
      ['application/ld+json', null],
      ['application/json', 'page-data'],
    ]);
    const app = page.scripts[0];
    expect(app && attr(app, 'src')).toMatch(/^\/assets\/[\w-]+\.js$/);
    expect(app && text(app)).toBe('');
    expect(page.all.some((e) => e.tagName === 'b')).toBe(false);

    // Head: the title as text, escaped by the server.
    expect(page.title).toEqual([`${EVIL} – 120 € VB | Marktplatz`]);
    expect(page.og('og:title')).toEqual([`${EVIL} – 120 € VB`]);
    expect(page.description[0]).toContain(`${EVIL} Beschreibung`);
    expect(page.og('og:image:alt')).toEqual([]);
    // JSON-LD: the title as a string, and no '<' that could end the element.
    const [product] = page.jsonLd;
    expect(product?.name).toBe(EVIL);
    for (const element of page.scripts.filter((s) => attr(s, 'type') === 'application/ld+json'))
      expect(text(element)).not.toContain('<');
    // The data: the API's answer, '<' escaped in the element.
    expect(jsonElementText(res.body, 'page-data')).toContain('\\u003c/script>');
    const served = servedData<{ listing: Record<string, unknown> }>(res.body, 'page-data');
    expect(served.listing.title).toBe(EVIL);
    expect(served.listing.description).toBe(`${EVIL} Beschreibung`);
    // The markup: the title as text, rendered by the app.
    expectRendered(page);
    expect(page.h1).toEqual([EVIL]);
    expect(text(page.root)).toContain(`${EVIL} Beschreibung`);
    await expectValidHtml(res.body);
  });

  it('a sold or expired ad answers 410 and shows its state; a removed one 410 with a notice; an unknown or malformed id 404', async () => {
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
    const page = readPage(res.body);
    expect(page.robots).toEqual(['noindex, follow']);
    expect(page.jsonLd[0]).toMatchObject({ offers: { availability: 'https://schema.org/SoldOut' } });
    expectRendered(page);
    expect(page.h1).toEqual(['Sofa verkauft']);
    expect(text(page.root)).toContain('Verkauft – dieser Artikel ist nicht mehr verfügbar.');
    expect(servedData<{ listing: { status: string } }>(res.body, 'page-data').listing.status).toBe('sold');
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
    const expiredPage = readPage((await t.app.inject({ url: `/listing/${expired.id}` })).body);
    expect(expiredPage.robots).toEqual(['noindex, follow']);
    expect(expiredPage.h1).toEqual(['Lampe abgelaufen']);
    expect(text(expiredPage.root)).toContain('Abgelaufen – diese Anzeige ist nicht mehr aktiv.');

    // Removed by moderation: gone, and nothing of the ad is shown or carried.
    const removed = await createAd(t, seller.access_token, { title: 'Verbotene Ware' });
    await t.db.handle.db.execute(sql`update listings set status = 'removed' where id = ${removed.id}::uuid`);
    await expect
      .poll(async () => (await t.app.inject({ url: `/listing/${removed.id}` })).statusCode, {
        timeout: 10_000,
      })
      .toBe(410);
    const gone = await t.app.inject({ url: `/listing/${removed.id}` });
    expect(gone.body).not.toContain('Verbotene Ware');
    const gonePage = readPage(gone.body);
    expect(gonePage.title).toEqual(['Anzeige nicht mehr verfügbar | Marktplatz']);
    expect(gonePage.jsonLd).toEqual([]);
    expect(gonePage.robots).toEqual(['noindex, follow']);
    expectRendered(gonePage);
    expect(gonePage.h1).toEqual(['Anzeige nicht mehr verfügbar']);
    expect(text(gonePage.root)).toContain('Diese Anzeige wurde entfernt.');
    expect(servedData(gone.body, 'page-data')).toEqual({ unavailable: { id: removed.id, status: 410 } });
    await expectValidHtml(gone.body);

    for (const id of ['00000000-0000-4000-8000-000000000000', 'keine-id', 'x'.repeat(300)]) {
      const missing = await t.app.inject({ url: `/listing/${id}` });
      expect(missing.statusCode).toBe(404);
      const missingPage = readPage(missing.body);
      expect(missingPage.title).toEqual(['Anzeige nicht gefunden | Marktplatz']);
      expect(missingPage.robots).toEqual(['noindex, follow']);
      expect(missingPage.jsonLd).toEqual([]);
      expectRendered(missingPage);
      expect(missingPage.h1).toEqual(['Anzeige nicht gefunden']);
      expect(servedData(missing.body, 'page-data')).toEqual({ unavailable: { id, status: 404 } });
    }
  });

  it('a category and a subcategory: BreadcrumbList, their newest ads rendered, canonical URLs; unknown ones answer 404', async () => {
    const res = await t.app.inject({ url: '/category/auto-rad-boot/fahrraeder-zubehoer' });
    expect(res.statusCode).toBe(200);
    const page = readPage(res.body);
    expect(page.title).toEqual(['Fahrräder & Zubehör – Kleinanzeigen | Marktplatz']);
    expect(page.canonical).toEqual([`${PUBLIC_URL}/category/auto-rad-boot/fahrraeder-zubehoer`]);
    expect(page.robots).toEqual([]);
    expect(page.description[0]).toMatch(/^\d+ Anzeigen? in Fahrräder & Zubehör auf Marktplatz/);
    expect(page.og('og:type')).toEqual(['website']);
    expect(page.og('og:url')).toEqual([`${PUBLIC_URL}/category/auto-rad-boot/fahrraeder-zubehoer`]);
    expect(page.og('og:image')).toEqual([`${PUBLIC_URL}${photo}`]);
    expect(page.jsonLd).toHaveLength(1);
    expectBreadcrumbs(page.jsonLd[0] as Record<string, unknown>, [
      'Startseite',
      'Auto, Rad & Boot',
      'Fahrräder & Zubehör',
    ]);
    // The app's first request of this page, answered from the page, and rendered from it: one
    // card per ad of the first page, each linking to its ad.
    const list = await t.app.inject({ url: '/api/listings?category=fahrraeder-zubehoer&limit=20' });
    const served = servedData<{ list: { listings: { id: string; title: string }[] } }>(res.body, 'page-data');
    expect(served).toEqual({
      list: list.json(),
      category: 'fahrraeder-zubehoer',
      categories: await categoriesAnswer(),
    });
    const ads = served.list.listings;
    expect(ads.length).toBeGreaterThanOrEqual(2);
    expectRendered(page);
    expect(page.h1).toHaveLength(1);
    expect(page.h1[0]).toContain('Fahrräder & Zubehör');
    expect(page.articles.map((a) => a.links)).toEqual(ads.map((ad) => [`/listing/${ad.id}`]));
    expect(page.articles.map((a) => a.text).join('\n')).toContain('Waschmaschine Bosch Serie 6');
    expect(res.body).not.toContain('Sofa verkauft');
    await expectValidHtml(res.body);

    const parent = await t.app.inject({ url: '/category/auto-rad-boot' });
    expect(parent.statusCode).toBe(200);
    const parentPage = readPage(parent.body);
    expectBreadcrumbs(parentPage.jsonLd[0] as Record<string, unknown>, ['Startseite', 'Auto, Rad & Boot']);
    expect(parentPage.h1[0]).toContain('Auto, Rad & Boot');

    // A subcategory by its slug alone is the same page, named by its one canonical URL.
    const alone = await t.app.inject({ url: '/category/fahrraeder-zubehoer' });
    expect(alone.statusCode).toBe(200);
    const alonePage = readPage(alone.body);
    expect(alonePage.canonical).toEqual([`${PUBLIC_URL}/category/auto-rad-boot/fahrraeder-zubehoer`]);
    expect(alonePage.articles.map((a) => a.links)).toEqual(ads.map((ad) => [`/listing/${ad.id}`]));

    const cars = await t.app.inject({ url: '/category/autos' });
    expect(cars.statusCode).toBe(301);
    expect(cars.headers.location).toBe('/category/auto-rad-boot');

    for (const url of ['/category/gibt-es-nicht', '/category/elektronik/fahrraeder-zubehoer']) {
      const missing = await t.app.inject({ url });
      expect(missing.statusCode).toBe(404);
      const missingPage = readPage(missing.body);
      expect(missingPage.title).toEqual(['Kategorie nicht gefunden | Marktplatz']);
      expect(missingPage.robots).toEqual(['noindex, follow']);
      expect(missingPage.jsonLd).toEqual([]);
      expect(missingPage.articles).toEqual([]);
      expect(servedData(missing.body, 'page-data')).toEqual({ categories: await categoriesAnswer() });
    }
  });

  it('a search: the first page of results rendered; no hits is not for the index', async () => {
    const res = await t.app.inject({ url: '/search?q=Waschmaschine' });
    expect(res.statusCode).toBe(200);
    const page = readPage(res.body);
    expect(page.title).toEqual(['„Waschmaschine“ – Kleinanzeigen | Marktplatz']);
    expect(page.canonical).toEqual([`${PUBLIC_URL}/search?q=Waschmaschine`]);
    expect(page.robots).toEqual([]);
    expect(page.description[0]).toMatch(/^1 Anzeige für „Waschmaschine“/);
    expect(page.og('og:title')).toEqual(['„Waschmaschine“ – Kleinanzeigen']);
    const list = await t.app.inject({ url: '/api/listings?q=Waschmaschine&limit=20' });
    const served = servedData<{ list: { listings: { id: string }[] } }>(res.body, 'page-data');
    expect(served).toEqual({ list: list.json(), q: 'Waschmaschine', categories: await categoriesAnswer() });
    expect(served.list.listings).toHaveLength(1);
    expectRendered(page);
    expect(page.h1).toEqual(['Suchbegriff: „Waschmaschine“']);
    expect(page.articles.map((a) => a.links)).toEqual([[`/listing/${served.list.listings[0]?.id}`]]);
    expect(page.articles[0]?.text).toContain('Waschmaschine Bosch Serie 6');
    await expectValidHtml(res.body);

    const term = EVIL.replace('alert', 'xyzzy');
    const none = await t.app.inject({ url: `/search?q=${encodeURIComponent(term)}` });
    expect(none.statusCode).toBe(200);
    expect(none.body).not.toContain('<script>xyzzy(1)</script>');
    expect(none.body).not.toContain('<b>fett</b>');
    const nonePage = readPage(none.body);
    expect(nonePage.robots).toEqual(['noindex, follow']);
    expect(nonePage.title).toEqual([`„${term}“ – Kleinanzeigen | Marktplatz`]);
    expect(nonePage.articles).toEqual([]);
    expect(nonePage.scripts.map((s) => attr(s, 'type'))).toEqual([
      'module',
      'application/json',
      'application/json',
    ]);
    expect(servedData<{ q: string }>(none.body, 'page-data').q).toBe(term);
    expectRendered(nonePage);
    expect(nonePage.h1).toEqual([`Suchbegriff: „${term}“`]);
    await expectValidHtml(none.body);
  });
});

describe('robots.txt and the sitemaps', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_URL }, { webDistDir: builtWebDist() });
  });
  afterAll(async () => {
    await t?.close();
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
    expect(files).toEqual([
      `${PUBLIC_URL}/sitemaps/categories.xml`,
      `${PUBLIC_URL}/sitemaps/pages.xml`,
      `${PUBLIC_URL}/sitemaps/guides.xml`,
      `${PUBLIC_URL}/sitemaps/events.xml`,
      `${PUBLIC_URL}/sitemaps/karriere.xml`,
      `${PUBLIC_URL}/sitemaps/news.xml`,
      `${PUBLIC_URL}/sitemaps/shops.xml`,
      `${PUBLIC_URL}/sitemaps/listings-1.xml`,
    ]);
    for (const file of files)
      expect((await t.app.inject({ url: file.slice(PUBLIC_URL.length) })).statusCode).toBe(200);

    // The fixed public pages: help, FAQ, partner, forum, directory and the legal pages.
    const pages = locs((await t.app.inject({ url: '/sitemaps/pages.xml' })).body, 'urlset');
    expect(pages).toContain(`${PUBLIC_URL}/partner-werden`);
    expect(pages).toContain(`${PUBLIC_URL}/hilfe`);
    expect(pages).toContain(`${PUBLIC_URL}/legal/impressum`);

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
