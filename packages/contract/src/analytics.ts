import { z } from 'zod';

/**
 * Seller analytics (/analytics, SPEC.md §2 "Logged in only": Analytics): views, favourites and
 * chat contacts of the member's own ads per day (Europe/Berlin days), and where the views came
 * from. The area's details are not shown in SPEC.md, so this is what a classifieds seller needs.
 */

/**
 * Where a counted view came from: the search results, a category page, the home feed, a
 * saved-search alert, an outside link (another site) or direct (typed, bookmarked, anything else).
 */
export const VIEW_SOURCES = ['search', 'category', 'home', 'alert', 'external', 'direct'] as const;
export type ViewSource = (typeof VIEW_SOURCES)[number];

/** The hints a view request may carry (`GET /api/listings/{id}?src=`); without one it is direct. */
export const VIEW_SOURCE_HINTS = ['search', 'category', 'home', 'alert', 'external'] as const;
export const viewSourceHintSchema = z.enum(VIEW_SOURCE_HINTS, {
  error: 'Unbekannte Herkunft des Aufrufs (search, category, home, alert oder external).',
});
export type ViewSourceHint = z.infer<typeof viewSourceHintSchema>;

/** The sources' German names: on /analytics and in the CSV. */
export const VIEW_SOURCE_NAMES: Record<ViewSource, string> = {
  search: 'Suche',
  category: 'Kategorie',
  home: 'Startseite',
  alert: 'Suchauftrag',
  external: 'Externer Link',
  direct: 'Direkt',
};

/** The ranges /analytics offers, in days up to and including today. */
export const ANALYTICS_RANGES = [7, 30, 90] as const;

/** `GET /api/analytics` (and the per-ad and CSV calls) query: the range, 30 days unless given. */
export const analyticsQuerySchema = z.object({
  days: z
    .enum(['7', '30', '90'], { error: 'Bitte wähle einen Zeitraum von 7, 30 oder 90 Tagen.' })
    .default('30'),
});
export type AnalyticsQuery = z.input<typeof analyticsQuerySchema>;

/** `GET /api/analytics/csv` query: the range and optionally one own ad. */
export const analyticsCsvQuerySchema = analyticsQuerySchema.extend({
  listing: z.uuid({ error: 'Bitte wähle eine deiner Anzeigen.' }).optional(),
});
export type AnalyticsCsvQuery = z.input<typeof analyticsCsvQuerySchema>;

/** Views, favourites (an ad saved) and chat contacts (a buyer's first message about the ad). */
export const analyticsFiguresSchema = z.object({
  views: z.number().int(),
  favorites: z.number().int(),
  contacts: z.number().int(),
});
export type AnalyticsFigures = z.infer<typeof analyticsFiguresSchema>;

/** One day of the range (`YYYY-MM-DD`, Europe/Berlin), zeros included. */
export const analyticsDaySchema = analyticsFiguresSchema.extend({ date: z.string() });
export type AnalyticsDay = z.infer<typeof analyticsDaySchema>;

/** The views of the range from one source. */
export const analyticsSourceSchema = z.object({ source: z.enum(VIEW_SOURCES), views: z.number().int() });
export type AnalyticsSource = z.infer<typeof analyticsSourceSchema>;

/** One ad with its figures over the range. */
export const analyticsListingSchema = analyticsFiguresSchema.extend({ id: z.string(), title: z.string() });
export type AnalyticsListing = z.infer<typeof analyticsListingSchema>;

/** How many ads each ranking of `GET /api/analytics` names at most. */
export const ANALYTICS_TOP_LIMIT = 10;

/**
 * `GET /api/analytics`: the caller's ads over the last `days` days (`from`..`to`, today
 * included): totals, each day, the sources of the views, the ads ranked by views and by
 * contacts (at most {@link ANALYTICS_TOP_LIMIT}, only ads with any), and every own ad for the
 * per-ad view (newest first, at most 500).
 */
export const analyticsSchema = z.object({
  days: z.number().int(),
  from: z.string(),
  to: z.string(),
  totals: analyticsFiguresSchema,
  daily: z.array(analyticsDaySchema),
  sources: z.array(analyticsSourceSchema),
  top_by_views: z.array(analyticsListingSchema),
  top_by_contacts: z.array(analyticsListingSchema),
  listings: z.array(z.object({ id: z.string(), title: z.string() })),
});
export type Analytics = z.infer<typeof analyticsSchema>;

/** `GET /api/analytics/listings/{id}`: one ad over the last `days` days. */
export const listingAnalyticsSchema = z.object({
  days: z.number().int(),
  from: z.string(),
  to: z.string(),
  listing: z.object({ id: z.string(), title: z.string() }),
  totals: analyticsFiguresSchema,
  daily: z.array(analyticsDaySchema),
  sources: z.array(analyticsSourceSchema),
});
export type ListingAnalytics = z.infer<typeof listingAnalyticsSchema>;

/** `GET /api/listings/{id}` query: where the visitor opened the ad from (SPEC.md §3 `views`). */
export const listingViewQuerySchema = z.object({ src: viewSourceHintSchema.optional() });
export type ListingViewQuery = z.infer<typeof listingViewQuerySchema>;
