import {
  type Category,
  categoriesResponseSchema,
  FEED_PAGE_SIZE,
  formatPrice,
  type Listing,
  type ListingList,
  listingListSchema,
  listingQuerySchema,
  listingSchema,
  OFFER_TYPE_TEXTS,
  resolveFeedImages,
  type Subcategory,
} from '@marketplace/contract';
import { LRUCache } from 'lru-cache';
import { AppError } from '../../lib/errors.ts';
import { type PublicAnswerCache, queryKey } from '../../lib/public-answers.ts';
import type { ListingReadDeps } from './deps.ts';
import {
  absolute,
  breadcrumbList,
  type Crumb,
  emptyHead,
  firstImage,
  listingNotFound,
  listingRemoved,
  PAGE_TEXTS,
  type PublicPage,
  type SiteFacts,
  summary,
} from './page-heads.ts';
import { isListingRemoved } from './queries.ts';
import { readListing } from './reading.ts';
import { listListings } from './search.ts';

/** The JSON text `json`, safe inside a `<script type="application/json">` element. */
function scriptJson(json: string): string {
  return json.replaceAll('<', '\\u003c');
}

/** SPEC.md §2: /category/autos leads to the cars category. */
const CATEGORY_REDIRECTS: Record<string, string> = { autos: '/category/auto-rad-boot' };

/** schema.org availability of an ad's status (any other status: discontinued). */
const AVAILABILITY: Readonly<Record<string, string>> = {
  active: 'https://schema.org/InStock',
  reserved: 'https://schema.org/LimitedAvailability',
  sold: 'https://schema.org/SoldOut',
};
const DISCONTINUED = 'https://schema.org/Discontinued';

/**
 * What the server answers for the home page, the ad page, the category pages and the first page
 * of a search, around their content, which the web app's own components render
 * (docs/decisions/0030-one-layout-rendered-on-the-server.md): status, head data for search
 * engines and messengers (title, description, canonical URL, OpenGraph, JSON-LD) and the API
 * answers the page is rendered from. Answers come from the cache of public answers under the keys
 * the API uses, so the app's own requests that follow find them there, and reading a page counts
 * no view. One per listings plugin.
 */
export class PublicPages {
  private readonly deps: ListingReadDeps;
  private readonly answers: PublicAnswerCache;
  /** One ad's answers (`listing|<id>`), shared with `GET /api/listings/{id}`. */
  private readonly adAnswers: PublicAnswerCache;
  /** Active ads per category id (cached by the plugin). */
  private readonly counts: () => Promise<Map<number, number>>;
  /** The pages made lately, by kind and address, with what they were made from (`remember`). */
  private readonly made = new LRUCache<
    string,
    { from: readonly unknown[]; page: PublicPage | string; madeAt: number }
  >({
    max: 2000,
  });
  /** The category tree and its JSON text for the counts they were made from (the same map while cached). */
  private categories: { counts: Map<number, number>; tree: Category[]; json: string } | null = null;

  constructor(
    deps: ListingReadDeps,
    answers: { lists: PublicAnswerCache; ads: PublicAnswerCache },
    counts: () => Promise<Map<number, number>>,
  ) {
    this.deps = deps;
    this.answers = answers.lists;
    this.adAnswers = answers.ads;
    this.counts = counts;
  }

  /**
   * The home page's answers (SPEC.md §2 "Home"): `{"feed": <GET /api/listings?sort=newest&limit=20>,
   * "categories": <GET /api/categories/all>}` as JSON text that is safe inside a `<script
   * type="application/json">` element: the feed a visitor without stored choices sees.
   */
  async home(): Promise<string> {
    const query = listingQuerySchema.parse({ sort: 'newest', limit: String(FEED_PAGE_SIZE) });
    const feedJson = await this.answers.answer(listingListSchema, queryKey('listings', query), () =>
      listListings(this.deps, query, null),
    );
    const categories = await this.categoryTree();
    return this.remember('home', [feedJson, categories], () =>
      scriptJson(`{"feed":${feedJson},"categories":${categories.json}}`),
    );
  }

  /**
   * /listing/{id} (SPEC.md §2): 200 for an active or reserved ad, 410 for one that is gone
   * (sold or expired: its page still shows it, with its state; removed by moderation: a notice
   * only), 404 for an unknown or malformed id (deleted ads leave no trace, so they answer 404 too).
   */
  async listing(id: string, site: SiteFacts): Promise<PublicPage> {
    let json: string;
    try {
      json = await this.adAnswers.answer(listingSchema, `listing|${id}`, () =>
        readListing(this.deps, id, null),
      );
    } catch (error) {
      if (error instanceof AppError && error.status === 404) {
        return (await isListingRemoved(this.deps.db, id))
          ? listingRemoved(id, site)
          : listingNotFound(id, site);
      }
      throw error;
    }
    const categories = await this.categoryTree();
    return this.remember(
      `listing|${id}`,
      [json, categories, site],
      () => this.listingPage(json, categories.json, site),
      sameAdExceptViews,
    );
  }

  /** The ad page of `json` (`GET /api/listings/{id}`'s answer) for `listing`. */
  private listingPage(json: string, categoriesJson: string, site: SiteFacts): PublicPage {
    const listing = JSON.parse(json) as Listing;
    const status: string = listing.status;
    // Only active and reserved ads can still be had; sold, expired or removed ones are gone.
    const gone = status !== 'active' && status !== 'reserved';
    const path = `/listing/${encodeURIComponent(listing.id)}`;
    const canonical = absolute(site, path);
    const images = resolveFeedImages(listing.images).map((image) => absolute(site, image));
    const price = formatPrice(listing.price, listing.price_type);
    const wanted = listing.offer_type === 'wanted';
    const name = `${wanted ? `${OFFER_TYPE_TEXTS.wanted}: ` : ''}${listing.title}`;
    const place = [listing.postal_code, listing.location].filter(Boolean).join(' ');
    const title = `${name}${price ? ` – ${price}` : ''} | ${site.siteName}`;
    const description = summary(`${price ? `${price} · ` : ''}${place} · ${listing.description}`);
    const crumbs = categoryCrumbs(this.deps, listing.category);
    const openGraph: [string, string][] = [
      ['og:type', 'product'],
      ['og:site_name', site.siteName],
      ['og:locale', 'de_DE'],
      ['og:title', price ? `${name} – ${price}` : name],
      ['og:description', description],
      ['og:url', canonical],
      ...images.slice(0, 1).map((image): [string, string] => ['og:image', image]),
      ...(images.length > 0 ? [['og:image:alt', listing.title] as [string, string]] : []),
      ['product:price:amount', listing.price.toFixed(2)],
      ['product:price:currency', 'EUR'],
    ];
    const product = {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name,
      description: summary(listing.description, 5000),
      url: canonical,
      sku: listing.id,
      ...(images.length > 0 ? { image: images } : {}),
      ...(listing.category.name ? { category: listing.category.name } : {}),
      offers: {
        '@type': 'Offer',
        url: canonical,
        price: listing.price.toFixed(2),
        priceCurrency: 'EUR',
        availability: AVAILABILITY[status] ?? DISCONTINUED,
        priceValidUntil: listing.expires_at.slice(0, 10),
        seller: { '@type': 'Person', name: listing.seller.name },
        ...(listing.postal_code
          ? {
              availableAtOrFrom: {
                '@type': 'Place',
                address: {
                  '@type': 'PostalAddress',
                  postalCode: listing.postal_code,
                  addressLocality: listing.location,
                  addressCountry: 'DE',
                },
              },
            }
          : {}),
      },
    };
    return {
      status: gone ? 410 : 200,
      head: {
        title,
        description,
        canonical,
        robots: gone ? 'noindex, follow' : null,
        openGraph,
        // A wanted ad asks for a thing, it offers none: no Product for it.
        jsonLd: [...(wanted ? [] : [product]), breadcrumbList(site, [...crumbs, { name, path }])],
      },
      data: scriptJson(`{"listing":${json},"categories":${categoriesJson}}`),
    };
  }

  /**
   * /category/{slug} and /category/{slug}/{sub} (SPEC.md §2): the newest ads of the category
   * (its first page, as the app asks for it) with a BreadcrumbList; 404 for an unknown
   * category or a subcategory under the wrong parent; 301 for SPEC.md's redirects.
   */
  async category(slug: string, sub: string | undefined, site: SiteFacts): Promise<PublicPage> {
    const redirect = sub === undefined ? CATEGORY_REDIRECTS[slug] : undefined;
    if (redirect) {
      return {
        status: 301,
        location: redirect,
        head: emptyHead(site, redirect),
        data: null,
      };
    }
    const { tree, json: treeJson } = await this.categoryTree();
    const found = findCategory(tree, slug, sub);
    if (!found) {
      const path = `/category/${[slug, sub]
        .filter((part): part is string => !!part)
        .map((part) => encodeURIComponent(part))
        .join('/')}`;
      return {
        status: 404,
        head: {
          ...emptyHead(site, path),
          title: `${PAGE_TEXTS.categoryNotFound} | ${site.siteName}`,
          description: PAGE_TEXTS.tagline,
          robots: 'noindex, follow',
        },
        data: scriptJson(`{"categories":${treeJson}}`),
      };
    }
    const { category, subcategory } = found;
    const current = subcategory ?? category;
    const crumbs = [
      { name: category.name, path: `/category/${encodeURIComponent(category.slug)}` },
      ...(subcategory
        ? [
            {
              name: subcategory.name,
              path: `/category/${encodeURIComponent(category.slug)}/${encodeURIComponent(subcategory.slug)}`,
            },
          ]
        : []),
    ];
    const path = (crumbs[crumbs.length - 1] as Crumb).path;
    const json = await this.list({ category: current.slug });
    return this.remember(`category|${path}`, [json, treeJson, site], () => {
      const feed = JSON.parse(json) as ListingList;
      const title = `${PAGE_TEXTS.categoryAds(current.name)} | ${site.siteName}`;
      const description = PAGE_TEXTS.categoryDescription(current.name, current.listing_count, site.siteName);
      const canonical = absolute(site, path);
      return {
        status: 200,
        head: {
          title,
          description,
          canonical,
          robots: null,
          openGraph: [
            ['og:type', 'website'],
            ['og:site_name', site.siteName],
            ['og:locale', 'de_DE'],
            ['og:title', PAGE_TEXTS.categoryAds(current.name)],
            ['og:description', description],
            ['og:url', canonical],
            ...firstImage(site, feed),
          ],
          jsonLd: [breadcrumbList(site, crumbs)],
        },
        data: scriptJson(
          `{"list":${json},"category":${JSON.stringify(current.slug)},"categories":${treeJson}}`,
        ),
      };
    });
  }

  /**
   * /search?q= (SPEC.md §2): the first page of results as the app asks for it (relevance);
   * 'noindex' when nothing matches, so an empty result is never listed as a page.
   * @param q the search text; blank gives the plain search page
   */
  async search(q: string | undefined, site: SiteFacts): Promise<PublicPage> {
    const term = q?.replace(/\s+/g, ' ').trim().slice(0, 200) ?? '';
    if (!term) {
      return {
        status: 200,
        head: { ...emptyHead(site, '/search'), title: `${PAGE_TEXTS.searchAll} | ${site.siteName}` },
        data: null,
      };
    }
    const json = await this.list({ q: term });
    const categories = await this.categoryTree();
    return this.remember(`search|${term}`, [json, categories, site], () => {
      const feed = JSON.parse(json) as ListingList;
      const path = `/search?q=${encodeURIComponent(term)}`;
      const canonical = absolute(site, path);
      const description = PAGE_TEXTS.searchDescription(feed.total, term, site.siteName, feed.total_capped);
      return {
        status: 200,
        head: {
          title: `${PAGE_TEXTS.search(term)} | ${site.siteName}`,
          description,
          canonical,
          robots: feed.listings.length > 0 ? null : 'noindex, follow',
          openGraph: [
            ['og:type', 'website'],
            ['og:site_name', site.siteName],
            ['og:locale', 'de_DE'],
            ['og:title', PAGE_TEXTS.search(term)],
            ['og:description', description],
            ['og:url', canonical],
            ...firstImage(site, feed),
          ],
          jsonLd: [],
        },
        data: scriptJson(`{"list":${json},"q":${JSON.stringify(term)},"categories":${categories.json}}`),
      };
    });
  }

  /**
   * The category tree with its counts of active ads and `GET /api/categories/all`'s answer as
   * JSON text: made again only when the counts are (at most once a minute, or after a change).
   */
  private async categoryTree(): Promise<{ tree: Category[]; json: string }> {
    const counts = await this.counts();
    if (this.categories?.counts !== counts) {
      const tree = this.deps.categories.withCounts(counts);
      this.categories = { counts, tree, json: categoriesJson(tree) };
    }
    return this.categories;
  }

  /**
   * The first page of a list, from the cache of public answers under the API's own key: as the
   * app asks for it (its default sort, {@link FEED_PAGE_SIZE} ads), as JSON text.
   */
  private list(parameters: Record<string, string>): Promise<string> {
    const query = listingQuerySchema.parse({ ...parameters, limit: String(FEED_PAGE_SIZE) });
    return this.answers.answer(listingListSchema, queryKey('listings', query), () =>
      listListings(this.deps, query, null),
    );
  }

  /**
   * The page (or the home page's answers) `make` makes from `from` (answers as JSON text, the
   * category tree, the site), kept under `key` and made again only when one of them is another:
   * while the cache of public answers hands out the same answers, a page is the same object, so
   * the server sees at once that the page it sent before is still right. With `alike`, a page
   * made from answers that `alike` finds the same for its page stays in use for at most
   * {@link ALIKE_PAGE_MS} from when it was made.
   */
  private remember<T extends PublicPage | string>(
    key: string,
    from: readonly unknown[],
    make: () => T,
    alike?: (kept: unknown, now: unknown) => boolean,
  ): T {
    const kept = this.made.get(key);
    if (kept && kept.from.length === from.length) {
      if (kept.from.every((value, i) => value === from[i])) return kept.page as T;
      if (
        alike &&
        Date.now() - kept.madeAt < ALIKE_PAGE_MS &&
        kept.from.every((value, i) => value === from[i] || alike(value, from[i]))
      ) {
        // The next request with these answers finds them by reference.
        kept.from = from;
        return kept.page as T;
      }
    }
    const page = make();
    this.made.set(key, { from, page, madeAt: Date.now() });
    return page;
  }
}

/**
 * How long an ad page stays in use while only the ad's view count changed (ms): the browser asks
 * for the ad once the page shows (which counts its view) and draws the newer count, so a counted
 * view need not make, and render, the whole page anew. As long as the server keeps a rendered
 * page of the same answers (docs/decisions/0030-one-layout-rendered-on-the-server.md).
 */
export const ALIKE_PAGE_MS = 5 * 60_000;

/**
 * Whether two answers of `GET /api/listings/{id}` (JSON text) differ in the ad's view count at
 * most (SPEC.md §3 `views`); anything else that is not JSON text of an object is another.
 */
function sameAdExceptViews(kept: unknown, now: unknown): boolean {
  if (typeof kept !== 'string' || typeof now !== 'string') return false;
  const withoutViews = (json: string) => {
    const { views: _views, ...rest } = JSON.parse(json) as Record<string, unknown>;
    return JSON.stringify(rest);
  };
  return withoutViews(kept) === withoutViews(now);
}

/** The category tree as `GET /api/categories/all` answers it, as JSON text. */
function categoriesJson(tree: readonly Category[]): string {
  return JSON.stringify(categoriesResponseSchema.encode({ categories: [...tree] }));
}

function findCategory(
  tree: readonly Category[],
  slug: string,
  sub: string | undefined,
): { category: Category; subcategory: Subcategory | null } | null {
  for (const category of tree) {
    if (sub === undefined && category.slug === slug) return { category, subcategory: null };
    const child = category.subcategories.find((s) => s.slug === (sub ?? slug));
    // /category/{sub} alone shows the subcategory too (the app does); its canonical URL names the parent.
    if (child && (sub === undefined || category.slug === slug)) return { category, subcategory: child };
  }
  return null;
}

/** The category path of an ad: its category and, for a subcategory, the parent first. */
function categoryCrumbs(deps: ListingReadDeps, ref: Listing['category']): Crumb[] {
  if (!ref.slug) return [];
  if (ref.parent) {
    const parentPath = `/category/${encodeURIComponent(ref.parent.slug)}`;
    return [
      { name: ref.parent.name, path: parentPath },
      { name: ref.name, path: `${parentPath}/${encodeURIComponent(ref.slug)}` },
    ];
  }
  return deps.categories.resolve(ref.slug)
    ? [{ name: ref.name, path: `/category/${encodeURIComponent(ref.slug)}` }]
    : [];
}
