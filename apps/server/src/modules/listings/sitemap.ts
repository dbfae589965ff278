import type { Category } from '@marketplace/contract';
import { and, gte, lt, sql } from 'drizzle-orm';
import { create } from 'xmlbuilder2';
import { z } from 'zod';
import { type Database, selectRows } from '../../db/client.ts';
import type { CacheCatalogue } from '../../lib/cache-catalogue.ts';
import { CountCache } from '../../lib/count-cache.ts';
import type { CategoryTree } from '../categories/index.ts';
import { l, VISIBLE } from './queries.ts';

/** The sitemap protocol's limit of URLs per file (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;
/**
 * Ads per sitemap page when the pages are cut: below the limit, so that ads posted inside a
 * page's id range before the next cut still fit.
 */
export const SITEMAP_PAGE_ADS = 45_000;
/** How long the cut points and the drawn files are kept (ms); new ads show up within this time. */
export const SITEMAP_CACHE_MS = 5 * 60_000;

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** A row of the cut points: the first id of a page of active ads. */
const cutPointRow = z.object({ id: z.string() });

/** An XML sitemap file as text. */
export interface SitemapFile {
  xml: string;
}

/**
 * The sitemaps of active ads and of the categories (sitemaps.org protocol), for `/sitemap.xml`
 * (an index), `/sitemaps/categories.xml` and `/sitemaps/listings-{n}.xml`. The ads' pages are
 * keyset ranges of ids: the cut points (every `SITEMAP_PAGE_ADS`-th active id) come from one
 * pass over the id index every `SITEMAP_CACHE_MS`, and each page reads its id range through
 * the primary key, so no request reads the whole table. Files are cached as drawn text for the
 * same time. One per listings plugin.
 */
export class Sitemaps {
  private readonly cuts: CountCache<string[]>;
  private readonly files: CountCache<SitemapFile | null>;

  private readonly db: Database;
  private readonly categories: CategoryTree;
  /** Active ads per category id (the listings door's cached counts). */
  private readonly counts: () => Promise<Map<number, number>>;

  /** @param caches where the reads of its caches are counted (`app.caches`), for `/metrics` */
  constructor(
    db: Database,
    categories: CategoryTree,
    counts: () => Promise<Map<number, number>>,
    caches?: CacheCatalogue,
  ) {
    this.cuts = new CountCache<string[]>(SITEMAP_CACHE_MS, 1, caches?.counts('sitemaps.cuts'));
    this.files = new CountCache<SitemapFile | null>(SITEMAP_CACHE_MS, 100, caches?.counts('sitemaps.files'));
    this.db = db;
    this.categories = categories;
    this.counts = counts;
  }

  /**
   * The sitemap index: the categories' file, the files of `more`, then one file per page of
   * active ads.
   * @param publicUrl the site's absolute URL without trailing slash (`PUBLIC_URL`)
   * @param more paths of further sitemap files other doors draw (`/sitemaps/guides.xml`)
   */
  index(publicUrl: string, more: readonly string[] = []): Promise<SitemapFile> {
    return this.files.get(`index|${publicUrl}|${more.join('|')}`, async () => {
      const cuts = await this.cutPoints();
      const root = create({ version: '1.0', encoding: 'UTF-8' }).ele('sitemapindex', { xmlns: SITEMAP_NS });
      root.ele('sitemap').ele('loc').txt(`${publicUrl}/sitemaps/categories.xml`);
      for (const file of more) root.ele('sitemap').ele('loc').txt(`${publicUrl}${file}`);
      cuts.forEach((_, page) => {
        root
          .ele('sitemap')
          .ele('loc')
          .txt(`${publicUrl}/sitemaps/listings-${page + 1}.xml`);
      });
      return { xml: root.end() };
    }) as Promise<SitemapFile>;
  }

  /** The home page and every category and subcategory page. */
  categoryPages(publicUrl: string): Promise<SitemapFile> {
    return this.files.get(`categories|${publicUrl}`, async () => {
      const tree: Category[] = this.categories.withCounts(await this.counts());
      const root = create({ version: '1.0', encoding: 'UTF-8' }).ele('urlset', { xmlns: SITEMAP_NS });
      root.ele('url').ele('loc').txt(`${publicUrl}/`);
      for (const category of tree) {
        const path = `/category/${encodeURIComponent(category.slug)}`;
        root.ele('url').ele('loc').txt(`${publicUrl}${path}`);
        for (const sub of category.subcategories) {
          root
            .ele('url')
            .ele('loc')
            .txt(`${publicUrl}${path}/${encodeURIComponent(sub.slug)}`);
        }
      }
      return { xml: root.end() };
    }) as Promise<SitemapFile>;
  }

  /**
   * Page `page` (from 1) of the active ads, at most `SITEMAP_MAX_URLS`, with their last change.
   * @returns null for a page that does not exist (the route answers 404)
   */
  listingPage(publicUrl: string, page: number): Promise<SitemapFile | null> {
    return this.files.get(`listings|${page}|${publicUrl}`, async () => {
      const cuts = await this.cutPoints();
      const from = cuts[page - 1];
      if (from === undefined) return null;
      const to = cuts[page];
      const rows = await this.db
        .select({ id: l.id, updatedAt: l.updatedAt })
        .from(l)
        .where(and(VISIBLE, gte(l.id, from), to === undefined ? undefined : lt(l.id, to)))
        .orderBy(l.id)
        .limit(SITEMAP_MAX_URLS);
      const root = create({ version: '1.0', encoding: 'UTF-8' }).ele('urlset', { xmlns: SITEMAP_NS });
      for (const row of rows) {
        const url = root.ele('url');
        url.ele('loc').txt(`${publicUrl}/listing/${row.id}`);
        url.ele('lastmod').txt(row.updatedAt.toISOString());
      }
      return { xml: root.end() };
    });
  }

  /** The first id of each page of active ads, in id order (one pass over the id index). */
  private cutPoints(): Promise<string[]> {
    return this.cuts.get('all', async () => {
      const rows = await selectRows(
        this.db,
        cutPointRow,
        sql`select id from (
              select l.id, row_number() over (order by l.id) as n from listings l where ${VISIBLE}
            ) s where (n - 1) % ${SITEMAP_PAGE_ADS} = 0 order by id`,
      );
      return rows.map((row) => row.id);
    });
  }
}
