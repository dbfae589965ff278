import { NEWS_CATEGORY_NAMES, type NewsArticle, type NewsList, newsArticlePath } from '@marketplace/contract';
import { Feed } from 'feed';
import { create } from 'xmlbuilder2';
import { absolute, breadcrumbList, type PageHead, type SiteFacts } from '../../lib/page-head.ts';

/*
 * What the local news pages (/lokale-news, /lokale-news/{slug}-{id}) tell search engines, feed
 * readers and messengers: their heads, the RSS 2.0 feed and the sitemap. Their content is
 * rendered by the web app's components from `GET /api/news…`
 * (docs/decisions/0030-one-layout-rendered-on-the-server.md).
 */

/** A news page's status and head. */
export interface NewsPage {
  status: 200 | 404;
  head: PageHead;
}

/** Texts of the heads and the feed (the web app's news texts say the same on the page). */
export const NEWS_HEAD_TEXTS = {
  listTitle: 'Lokale News',
  listDescription:
    'Lokale News aus deiner Region: Politik, Kultur, Sport, Wirtschaft, Verkehr und Vereine – die neuesten Artikel aus deinem Ort und der Umgebung.',
  notFound: 'Artikel nicht gefunden',
  feedTitle: (site: string, place: string | null) =>
    place ? `Lokale News aus ${place} – ${site}` : `Lokale News – ${site}`,
} as const;

/** The feed's address for a place and radius (the list's alternate link). */
export function feedPath(plz?: string, radius?: number): string {
  const query = new URLSearchParams();
  if (plz) query.set('plz', plz);
  if (plz && radius) query.set('radius', String(radius));
  const text = query.toString();
  return `/lokale-news/rss.xml${text ? `?${text}` : ''}`;
}

/**
 * The head of `/lokale-news`: title, description, canonical (without filters), the RSS feed of
 * the asked place as alternate link, and a schema.org `ItemList` of the shown articles.
 */
export function newsListPage(list: NewsList, site: SiteFacts, plz?: string, radius?: number): NewsPage {
  const canonical = `${site.publicUrl}/lokale-news`;
  const where = list.place ? ` aus ${list.place.place}` : '';
  const title = `${NEWS_HEAD_TEXTS.listTitle}${where} | ${site.siteName}`;
  return {
    status: 200,
    head: {
      title,
      description: NEWS_HEAD_TEXTS.listDescription,
      canonical,
      robots: null,
      alternates: [
        {
          type: 'application/rss+xml',
          title: NEWS_HEAD_TEXTS.feedTitle(site.siteName, list.place?.place ?? null),
          href: absolute(site, feedPath(list.place ? plz : undefined, radius)),
        },
      ],
      openGraph: [
        ['og:type', 'website'],
        ['og:site_name', site.siteName],
        ['og:locale', 'de_DE'],
        ['og:title', title],
        ['og:description', NEWS_HEAD_TEXTS.listDescription],
        ['og:url', canonical],
      ],
      jsonLd: [
        breadcrumbList(site, [{ name: NEWS_HEAD_TEXTS.listTitle, path: '/lokale-news' }]),
        {
          '@context': 'https://schema.org',
          '@type': 'ItemList',
          itemListElement: list.articles.map((article, index) => ({
            '@type': 'ListItem',
            position: index + 1,
            name: article.title,
            url: absolute(site, newsArticlePath(article)),
          })),
        },
      ],
    },
  };
}

/**
 * The head of an article page: its title and teaser, its canonical address, its image, and a
 * schema.org `NewsArticle` (headline, description, image, dates, author, publisher, place) with the
 * breadcrumb; null article: 404, `noindex`.
 */
export function newsArticlePage(article: NewsArticle | null, address: string, site: SiteFacts): NewsPage {
  if (!article) {
    return {
      status: 404,
      head: {
        title: `${NEWS_HEAD_TEXTS.notFound} | ${site.siteName}`,
        description: NEWS_HEAD_TEXTS.listDescription,
        canonical: absolute(site, `/lokale-news/${encodeURIComponent(address)}`),
        robots: 'noindex, follow',
        openGraph: [],
        jsonLd: [],
      },
    };
  }
  const path = newsArticlePath(article);
  const canonical = absolute(site, path);
  const image = article.image ? absolute(site, article.image) : null;
  const organization = { '@type': 'Organization', name: site.siteName, url: `${site.publicUrl}/` };
  return {
    status: 200,
    head: {
      title: `${article.title} | ${site.siteName}`,
      description: article.teaser,
      canonical,
      robots: null,
      openGraph: [
        ['og:type', 'article'],
        ['og:site_name', site.siteName],
        ['og:locale', 'de_DE'],
        ['og:title', article.title],
        ['og:description', article.teaser],
        ['og:url', canonical],
        ...(image ? [['og:image', image] as [string, string]] : []),
        ['article:published_time', article.published_at],
        ['article:modified_time', article.updated_at],
        ['article:section', NEWS_CATEGORY_NAMES[article.category]],
      ],
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'NewsArticle',
          headline: article.title,
          description: article.teaser,
          ...(image ? { image: [image] } : {}),
          datePublished: article.published_at,
          dateModified: article.updated_at,
          articleSection: NEWS_CATEGORY_NAMES[article.category],
          inLanguage: 'de-DE',
          timeRequired: `PT${article.reading_minutes}M`,
          contentLocation: { '@type': 'Place', name: `${article.postal_code} ${article.place}` },
          mainEntityOfPage: canonical,
          url: canonical,
          author: {
            '@type': 'Person',
            name: article.author.name,
            url: absolute(site, `/user/${article.author.id}`),
          },
          publisher: organization,
        },
        breadcrumbList(site, [
          { name: NEWS_HEAD_TEXTS.listTitle, path: '/lokale-news' },
          { name: article.title, path },
        ]),
      ],
    },
  };
}

/**
 * The RSS 2.0 feed of a list's articles (made by `feed`): channel title of the place, link to
 * the list, each article with title, link, guid, teaser, date, category and author.
 */
export function newsFeed(list: NewsList, site: SiteFacts, plz?: string, radius?: number): string {
  const listPath = list.place
    ? `/lokale-news?${new URLSearchParams({ plz: plz ?? list.place.postal_code, radius: String(radius ?? list.radius ?? '') })}`
    : '/lokale-news';
  const feed = new Feed({
    title: NEWS_HEAD_TEXTS.feedTitle(site.siteName, list.place?.place ?? null),
    description: NEWS_HEAD_TEXTS.listDescription,
    id: absolute(site, listPath),
    link: absolute(site, listPath),
    language: 'de',
    copyright: `© ${site.siteName}`,
    updated: list.articles[0] ? new Date(list.articles[0].published_at) : new Date(0),
    feedLinks: { rss: absolute(site, feedPath(list.place ? plz : undefined, radius)) },
  });
  for (const article of list.articles) {
    const link = absolute(site, newsArticlePath(article));
    feed.addItem({
      title: article.title,
      id: link,
      link,
      description: article.teaser,
      date: new Date(article.published_at),
      category: [{ name: NEWS_CATEGORY_NAMES[article.category] }],
      author: [{ name: article.author.name }],
      ...(article.image ? { enclosure: { url: absolute(site, article.image), type: 'image/webp' } } : {}),
    });
  }
  return feed.rss2();
}

/** The sitemap of the news pages (sitemaps.org): the list and each article with its last change. */
export function newsSitemap(
  articles: readonly { id: string; slug: string; updatedAt: Date }[],
  site: SiteFacts,
): string {
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele('urlset', {
    xmlns: 'http://www.sitemaps.org/schemas/sitemap/0.9',
  });
  const overview = root.ele('url');
  overview.ele('loc').txt(absolute(site, '/lokale-news'));
  const newest = articles[0];
  if (newest) overview.ele('lastmod').txt(newest.updatedAt.toISOString());
  for (const article of articles) {
    const url = root.ele('url');
    url.ele('loc').txt(absolute(site, newsArticlePath(article)));
    url.ele('lastmod').txt(article.updatedAt.toISOString());
  }
  return root.end();
}
