import {
  ANALYTICS_TOP_LIMIT,
  type Analytics,
  type AnalyticsDay,
  type AnalyticsFigures,
  type AnalyticsListing,
  type AnalyticsSource,
  type ListingAnalytics,
  VIEW_SOURCES,
  type ViewSource,
} from '@marketplace/contract';
import { and, between, desc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { berlinDay } from '../../lib/berlin-time.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { findListingSeller, listSellerAdTitles } from '../listings/index.ts';
import { type Actor, isAdmin } from '../users/index.ts';
import { listingContacts, listingDailyStats } from './schema.ts';

/** Most own ads `GET /api/analytics` names for the per-ad view. */
export const ANALYTICS_LISTINGS_LIMIT = 500;

/** The `days` days up to and including the Berlin day of `now`, oldest first (`YYYY-MM-DD`). */
export function rangeDays(days: number, now: Date = new Date()): string[] {
  const today = new Date(`${berlinDay(now)}T12:00:00Z`);
  return Array.from({ length: days }, (_, index) => {
    const day = new Date(today);
    day.setUTCDate(today.getUTCDate() - (days - 1 - index));
    return day.toISOString().slice(0, 10);
  });
}

/** The counter column of each source in `listing_daily_stats`. */
const SOURCE_COLUMNS = {
  search: listingDailyStats.viewsSearch,
  category: listingDailyStats.viewsCategory,
  home: listingDailyStats.viewsHome,
  alert: listingDailyStats.viewsAlert,
  external: listingDailyStats.viewsExternal,
  direct: listingDailyStats.viewsDirect,
} as const satisfies Record<ViewSource, unknown>;

const SOURCE_KEYS = {
  search: 'viewsSearch',
  category: 'viewsCategory',
  home: 'viewsHome',
  alert: 'viewsAlert',
  external: 'viewsExternal',
  direct: 'viewsDirect',
} as const satisfies Record<ViewSource, keyof typeof listingDailyStats.$inferInsert>;

type Counter = 'views' | 'favorites' | 'contacts';

/**
 * Adds one to `counter` of ad `listingId` on Berlin day `day` (default today; and, for a view,
 * to its `source`) with one upsert; the row is created on the ad's first figure of the day.
 * Counts nothing for an ad that is gone (deleted before the reaction ran).
 */
async function countOne(
  tx: Database,
  listingId: string,
  counter: Counter,
  source?: ViewSource,
  day: string = berlinDay(),
): Promise<void> {
  const ad = await findListingSeller(tx, listingId);
  if (!ad) return;
  const column = source ? SOURCE_KEYS[source] : undefined;
  const values = { listingId, sellerId: ad.sellerId, day, [counter]: 1 };
  const set: Record<string, SQL> = { [counter]: sql`${listingDailyStats[counter]} + 1` };
  if (source && column) {
    Object.assign(values, { [column]: 1 });
    set[column] = sql`${SOURCE_COLUMNS[source]} + 1`;
  }
  await tx
    .insert(listingDailyStats)
    .values(values)
    .onConflictDoUpdate({ target: [listingDailyStats.listingId, listingDailyStats.day], set });
}

/**
 * A counted view of an ad (reaction to `listing.viewed`, which the listings module emits once
 * per visitor and Berlin day, never for the seller's own visits): one view from `source`
 * (unknown or absent sources count as direct) on the Berlin `day` it was counted for, so a
 * reaction that runs after midnight still counts it on its day (absent: today).
 */
export async function countListingView(
  tx: Database,
  listingId: string,
  source: string | undefined,
  day: string | undefined,
) {
  const known = VIEW_SOURCES.find((name) => name === source) ?? 'direct';
  await countOne(tx, listingId, 'views', known, day);
}

/** A member saved the ad (reaction to `favorite.added`): one favourite today. */
export async function countListingFavorite(tx: Database, listingId: string) {
  await countOne(tx, listingId, 'favorites');
}

/**
 * A chat message about an ad (reaction to `message.created`): a contact today when its sender is
 * not the ad's seller and never wrote about the ad before (`listing_contacts`).
 */
export async function countListingContact(tx: Database, listingId: string, senderId: string) {
  const ad = await findListingSeller(tx, listingId);
  if (!ad || ad.sellerId === senderId) return;
  const first = await tx
    .insert(listingContacts)
    .values({ listingId, buyerId: senderId })
    .onConflictDoNothing()
    .returning({ listingId: listingContacts.listingId });
  if (first.length > 0) await countOne(tx, listingId, 'contacts');
}

const figureColumns = {
  views: sql<number>`coalesce(sum(${listingDailyStats.views}), 0)::int`,
  favorites: sql<number>`coalesce(sum(${listingDailyStats.favorites}), 0)::int`,
  contacts: sql<number>`coalesce(sum(${listingDailyStats.contacts}), 0)::int`,
};

const sourceColumns = Object.fromEntries(
  VIEW_SOURCES.map((source) => [source, sql<number>`coalesce(sum(${SOURCE_COLUMNS[source]}), 0)::int`]),
) as Record<ViewSource, SQL<number>>;

/** The figures, day by day and by source, of the rows `where` selects over `days`. */
async function readSeries(
  db: Database,
  where: SQL | undefined,
  days: string[],
): Promise<{ totals: AnalyticsFigures; daily: AnalyticsDay[]; sources: AnalyticsSource[] }> {
  const [perDay, [bySource]] = await Promise.all([
    db
      .select({ day: listingDailyStats.day, ...figureColumns })
      .from(listingDailyStats)
      .where(where)
      .groupBy(listingDailyStats.day),
    db.select(sourceColumns).from(listingDailyStats).where(where),
  ]);
  const byDay = new Map(perDay.map((row) => [row.day, row]));
  const daily = days.map((date) => {
    const row = byDay.get(date);
    return {
      date,
      views: row?.views ?? 0,
      favorites: row?.favorites ?? 0,
      contacts: row?.contacts ?? 0,
    };
  });
  const totals = daily.reduce(
    (sum, day) => ({
      views: sum.views + day.views,
      favorites: sum.favorites + day.favorites,
      contacts: sum.contacts + day.contacts,
    }),
    { views: 0, favorites: 0, contacts: 0 },
  );
  const sources = VIEW_SOURCES.map((source) => ({ source, views: bySource?.[source] ?? 0 }));
  return { totals, daily, sources };
}

/**
 * `GET /api/analytics` (/analytics): the figures of all of `sellerId`'s ads over the last `days`
 * Berlin days, today included: totals, each day (zeros included), views by source, the ads
 * ranked by views and by contacts (at most {@link ANALYTICS_TOP_LIMIT}, those with any), and
 * the seller's ads for the per-ad view (newest first, at most {@link ANALYTICS_LISTINGS_LIMIT}).
 * @param days 7, 30 or 90
 */
export async function readSellerAnalytics(db: Database, sellerId: string, days: number): Promise<Analytics> {
  const range = rangeDays(days);
  const from = range[0] ?? berlinDay();
  const to = range[range.length - 1] ?? from;
  const where = and(eq(listingDailyStats.sellerId, sellerId), between(listingDailyStats.day, from, to));
  const ranked = (order: SQL<number>) =>
    db
      .select({ id: listingDailyStats.listingId, ...figureColumns })
      .from(listingDailyStats)
      .where(where)
      .groupBy(listingDailyStats.listingId)
      .having(gt(order, 0))
      .orderBy(desc(order), listingDailyStats.listingId)
      .limit(ANALYTICS_TOP_LIMIT);
  const [series, byViews, byContacts, titles] = await Promise.all([
    readSeries(db, where, range),
    ranked(figureColumns.views),
    ranked(figureColumns.contacts),
    listSellerAdTitles(db, sellerId, ANALYTICS_LISTINGS_LIMIT),
  ]);
  const titleOf = new Map(titles.map((ad) => [ad.id, ad.title]));
  const named = (rows: (AnalyticsFigures & { id: string })[]): AnalyticsListing[] =>
    rows.map((row) => ({ ...row, title: titleOf.get(row.id) ?? '' }));
  return {
    days,
    from,
    to,
    ...series,
    top_by_views: named(byViews),
    top_by_contacts: named(byContacts),
    listings: titles,
  };
}

/**
 * `GET /api/analytics/listings/{id}`: the figures of one ad over the last `days` Berlin days,
 * for its seller and ADMINs.
 * @throws AppError listing_not_found (404) for an unknown ad or one of another member (so others
 *   cannot even learn that it exists)
 */
export async function readListingAnalytics(
  db: Database,
  actor: Actor,
  listingId: string,
  days: number,
): Promise<ListingAnalytics> {
  if (!isUuid(listingId)) throw new AppError('listing_not_found');
  const ad = await findListingSeller(db, listingId);
  if (!ad || (ad.sellerId !== actor.id && !isAdmin(actor))) throw new AppError('listing_not_found');
  const range = rangeDays(days);
  const from = range[0] ?? berlinDay();
  const to = range[range.length - 1] ?? from;
  const where = and(eq(listingDailyStats.listingId, listingId), between(listingDailyStats.day, from, to));
  const series = await readSeries(db, where, range);
  return { days, from, to, listing: { id: listingId, title: ad.title }, ...series };
}
