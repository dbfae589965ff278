import type { NewsList } from '@marketplace/contract';
import { newsListQuerySchema } from '@marketplace/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/errors.ts';
import type { SiteFacts } from '../../lib/page-head.ts';
import { type NewsPage, newsArticlePage, newsListPage, newsSitemap } from './heads.ts';
import newsRoutes from './routes.ts';
import { articleAddresses, listArticles, readArticle } from './service.ts';

/**
 * The local news module's only door (ARCHITECTURE.md "modules"): articles of ADMINs and editors
 * ('Redakteur:in', switched on the admin member page and audited) at /lokale-news, their calls
 * `/api/news…`, the RSS feed `/lokale-news/rss.xml`, and the heads and sitemap of their pages for
 * the web-app plugin (`app.newsPages`). Bodies are Markdown rendered by the forum's door, places
 * come from the places door.
 */
export type { NewsPage } from './heads.ts';
export { createArticle, type NewsArticleInput, setNewsEditor } from './service.ts';

/** The news pages' heads and sitemap, for the web-app plugin. */
export interface NewsPages {
  /** `/lokale-news?plz=&radius=&category=`: the head with the feed link; 200 also for an unknown place. */
  list(query: Record<string, unknown>, site: SiteFacts): Promise<NewsPage>;
  /** `/lokale-news/{slug}-{id}`: 404 for an unknown article. */
  article(address: string, site: SiteFacts): Promise<NewsPage>;
  /** `/sitemaps/news.xml`. */
  sitemap(site: SiteFacts): Promise<string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The news pages' heads and sitemap (served by the web-app plugin). */
    newsPages: NewsPages;
  }
}

/** Options of the news plugin: the site's address and name for the feed. */
export interface NewsOptions {
  site: SiteFacts;
}

async function newsModule(app: FastifyInstance, options: NewsOptions) {
  const db = app.database.db;
  const empty: NewsList = { articles: [], total: 0, place: null, radius: null };
  app.decorate('newsPages', {
    async list(query, site) {
      const parsed = newsListQuerySchema.safeParse(query);
      const filters = parsed.success ? parsed.data : { limit: 12, offset: 0 };
      const list = await listArticles(db, filters).catch(() => empty);
      const plz = parsed.success ? parsed.data.plz : undefined;
      const radius = parsed.success ? parsed.data.radius : undefined;
      return newsListPage(list, site, plz, radius);
    },
    async article(address, site) {
      const article = await readArticle(db, address, null).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'news_article_not_found') return null;
        throw error;
      });
      return newsArticlePage(article, address, site);
    },
    async sitemap(site) {
      return newsSitemap(await articleAddresses(db), site);
    },
  } satisfies NewsPages);
  await app.register(newsRoutes, { db, site: options.site });
}

export default fp(newsModule, {
  name: 'news',
  dependencies: ['database', 'auth', 'places', 'forum', 'admin'],
});
