import { type Listing, type ListingList, OFFER_TYPE_TEXTS, resolveFeedImages } from '@marketplace/contract';
import escapeHtml from 'escape-html';
import { listingGrid, PREVIEW_CSS } from './home-preview.ts';

/*
 * The drawn pages' presenters (docs/decisions/0012-drawn-pages-for-search-engines.md): their
 * shapes, German texts, heads (canonical URL, OpenGraph, JSON-LD parts), HTML and CSS. What a
 * page shows is read by `PagePreviewer` in page-preview.ts.
 */

/** Where the site lives and what it is called (`PUBLIC_URL`, `SITE_NAME`). */
export interface SiteFacts {
  /** Absolute URL without a trailing slash, e.g. 'https://www.example.de'. */
  publicUrl: string;
  siteName: string;
}

/**
 * What a page's `<head>` says about it to search engines and messengers. Plain text and
 * absolute URLs: the web-app plugin escapes everything when it writes the head.
 */
export interface PageHead {
  title: string;
  /** About 160 characters at most. */
  description: string;
  /** The page's one address (absolute). */
  canonical: string;
  /** 'noindex, follow' for pages that should not be listed (gone, unknown, no hits); else null. */
  robots: string | null;
  /** OpenGraph tags as [property, content] pairs (og:title, og:image, product:price:amount, ...). */
  openGraph: [string, string][];
  /** schema.org objects for `<script type="application/ld+json">` elements. */
  jsonLd: Record<string, unknown>[];
}

/** A page drawn by the server: its status, head and first content. */
export interface DrawnPage {
  /** 200; 301 with `location`; 404 for an unknown ad or category; 410 for an ad that is gone. */
  status: 200 | 301 | 404 | 410;
  /** Where a 301 leads (a path). */
  location?: string;
  head: PageHead;
  /** Markup shown until the app has started, or null for none. */
  html: string | null;
  /** The markup's style sheet (our own constant CSS), for a `<style>` element in the head. */
  css: string | null;
  /**
   * The API answers the markup was drawn from, for `<script type="application/json"
   * id="page-data">`, so the app shows them without asking again; JSON text in which `<` is
   * escaped (safe inside the element), or null for none. One of
   * `{"listing": <GET /api/listings/{id}>}`,
   * `{"list": <GET /api/listings?category={slug}&limit=20>, "category": slug}` or
   * `{"list": <GET /api/listings?q={term}&limit=20>, "q": term}`, each with
   * `"categories": <GET /api/categories/all>`.
   */
  data: string | null;
}

/** Texts of the server's first HTML of these pages (the web app's own texts say the same). */
export const PAGE_TEXTS = {
  tagline: 'Kleinanzeigen aus deiner Region',
  home: 'Startseite',
  /** The first step of a visible breadcrumb, as the app's category page names it. */
  homeShort: 'Start',
  breadcrumb: 'Brotkrumen',
  description: 'Beschreibung',
  seller: 'Anbieter',
  memberSince: (monthYear: string) => `Mitglied seit ${monthYear}`,
  status: {
    reserved: 'Reserviert – diese Anzeige ist zurzeit reserviert.',
    sold: 'Verkauft – dieser Artikel ist nicht mehr verfügbar.',
    expired: 'Abgelaufen – diese Anzeige ist nicht mehr aktiv.',
  } as Readonly<Record<string, string>>,
  /** Any other status that takes an ad off the marketplace. */
  gone: 'Diese Anzeige ist nicht mehr verfügbar.',
  listingNotFound: 'Anzeige nicht gefunden',
  listingNotFoundText: 'Diese Anzeige gibt es nicht (mehr).',
  listingGone: 'Anzeige nicht mehr verfügbar',
  listingRemovedText: 'Diese Anzeige wurde entfernt.',
  categoryNotFound: 'Kategorie nicht gefunden',
  categoryAds: (name: string) => `${name} – Kleinanzeigen`,
  categoryDescription: (name: string, count: number, siteName: string) =>
    `${count.toLocaleString('de-DE')} ${count === 1 ? 'Anzeige' : 'Anzeigen'} in ${name} auf ${siteName}: kaufen, verkaufen und verschenken in deiner Region.`,
  search: (term: string) => `„${term}“ – Kleinanzeigen`,
  searchDescription: (count: number, term: string, siteName: string) =>
    `${count.toLocaleString('de-DE')} ${count === 1 ? 'Anzeige' : 'Anzeigen'} für „${term}“ auf ${siteName}: Kleinanzeigen aus deiner Region.`,
  searchNone: (term: string) => `Keine Anzeigen gefunden für „${term}“`,
  searchTerm: (term: string) => `Suchbegriff: „${term}“`,
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

/** One step of a breadcrumb: its text and the path it links to. */
export interface Crumb {
  name: string;
  path: string;
}

/** `pathOrUrl` as an absolute URL under `PUBLIC_URL`. */
export function absolute(site: SiteFacts, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${site.publicUrl}/`).href;
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
export function listingNotFound(id: string, site: SiteFacts): DrawnPage {
  return {
    status: 404,
    head: {
      ...emptyHead(site, `/listing/${encodeURIComponent(id)}`),
      title: `${PAGE_TEXTS.listingNotFound} | ${site.siteName}`,
      robots: 'noindex, follow',
    },
    css: LISTING_CSS,
    data: null,
    html: `<div class="lp"><h1 class="lp-title">${PAGE_TEXTS.listingNotFound}</h1><p>${PAGE_TEXTS.listingNotFoundText}</p><p><a href="/">${PAGE_TEXTS.home}</a></p></div>`,
  };
}

/**
 * An ad removed by moderation: 410, and nothing of its content (the API shows it only to its
 * seller and ADMINs).
 */
export function listingRemoved(id: string, site: SiteFacts): DrawnPage {
  return {
    status: 410,
    head: {
      ...emptyHead(site, `/listing/${encodeURIComponent(id)}`),
      title: `${PAGE_TEXTS.listingGone} | ${site.siteName}`,
      robots: 'noindex, follow',
    },
    css: LISTING_CSS,
    data: null,
    html: `<div class="lp"><h1 class="lp-title">${PAGE_TEXTS.listingGone}</h1><p>${PAGE_TEXTS.listingRemovedText}</p><p><a href="/">${PAGE_TEXTS.home}</a></p></div>`,
  };
}

/** schema.org BreadcrumbList: the home page, then `crumbs`, each with position, name and item. */
export function breadcrumbList(site: SiteFacts, crumbs: readonly Crumb[]): Record<string, unknown> {
  const all = [{ name: PAGE_TEXTS.home, path: '/' }, ...crumbs];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: all.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absolute(site, crumb.path),
    })),
  };
}

/** `og:image` of a list page: the first ad's first photo, if any has one. */
export function firstImage(site: SiteFacts, feed: ListingList): [string, string][] {
  for (const listing of feed.listings) {
    const [image] = resolveFeedImages(listing.images);
    if (image) return [['og:image', absolute(site, image)]];
  }
  return [];
}

function breadcrumbNav(crumbs: readonly Crumb[]): string {
  if (crumbs.length === 0) return '';
  const all = [{ name: PAGE_TEXTS.homeShort, path: '/' }, ...crumbs];
  const items = all
    .map((crumb, index) =>
      index === all.length - 1
        ? `<li aria-current="page">${escapeHtml(crumb.name)}</li>`
        : `<li><a href="${escapeHtml(crumb.path)}">${escapeHtml(crumb.name)}</a></li>`,
    )
    .join('');
  return `<nav class="pp-crumbs" aria-label="${PAGE_TEXTS.breadcrumb}"><ol>${items}</ol></nav>`;
}

/**
 * A list page: breadcrumb (category pages), heading, the place of the app's toolbar (chips,
 * count, filter and sort) and the cards; `empty` is said when there are none.
 */
export function drawList(
  crumbs: readonly Crumb[],
  heading: string,
  feed: ListingList,
  now: Date,
  empty: string | null = null,
): string {
  const toolbar = crumbs.length > 0 ? 'pp-toolbar' : 'pp-toolbar pp-toolbar-search';
  const none = empty ? `<p class="pp-empty">${escapeHtml(empty)}</p>` : '';
  return `<div class="hp pp-list">${breadcrumbNav(crumbs)}<h1 class="hp-h1">${escapeHtml(heading)}</h1><div class="${toolbar}"></div>${none}${listingGrid(feed.listings, now)}</div>`;
}

const MONTH_YEAR = new Intl.DateTimeFormat('de-DE', {
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Berlin',
});

export function drawListing(listing: Listing, status: string, price: string, place: string): string {
  const banner =
    status === 'active' ? '' : `<p class="lp-banner">${PAGE_TEXTS.status[status] ?? PAGE_TEXTS.gone}</p>`;
  const [cover, ...more] = resolveFeedImages(listing.images);
  const gallery = cover
    ? `<div class="lp-gallery"><img src="${escapeHtml(cover)}" alt="${escapeHtml(listing.title)}" loading="eager" fetchpriority="high" decoding="async"></div>${more.length > 0 ? `<p class="lp-more">+${more.length}</p>` : ''}`
    : '';
  const title = `${listing.offer_type === 'wanted' ? `${OFFER_TYPE_TEXTS.wanted}: ` : ''}${listing.title}`;
  const since = MONTH_YEAR.format(new Date(listing.seller.member_since));
  return (
    // No breadcrumb here: the app's ad page has none (the JSON-LD carries the category path).
    `<div class="lp">${banner}<div class="lp-grid">` +
    `<div class="lp-media">${gallery}</div>` +
    `<div class="lp-summary"><h1 class="lp-title">${escapeHtml(title)}</h1>` +
    (price ? `<p class="lp-price">${escapeHtml(price)}</p>` : '') +
    `<p class="lp-meta">${escapeHtml(place)}</p><div class="lp-actions"></div></div>` +
    `<section class="lp-seller"><h2>${PAGE_TEXTS.seller}</h2><p class="lp-seller-name">${escapeHtml(listing.seller.name)}</p><p class="lp-meta">${escapeHtml(PAGE_TEXTS.memberSince(since))}</p></section>` +
    `<section class="lp-details"><h2>${PAGE_TEXTS.description}</h2><p class="lp-description">${escapeHtml(listing.description)}</p></section>` +
    '</div></div>'
  );
}

/**
 * The list pages' extras over the home page's look: the breadcrumb, the toolbar's place, and the
 * room the app keeps free beside the heading for 'Suche speichern' (`SAVE_SEARCH_ROOM` of
 * `apps/web/src/features/saved-searches`).
 */
const LIST_CSS = `
.pp-crumbs ol{list-style:none;margin:0 0 8px;padding:0;display:flex;flex-wrap:wrap;gap:8px;font-size:.875rem;line-height:1.5;color:#56625d}
.pp-crumbs li+li::before{content:"/";margin-right:8px}
.pp-crumbs li[aria-current]{color:#1d2522}
.pp-crumbs a{color:inherit;text-decoration:none}
.pp-list .hp-h1{margin-top:0;font-size:1.4rem;padding-right:40px}
.pp-toolbar{height:148.5px}
.pp-toolbar-search{height:100.5px}
.pp-empty{margin:0 0 16px;color:#56625d}
@media (min-width:900px){.pp-list{padding-left:328px}.pp-list .hp-h1{font-size:1.75rem;padding-right:176px}.pp-toolbar{height:116px}.pp-toolbar-search{height:68px}}
`.trim();

export const LIST_PAGE_CSS = `${PREVIEW_CSS}\n${LIST_CSS}`;

/**
 * The ad page's look before the app: the app's layout (`features/listings/ListingPage.tsx`):
 * one column on phones (gallery, summary, seller, description), from 900 px the gallery
 * beside a 360 px column with the summary and the seller.
 */
export const LISTING_CSS = `
.lp{max-width:1200px;margin:0 auto;padding:16px;box-sizing:border-box;color:#1d2522}
.lp-banner{margin:0 0 16px;padding:12px 16px;border-radius:4px;background:#e5f6fd;font-weight:600}
.lp-grid{display:grid;gap:16px 24px;grid-template-columns:minmax(0,1fr);grid-template-areas:"media" "summary" "details" "seller";align-items:start}
.lp-media{grid-area:media;min-width:0}
.lp-gallery{aspect-ratio:4/3;background:#eee;border-radius:12px;overflow:hidden}
.lp-gallery img{display:block;width:100%;height:100%;object-fit:contain}
.lp-more{margin:4px 0 0;color:#56625d;font-size:.875rem}
.lp-summary{grid-area:summary;min-width:0}
.lp-title{margin:0;font-size:1.4rem;line-height:1.167;font-weight:700;overflow-wrap:break-word;hyphens:auto}
.lp-price{margin:4px 0 0;font-size:1.375rem;line-height:1.4;font-weight:700;color:#004d40}
.lp-meta{margin:4px 0 0;color:#56625d;font-size:1rem;line-height:1.75}
.lp-actions{height:194px;margin-top:16px}
.lp-seller{grid-area:seller;min-width:0;border:1px solid rgba(0,0,0,.12);border-radius:12px;padding:16px;background:#fff}
.lp-seller h2{margin:0 0 8px;font-size:.75rem;font-weight:400;text-transform:uppercase;letter-spacing:.08em}
.lp-details h2{margin:0 0 8px;font-size:1.5rem}
.lp-seller-name{margin:0 0 4px;font-weight:600}
.lp-details{grid-area:details;min-width:0}
.lp-description{margin:0;white-space:pre-wrap;overflow-wrap:break-word;hyphens:auto;line-height:1.7}
@media (min-width:900px){.lp{padding:24px}.lp-grid{grid-template-columns:minmax(0,1fr) 360px;grid-template-areas:"media summary" "media seller" "details seller"}.lp-title{font-size:1.875rem}}
`.trim();
