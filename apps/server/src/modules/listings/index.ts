import {
  entityTypeSchema,
  type Listing,
  type MyListingsBulkAction,
  type MyListingsBulkResult,
} from '@marketplace/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { CountCache } from '../../lib/count-cache.ts';
import { CountedToday } from '../../lib/counted-today.ts';
import { PublicAnswerCache } from '../../lib/public-answers.ts';
import type { Actor } from '../users/index.ts';
import { changeOwnListings } from './bulk.ts';
import type { ListingDeps } from './deps.ts';
import { ENTITY_RANKING_MS, type RankedMember } from './entities.ts';
import { sendExpiryReminders } from './expiry-reminders.ts';
import { listingReportTarget } from './moderation.ts';
import { PublicPages } from './public-pages.ts';
import { pruneViews } from './queries.ts';
import listingRoutes from './routes.ts';
import { TOTAL_CACHE_MS } from './search.ts';
import { chooseSearchIndex, type SearchIndex } from './search-index.ts';
import { SellerShops } from './seller-shops.ts';
import { updateListing } from './service.ts';
import { Sitemaps } from './sitemap.ts';
import { countActiveListingsByCategory } from './stats.ts';
import { CORRECTION_CACHE_MS } from './terms.ts';
import { MAX_CAPPED_ADDRESSES } from './views.ts';
import '../users/events.ts';
import './events.ts';

/**
 * The listings module's only door (ARCHITECTURE.md "modules", docs/decisions/0006-module-doors.md):
 * ads, their search, counters, the first HTML of the home, ad, category and search pages, and the
 * sitemaps. Other modules import from
 * here, never from this folder's other files; they learn about changes from the events of
 * `events.ts` (published after commit).
 */
export { validateAttributes } from './attributes.ts';
export { EXPIRY_REMINDER_DAYS, sendExpiryReminders } from './expiry-reminders.ts';
export {
  announceModeration,
  findModeratedListings,
  type ModeratedListing,
  removeListingInTransaction,
  restoreListingInTransaction,
} from './moderation.ts';
/** Saved searches: their filters checked, and their new ads counted, through the ad search. */
export {
  checkSavedFilters,
  countNewMatches,
  filtersMatchingListing,
  listingCategoryIds,
} from './new-matches.ts';
export type { PageHead, PublicPage, SiteFacts } from './page-heads.ts';
export { canFavoriteListing, listingPermissions } from './policies.ts';
export type { PublicPages } from './public-pages.ts';
export {
  adjustFavoritesCount,
  releaseFavorites,
  selectListingSeller as findListingSeller,
  selectSellerAdTitles as listSellerAdTitles,
  visibleAdCountSql,
} from './queries.ts';
export { listMyListings, readListings } from './reading.ts';
/** Chooses the search index at start and builds or drops the text indexes to fit it. */
export { chooseSearchIndex } from './search-index.ts';
/** How many of the newest matches a relevance search ranks before it lists the older ones newest first. */
export { RELEVANCE_WINDOW } from './search-pages.ts';
export { readSellerOverview, type SellerAdRow, type SellerReportRow } from './seller-overview.ts';
export type { SellerShopLookup, SellerShops } from './seller-shops.ts';
/** A member's own ads as one table (/listings-old, /dashboard-old): a page, or all for the export. */
export {
  type ListingCountSql,
  readSellerTable,
  readSellerTableRows,
  type SellerTableFilter,
  type SellerTableQuery,
} from './seller-table.ts';
export { bumpListingInTransaction, removeListingsOfSeller } from './service.ts';
export type { SitemapFile, Sitemaps } from './sitemap.ts';
export { countActiveListings, countListingsByStatus, countNewListingsPerDay } from './stats.ts';
export { adjustTermsBulk } from './terms.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Status, head data and rendering data of the home, ad, category and search pages (served by
     * the web-app plugin; docs/decisions/0030-one-layout-rendered-on-the-server.md).
     */
    publicPages: PublicPages;
    /** `/sitemap.xml` and its files (served by the web-app plugin). */
    sitemaps: Sitemaps;
    /**
     * Marks an ad active, reserved or sold as `PATCH /api/listings/{id}` with `status` does
     * (seller or ADMIN; announced like any change). The chat reserves an ad this way when
     * its seller accepts a price offer.
     * @throws AppError listing_not_found (404), listing_forbidden (403)
     */
    setListingStatus(actor: Actor, id: string, status: 'active' | 'reserved' | 'sold'): Promise<Listing>;
    /**
     * One action (reserve, sold, extend, delete) on up to 500 of the actor's own ads in one
     * transaction, by the rules of the single-ad actions; each refused id with its German reason
     * (`bulk.ts`, the bulk actions of /listings-old).
     */
    changeOwnListings(
      actor: Actor,
      action: MyListingsBulkAction,
      ids: readonly string[],
    ): Promise<MyListingsBulkResult>;
  }
}

/** When counted views older than yesterday are pruned: hourly (cron, UTC). */
const PRUNE_CRON = '50 * * * *';
/** When sellers are reminded of ads ending within 7 days: hourly (cron, UTC). */
const EXPIRY_REMINDER_CRON = '20 * * * *';
/** How long the per-category counts of `GET /api/categories/all` are cached (ms). */
const CATEGORY_COUNTS_MS = 60_000;
/**
 * How long one ad's public answer is kept (ms). Every change of the ad, its favourites, its
 * views and its seller's profile forgets it at once (the events below); what the seller card
 * shows from other modules (ratings, the verification badge) may show this much later.
 */
export const AD_ANSWER_MS = 10_000;
/** The most ads whose answers are kept: an answer is 2–5 kB, so about 25 MB at most. */
const MAX_AD_ANSWERS = 5_000;

/** Options of the listings plugin (`app.register(listings, options)` in app.ts). */
export interface ListingsOptions {
  /** False computes every public answer (the bench times the queries that way). */
  publicAnswerCache?: boolean;
  /** The site's address and name, for the reminder mails. */
  site: { publicUrl: string; siteName: string };
  /** `gin` keeps the GIN plans where RUM is available (`SEARCH_INDEX`, `search-index.ts`). */
  searchIndex?: 'auto' | 'gin';
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The index text searches use, chosen at start (`chooseSearchIndex`); told by `/api/health/ready`. */
    searchIndex: SearchIndex;
    /**
     * The shops sellers' ads are shown as on the ad page; the shops module hands in its lookup at
     * start (`app.sellerShops.provide`).
     */
    sellerShops: SellerShops;
  }
}

/**
 * Registers the listings module: its routes, the caches it owns (public answers, totals,
 * category counts, spelling corrections, the home preview), the hourly pruning of counted views
 * and reminder mails for ads ending within 7 days (jobs once across the instances), and the
 * subscriptions that clear those caches on every instance when an ad, a favourite or a
 * member changes (`onEveryInstance`: each instance holds its own caches). Hands the
 * categories module the per-category counts.
 */
async function listingsModule(app: FastifyInstance, options: ListingsOptions) {
  const answers = new PublicAnswerCache(
    options.publicAnswerCache ?? true,
    app.caches.counts('listings.answers'),
  );
  // One ad's answer (`GET /api/listings/{id}`, its page) in a cache of its own: many more of them
  // are asked for than lists, and every change that shows in one arrives as an event below.
  const adAnswers = new PublicAnswerCache(
    options.publicAnswerCache ?? true,
    app.caches.counts('listings.ad_answers'),
    { ttlMs: AD_ANSWER_MS, maxEntries: MAX_AD_ANSWERS },
  );
  const totals = new CountCache<number>(TOTAL_CACHE_MS, 500, app.caches.counts('listings.totals'));
  const categoryCounts = new CountCache<Map<number, number>>(
    CATEGORY_COUNTS_MS,
    1,
    app.caches.counts('listings.category_counts'),
  );
  const corrections = new CountCache<string | null>(
    CORRECTION_CACHE_MS,
    1000,
    app.caches.counts('listings.corrections'),
  );
  const compounds = new CountCache<string[]>(
    CORRECTION_CACHE_MS,
    1000,
    app.caches.counts('listings.compounds'),
  );
  const searchIndex = await chooseSearchIndex(app.database, options.searchIndex ?? 'auto', app.log);
  app.decorate('searchIndex', searchIndex);
  const sellerShops = new SellerShops();
  app.decorate('sellerShops', sellerShops);
  const deps: ListingDeps = {
    db: app.database.db,
    searchIndex,
    concurrentReads: app.database.kind === 'postgres',
    categories: app.categories,
    totals,
    corrections,
    compounds,
    // Not cleared when ads change: grouping all ads runs at most once a minute per kind. One
    // entry per kind and one spare.
    entityRankings: new CountCache<RankedMember[]>(
      ENTITY_RANKING_MS,
      entityTypeSchema.options.length + 1,
      app.caches.counts('listings.entity_rankings'),
    ),
    storage: app.mediaStorage,
    viewSecret: app.deriveKey('listing-views'),
    events: app.events,
    countedViews: new CountedToday(),
    cappedAddresses: new LRUCache<string, number>({ max: MAX_CAPPED_ADDRESSES }),
    cards: app.memberCards,
    sellerShops,
  };
  const counts = () => categoryCounts.get('all', () => countActiveListingsByCategory(deps.db));

  const adsChanged = () => {
    answers.invalidate();
    adAnswers.invalidate();
    totals.invalidate();
    categoryCounts.invalidate();
    corrections.invalidate();
    compounds.invalidate();
  };
  const everyAnswer = () => {
    answers.invalidate();
    adAnswers.invalidate();
  };
  const unsubscribe = [
    app.events.onEveryInstance('listing.created', adsChanged),
    app.events.onEveryInstance('listing.updated', adsChanged),
    app.events.onEveryInstance('listing.status_changed', adsChanged),
    app.events.onEveryInstance('listing.deleted', adsChanged),
    // A seller's ads went with the account; a changed name or avatar shows on the seller card.
    app.events.onEveryInstance('user.deleted', adsChanged),
    app.events.onEveryInstance('user.updated', everyAnswer),
    // A suspended or banned seller's ads leave every public answer at once, and come back.
    app.events.onEveryInstance('member.sanctioned', adsChanged),
    app.events.onEveryInstance('member.sanction_lifted', adsChanged),
    // Favourite counts show in every list and on the ad page; totals and counts stay.
    app.events.onEveryInstance('favorite.added', everyAnswer),
    app.events.onEveryInstance('favorite.removed', everyAnswer),
    app.events.onEveryInstance('listing.viewed', (event) => adAnswers.forget(`listing|${event.listingId}`)),
  ];

  app.countListingsWith(counts);
  // Reported ads in the one moderation queue (docs/decisions/0023-one-reports-store.md).
  app.reportTargets.register(listingReportTarget);
  app.decorate('publicPages', new PublicPages(deps, { lists: answers, ads: adAnswers }, counts));
  app.decorate('sitemaps', new Sitemaps(deps.db, deps.categories, counts, app.caches));
  app.decorate('setListingStatus', (actor: Actor, id: string, status: 'active' | 'reserved' | 'sold') =>
    updateListing(deps, actor, id, { status }),
  );
  app.decorate('changeOwnListings', (actor: Actor, action: MyListingsBulkAction, ids: readonly string[]) =>
    changeOwnListings(deps, actor, action, ids),
  );

  // A job once across the instances (docs/decisions/0014-job-queue.md).
  await app.jobs.every('listings.prune-views', PRUNE_CRON, async () => {
    await pruneViews(deps.db);
  });
  await app.jobs.every('listings.expiry-reminders', EXPIRY_REMINDER_CRON, async () => {
    await sendExpiryReminders({ db: deps.db, mailer: app.mailer, ...options.site });
  });
  app.addHook('onClose', async () => {
    for (const stop of unsubscribe) stop();
  });

  await app.register(listingRoutes, { deps, answers, adAnswers });
}

export default fp(listingsModule, {
  name: 'listings',
  dependencies: [
    'database',
    'events',
    'auth',
    'users',
    'reports',
    'categories',
    'media-storage',
    'jobs',
    'mailer',
  ],
});
