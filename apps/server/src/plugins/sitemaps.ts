import type { FastifyInstance, FastifyReply } from 'fastify';
import { create } from 'xmlbuilder2';
import { z } from 'zod';
import { errorCatalogue } from '../lib/errors.ts';
import type { CareerPages } from '../modules/career/index.ts';
import type { GuideCatalogue } from '../modules/guides/index.ts';
import type { SiteFacts, Sitemaps } from '../modules/listings/index.ts';
import { eventSitemap, type LocalEventPages } from '../modules/local-events/index.ts';
import type { NewsPages } from '../modules/news/index.ts';
import { profileSitemap, type ShopPages } from '../modules/shops/index.ts';

const sitemapParams = z.object({ page: z.coerce.number().int().min(1).max(100_000) });
/** The guides' sitemap file, listed in the index. */
const GUIDES_SITEMAP = '/sitemaps/guides.xml';
/** The sitemap file of the site's fixed public pages, listed in the index. */
const PAGES_SITEMAP = '/sitemaps/pages.xml';
/** The public pages without a sitemap of their own: help, FAQ, partner, forum, directory, legal. */
const FIXED_PUBLIC_PAGES = [
  '/hilfe',
  '/faq',
  '/faq-contact',
  '/partner-werden',
  '/forum',
  '/entities',
  '/legal/impressum',
  '/legal/datenschutz',
  '/legal/agb',
  '/legal/cookies',
];
/** The upcoming events' sitemap file, listed in the index. */
const EVENTS_SITEMAP = '/sitemaps/events.xml';
/** The career pages' sitemap file (/karriere and its open positions), listed in the index. */
const CAREER_SITEMAP = '/sitemaps/karriere.xml';
/** The local news' sitemap file, listed in the index. */
const NEWS_SITEMAP = '/sitemaps/news.xml';
/** The shop and provider pages' sitemap file, listed in the index. */
const SHOPS_SITEMAP = '/sitemaps/shops.xml';

/** A sitemap (sitemaps.org `urlset`) of `urls`, absolute. */
function urlSet(urls: readonly string[]): string {
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele('urlset', {
    xmlns: 'http://www.sitemaps.org/schemas/sitemap/0.9',
  });
  for (const url of urls) root.ele('url').ele('loc').txt(url);
  return root.end();
}

/**
 * The sitemaps (sitemaps.org) of the public pages: `/sitemap.xml`, the index naming every file;
 * the fixed pages; the ads in pages and the categories (the listings door); and, where their
 * modules are given, the guides, the upcoming events, the career pages, the local news and the shop and provider
 * pages. Each
 * is answered as XML kept 5 minutes by caches; an ads page beyond the last answers 404.
 */
export function registerSitemaps(
  app: FastifyInstance,
  facts: SiteFacts,
  sources: {
    sitemaps: Sitemaps;
    guides?: GuideCatalogue | undefined;
    localEvents?: LocalEventPages | undefined;
    careers?: CareerPages | undefined;
    news?: NewsPages | undefined;
    shops?: ShopPages | undefined;
  },
): void {
  const { sitemaps, guides, localEvents, careers, news, shops } = sources;
  const sendXml = (reply: FastifyReply, xml: string) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return reply.type('application/xml; charset=utf-8').send(xml);
  };
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    sendXml(
      reply,
      (
        await sitemaps.index(facts.publicUrl, [
          PAGES_SITEMAP,
          ...(guides ? [GUIDES_SITEMAP] : []),
          ...(localEvents ? [EVENTS_SITEMAP] : []),
          ...(careers ? [CAREER_SITEMAP] : []),
          ...(news ? [NEWS_SITEMAP] : []),
          ...(shops ? [SHOPS_SITEMAP] : []),
        ])
      ).xml,
    ),
  );
  const pagesXml = urlSet(FIXED_PUBLIC_PAGES.map((page) => `${facts.publicUrl}${page}`));
  app.get(PAGES_SITEMAP, { schema: { hide: true } }, async (_request, reply) => sendXml(reply, pagesXml));
  if (shops) {
    app.get(SHOPS_SITEMAP, { schema: { hide: true } }, async (_request, reply) =>
      sendXml(reply, profileSitemap(facts.publicUrl, await shops.sitemapEntries())),
    );
  }
  if (localEvents) {
    app.get(EVENTS_SITEMAP, { schema: { hide: true } }, async (_request, reply) =>
      sendXml(reply, eventSitemap(facts.publicUrl, await localEvents.sitemapEntries())),
    );
  }
  if (careers) {
    app.get(CAREER_SITEMAP, { schema: { hide: true } }, async (_request, reply) =>
      sendXml(reply, await careers.sitemap(facts.publicUrl)),
    );
  }
  if (news) {
    app.get(NEWS_SITEMAP, { schema: { hide: true } }, async (_request, reply) =>
      sendXml(reply, await news.sitemap(facts)),
    );
  }
  if (guides) {
    const xml = guides.sitemap(facts.publicUrl);
    app.get(GUIDES_SITEMAP, { schema: { hide: true } }, async (_request, reply) => sendXml(reply, xml));
  }
  app.get('/sitemaps/categories.xml', { schema: { hide: true } }, async (_request, reply) =>
    sendXml(reply, (await sitemaps.categoryPages(facts.publicUrl)).xml),
  );
  app.get('/sitemaps/listings-:page.xml', { schema: { hide: true } }, async (request, reply) => {
    const parsed = sitemapParams.safeParse(request.params);
    const file = parsed.success ? await sitemaps.listingPage(facts.publicUrl, parsed.data.page) : null;
    if (!file) return reply.status(404).send({ detail: errorCatalogue.not_found.detail, code: 'not_found' });
    return sendXml(reply, file.xml);
  });
}
