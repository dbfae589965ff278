import {
  CATEGORY_NOT_FOUND_TITLE,
  LISTING_UNAVAILABLE_TEXTS,
  type ListingList,
  resolveFeedImages,
} from '@marketplace/contract';
import { absolute, breadcrumbList, type Crumb, type PageHead, type SiteFacts } from '../../lib/page-head.ts';

/*
 * What the public pages tell search engines and messengers in their head (canonical URL,
 * OpenGraph, JSON-LD parts) and the shapes they are answered in; their content is rendered by the
 * web app's own components (docs/decisions/0030-one-layout-rendered-on-the-server.md). What a page
 * shows is read by `PublicPages` in public-pages.ts.
 */

export { absolute, breadcrumbList, type Crumb, type PageHead, type SiteFacts };

/** A public page as the server answers it: status, head, and the answers it is rendered from. */
export interface PublicPage {
  /** 200; 301 with `location`; 404 for an unknown ad or category; 410 for an ad that is gone. */
  status: 200 | 301 | 404 | 410;
  /** Where a 301 leads (a path). */
  location?: string;
  head: PageHead;
  /**
   * The API answers the page is rendered from, on the server and again in the browser, for
   * `<script type="application/json" id="page-data">` (the web app's `app/servedPage.ts`), so
   * the app shows them without asking again; JSON text in which `<` is escaped (safe inside the
   * element), or null for none. One of
   * `{"listing": <GET /api/listings/{id>}}`,
   * `{"list": <GET /api/listings?category={slug}&limit=20>, "category": slug}`,
   * `{"list": <GET /api/listings?q={term}&limit=20>, "q": term}` or, for an unknown category,
   * nothing more, each with `"categories": <GET /api/categories/all>`; or
   * `{"unavailable": {"id": id, "status": 404 | 410}}` for an ad that is not or no longer there.
   */
  data: string | null;
}

/** Texts of these pages' heads (the web app's own texts say the same on the page). */
export const PAGE_TEXTS = {
  tagline: 'Kleinanzeigen aus deiner Region',
  listingNotFound: LISTING_UNAVAILABLE_TEXTS.notFound,
  listingGone: LISTING_UNAVAILABLE_TEXTS.gone,
  categoryNotFound: CATEGORY_NOT_FOUND_TITLE,
  categoryAds: (name: string) => `${name} – Kleinanzeigen`,
  categoryDescription: (name: string, count: number, siteName: string) =>
    `${count.toLocaleString('de-DE')} ${count === 1 ? 'Anzeige' : 'Anzeigen'} in ${name} auf ${siteName}: kaufen, verkaufen und verschenken in deiner Region.`,
  search: (term: string) => `„${term}“ – Kleinanzeigen`,
  /** `capped`: more than `count` ads match (`total_capped`), 'über 1.000 Anzeigen'. */
  searchDescription: (count: number, term: string, siteName: string, capped = false) =>
    `${capped ? 'über ' : ''}${count.toLocaleString('de-DE')} ${count === 1 && !capped ? 'Anzeige' : 'Anzeigen'} für „${term}“ auf ${siteName}: Kleinanzeigen aus deiner Region.`,
  searchAll: 'Suche',
} as const;

/** Longest meta description (search engines cut at about 155–160 characters). */
const DESCRIPTION_MAX = 158;

/** `text` on one line, cut at a word boundary to `max` characters with '…'. */
export function summary(text: string, max = DESCRIPTION_MAX): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

/** The head of a page without content of its own: the site's tagline, canonical `path`. */
export function emptyHead(site: SiteFacts, path: string): PageHead {
  return {
    title: `${site.siteName} – ${PAGE_TEXTS.tagline}`,
    description: PAGE_TEXTS.tagline,
    canonical: absolute(site, path),
    robots: null,
    openGraph: [],
    jsonLd: [],
  };
}

/** An ad that does not exist: 404, noindex, and a way home. */
export function listingNotFound(id: string, site: SiteFacts): PublicPage {
  return {
    status: 404,
    head: {
      ...emptyHead(site, `/listing/${encodeURIComponent(id)}`),
      title: `${PAGE_TEXTS.listingNotFound} | ${site.siteName}`,
      robots: 'noindex, follow',
    },
    data: unavailable(id, 404),
  };
}

/**
 * An ad removed by moderation: 410, and nothing of its content (the API shows it only to its
 * seller and ADMINs).
 */
export function listingRemoved(id: string, site: SiteFacts): PublicPage {
  return {
    status: 410,
    head: {
      ...emptyHead(site, `/listing/${encodeURIComponent(id)}`),
      title: `${PAGE_TEXTS.listingGone} | ${site.siteName}`,
      robots: 'noindex, follow',
    },
    data: unavailable(id, 410),
  };
}

/** The data of an ad page without its ad (see {@link PublicPage} `data`). */
function unavailable(id: string, status: 404 | 410): string {
  return JSON.stringify({ unavailable: { id, status } }).replaceAll('<', '\\u003c');
}

/** `og:image` of a list page: the first ad's first photo, if any has one. */
export function firstImage(site: SiteFacts, feed: ListingList): [string, string][] {
  for (const listing of feed.listings) {
    const [image] = resolveFeedImages(listing.images);
    if (image) return [['og:image', absolute(site, image)]];
  }
  return [];
}
