import {
  CARD_COVER,
  CATEGORY_FALLBACK_ICON,
  type CategoriesResponse,
  type Category,
  categoriesResponseSchema,
  coverImageUrl,
  FEED_PAGE_SIZE,
  formatPrice,
  HOME_TEXTS,
  type Listing,
  type ListingList,
  listingListSchema,
  listingQuerySchema,
  OFFER_TYPE_TEXTS,
  relativeTimeShort,
  softHyphenate,
} from '@marketplace/contract';
import escapeHtml from 'escape-html';
import { type PublicAnswerCache, queryKey } from '../../lib/public-answers.ts';
import type { ListingReadDeps } from './deps.ts';
import { listListings } from './search.ts';

/** The home page's first content, ready to go into `index.html` (see `plugins/web-app.ts`). */
export interface HomePreview {
  /** Markup shown until the app has started: the category strip and the first ads. */
  html: string;
  /** Its style sheet (`PREVIEW_CSS`), for a `<style>` element in the page's head. */
  css: string;
  /**
   * `{"feed": <GET /api/listings?sort=newest&limit=20>, "categories": <GET /api/categories/all>}`
   * as JSON text that is safe inside a `<script type="application/json">` element.
   */
  data: string;
}

/** Ads of the first screen whose images load at once (the web app's grid does the same). */
const EAGER_IMAGES = 4;

/**
 * The first HTML of the home page: the newest 20 ads and the categories as
 * plain markup, painted before any script has arrived, plus the same answers as JSON for the
 * app, which shows them without asking the API again (`apps/web/src/app/routes.tsx`
 * `preloadPage`). The ads come from the cache of public answers, so the page costs no query of
 * its own under load; the page itself is drawn again only when the ads, the category counts or
 * the minute of the relative dates changed. Everything the ads' authors wrote is escaped.
 * One per listings plugin, which owns the caches it reads.
 */
export class HomePreviewer {
  /** The last page drawn, with what it was drawn from. */
  private drawn: {
    feedJson: string;
    counts: Map<number, number>;
    minute: number;
    preview: HomePreview;
  } | null = null;

  private readonly deps: ListingReadDeps;
  private readonly answers: PublicAnswerCache;
  /** Active ads per category id (cached by the plugin; a new Map after every change). */
  private readonly counts: () => Promise<Map<number, number>>;

  constructor(deps: ListingReadDeps, answers: PublicAnswerCache, counts: () => Promise<Map<number, number>>) {
    this.deps = deps;
    this.answers = answers;
    this.counts = counts;
  }

  /**
   * The preview as of `now`.
   * @param now the time the relative dates are counted from
   */
  async preview(now = new Date()): Promise<HomePreview> {
    const deps = this.deps;
    const query = listingQuerySchema.parse({ sort: 'newest', limit: String(FEED_PAGE_SIZE) });
    const feedJson = await this.answers.answer(listingListSchema, queryKey('listings', query), () =>
      listListings(deps, query, null),
    );
    const counts = await this.counts();
    const minute = Math.floor(now.getTime() / 60_000);
    const last = this.drawn;
    if (last && last.feedJson === feedJson && last.counts === counts && last.minute === minute) {
      return last.preview;
    }
    const preview = draw(feedJson, { categories: deps.categories.withCounts(counts) }, now);
    this.drawn = { feedJson, counts, minute, preview };
    return preview;
  }
}

function draw(feedJson: string, categories: CategoriesResponse, now: Date): HomePreview {
  const categoriesJson = JSON.stringify(categoriesResponseSchema.encode(categories));
  const feed = JSON.parse(feedJson) as ListingList;
  return {
    css: PREVIEW_CSS,
    html: `<div class="hp">${strip(categories.categories)}<h1 class="hp-h1">${HOME_TEXTS.latest}</h1><div class="hp-toolbar"></div>${listingGrid(feed.listings, now)}</div>`,
    // '<' only occurs inside JSON strings, where \u003c reads the same: no '</script>' can close the element.
    data: `{"feed":${feedJson},"categories":${categoriesJson}}`.replaceAll('<', '\\u003c'),
  };
}

function strip(categories: readonly Category[]): string {
  const tiles = categories
    .map(
      (category) =>
        `<a class="hp-tile" href="/category/${encodeURIComponent(category.slug)}" title="${escapeHtml(category.name)}"><span class="hp-icon" aria-hidden="true">${escapeHtml(category.icon || CATEGORY_FALLBACK_ICON)}</span><span class="hp-label">${escapeHtml(category.short_name || category.name)}</span></a>`,
    )
    .join('');
  return `<nav class="hp-strip" aria-label="${HOME_TEXTS.categoryStrip}">${tiles}</nav>`;
}

/**
 * Ads as the cards of the app's grid (plain links, escaped text, sized covers; the first four
 * covers load at once), styled by `PREVIEW_CSS`. Also the category and search pages' first HTML.
 * @param now the time the relative dates are counted from
 */
export function listingGrid(listings: readonly Listing[], now: Date): string {
  const cards = listings.map((listing, index) => `<li>${card(listing, index < EAGER_IMAGES, now)}</li>`);
  return `<ul class="hp-grid">${cards.join('')}</ul>`;
}

function card(listing: Listing, eager: boolean, now: Date): string {
  const image = coverImageUrl(listing.images);
  const title = `${listing.offer_type === 'wanted' ? `${OFFER_TYPE_TEXTS.wanted}: ` : ''}${listing.title}`;
  const place = [listing.postal_code, listing.location].filter(Boolean).join(' ');
  const loading = eager ? 'loading="eager" fetchpriority="high"' : 'loading="lazy"';
  return (
    `<article class="hp-card"><a href="/listing/${encodeURIComponent(listing.id)}">` +
    `<span class="hp-media"><img src="${escapeHtml(image)}" alt="${escapeHtml(listing.title)}" width="${CARD_COVER.width}" height="${CARD_COVER.height}" ${loading} decoding="async"></span>` +
    `<span class="hp-body"><span class="hp-price">${escapeHtml(formatPrice(listing.price, listing.price_type))}</span>` +
    `<span class="hp-title">${escapeHtml(softHyphenate(title))}</span>` +
    `<span class="hp-meta hp-bottom">${escapeHtml(place)}</span>` +
    `<span class="hp-meta"><time datetime="${escapeHtml(listing.created_at)}">${escapeHtml(relativeTimeShort(new Date(listing.created_at), now))}</time></span>` +
    '</span></a></article>'
  );
}

/**
 * The preview's look: the home page's layout at each breakpoint (xs < 600 px, sm, md ≥ 900 px,
 * lg ≥ 1200 px), with the ad cards of `apps/web/src/components/ListingCard.module.css` and
 * their covers in the contract's `CARD_COVER` shape. The
 * toolbar's place is kept free, so the ads sit about where the app will draw them.
 */
export const PREVIEW_CSS = `
.hp{padding:16px 16px 0;box-sizing:border-box;color:#1d2522}
.hp-strip{display:flex;gap:8px;overflow-x:auto;padding:4px 16px;margin:0 -16px;min-height:88px;box-sizing:border-box;scrollbar-width:none}
.hp-tile{flex:0 0 auto;width:64px;height:80px;display:flex;flex-direction:column;align-items:center;gap:4px;color:#1d2522;text-decoration:none}
.hp-icon{width:52px;height:52px;border-radius:15px;background:#e0f2f1;display:grid;place-items:center;font-size:26px;line-height:1}
.hp-label{font-size:.7rem;line-height:1.2;width:100%;text-align:center;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.hp-h1{margin:16px 0 0;font-size:1.3rem;line-height:1.167;font-weight:700}
.hp-toolbar{height:152px}
.hp-grid{list-style:none;margin:0;padding:0;display:grid;gap:10px;grid-template-columns:repeat(2,minmax(0,1fr))}
.hp-card{height:100%;box-sizing:border-box;overflow:hidden;background:#fff;border:1px solid rgba(0,0,0,.12);border-radius:10px}
.hp-card a{height:100%;display:flex;flex-direction:column;color:inherit;text-decoration:none}
.hp-media{position:relative;display:block;flex-shrink:0;aspect-ratio:${CARD_COVER.aspectRatio};overflow:hidden;background:#eee}
.hp-media img{position:absolute;inset:0;display:block;width:100%;height:100%;object-fit:${CARD_COVER.fit}}
.hp-body{padding:12px;display:flex;flex-direction:column;gap:2px;flex-grow:1}
.hp-price{display:block;min-height:1.5em;font-size:1rem;line-height:1.5;font-weight:700;color:#004d40}
.hp-title{font-size:.875rem;line-height:1.43;font-weight:500;min-height:2.86em;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden;hyphens:auto;overflow-wrap:break-word}
.hp-meta{font-size:.75rem;line-height:1.66;color:#56625d;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.hp-bottom{margin-top:auto}
@media (min-width:600px){.hp{padding:16px 24px 0}.hp-strip{margin:0;padding:4px 0}.hp-toolbar{height:108px}.hp-grid{gap:16px;grid-template-columns:repeat(3,minmax(0,1fr))}}
@media (min-width:900px){.hp{padding-top:24px}.hp-h1{margin-top:24px;font-size:1.6rem}.hp-toolbar{height:64px}.hp-grid{grid-template-columns:repeat(4,minmax(0,1fr))}}
@media (min-width:1200px){.hp-toolbar{height:26px}.hp-grid{grid-template-columns:repeat(5,minmax(0,1fr))}}
`.trim();
