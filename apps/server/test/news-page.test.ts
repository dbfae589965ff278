import type { NewsArticle } from '@marketplace/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer } from './helpers/accounts.ts';
import { builtWebDist, startTestApp } from './helpers/app.ts';
import { makeAdmin, verifiedMember } from './helpers/marketplace.ts';
import { attr, expectValidHtml, locs, readPage, text } from './helpers/pages.ts';

/**
 * The local news pages arrive rendered by the server with the app's own components
 * (docs/decisions/0030-one-layout-rendered-on-the-server.md): the list of the address's place with
 * its RSS feed in the head, an article with its title, description, canonical and `NewsArticle`
 * JSON-LD, an unknown article as 404; every article is in the sitemap. Needs the web build.
 */
const t = await startTestApp({ PUBLIC_READ_LIMIT: '0' }, { webDistDir: builtWebDist() });
afterAll(async () => {
  await t?.close();
});

const admin = await verifiedMember(t, { nickname: 'Rita Redaktion' });
await makeAdmin(t, admin.user.id);
const written = (
  await t.app.inject({
    method: 'POST',
    url: '/api/news',
    headers: bearer(admin.access_token),
    payload: {
      title: 'Neue Radwege am Rheinufer',
      teaser: 'Die Stadt baut bis zum Sommer zwei Kilometer neue Radwege entlang des Rheins.',
      body: 'Der Stadtrat hat am Dienstag beschlossen, die Radwege am Rheinufer auszubauen.\n\nDie Arbeiten beginnen im **März**.',
      category: 'verkehr',
      postal_code: '50667',
    },
  })
).json() as NewsArticle;
const address = `/lokale-news/${written.slug}-${written.id}`;

describe('/lokale-news', () => {
  it('kommt vom Server gerendert, mit den Artikeln des Ortes und seinem RSS-Feed im Kopf', async () => {
    const res = await t.app.inject({ url: '/lokale-news?plz=50667&radius=10' });
    expect(res.statusCode).toBe(200);
    const page = readPage(res.body);
    expect(attr(page.root, 'data-server-rendered')).toBe('');
    expect(page.h1).toEqual(['Lokale News']);
    expect(page.title).toEqual(['Lokale News aus Köln | Marktplatz']);
    expect(page.canonical).toEqual(['http://localhost:3000/lokale-news']);
    const feed = page.all.filter((e) => e.tagName === 'link' && attr(e, 'rel') === 'alternate');
    expect(feed.map((e) => [attr(e, 'type'), attr(e, 'href')])).toEqual([
      ['application/rss+xml', 'http://localhost:3000/lokale-news/rss.xml?plz=50667&radius=10'],
    ]);
    expect(page.articles.map((a) => a.links)).toEqual([[address]]);
    await expectValidHtml(res.body);
  });

  it('zeigt einen Artikel mit Titel, Beschreibung, Canonical und NewsArticle', async () => {
    const res = await t.app.inject({ url: address });
    expect(res.statusCode).toBe(200);
    const page = readPage(res.body);
    expect(page.h1).toEqual(['Neue Radwege am Rheinufer']);
    expect(page.title).toEqual(['Neue Radwege am Rheinufer | Marktplatz']);
    expect(page.description).toEqual([
      'Die Stadt baut bis zum Sommer zwei Kilometer neue Radwege entlang des Rheins.',
    ]);
    expect(page.canonical).toEqual([`http://localhost:3000${address}`]);
    const article = page.jsonLd.find((data) => data['@type'] === 'NewsArticle');
    expect(article).toMatchObject({
      headline: 'Neue Radwege am Rheinufer',
      datePublished: written.published_at,
      articleSection: 'Verkehr',
      author: { '@type': 'Person', name: 'Rita Redaktion' },
      mainEntityOfPage: `http://localhost:3000${address}`,
    });
    const body = page.inRoot.find((e) => e.tagName === 'strong');
    expect(body && text(body)).toBe('März');
  });

  it('antwortet für einen unbekannten Artikel 404 mit noindex', async () => {
    const res = await t.app.inject({
      url: '/lokale-news/gibt-es-nicht-00000000-0000-4000-8000-000000000000',
    });
    expect(res.statusCode).toBe(404);
    expect(readPage(res.body).robots).toEqual(['noindex, follow']);
  });

  it('nennt jeden Artikel in der Sitemap news.xml, die der Index aufführt', async () => {
    const index = await t.app.inject({ url: '/sitemap.xml' });
    expect(locs(index.body, 'sitemapindex')).toContain('http://localhost:3000/sitemaps/news.xml');
    const news = await t.app.inject({ url: '/sitemaps/news.xml' });
    expect(locs(news.body, 'urlset')).toEqual([
      'http://localhost:3000/lokale-news',
      `http://localhost:3000${address}`,
    ]);
  });
});
