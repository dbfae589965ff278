import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { listings } from '../listings/schema.ts';
import { users } from '../users/schema.ts';

/**
 * The seller analytics' counters (/analytics): one row per ad and Europe/Berlin day with the
 * counted views (as `listing_stats.views` counts them: once per visitor and day, never the
 * seller's own), how often the ad was saved and how many buyers wrote about it for the first
 * time, and the views split by where they came from (`VIEW_SOURCES`). Written only by the durable
 * reactions of the analytics module (docs/decisions/0022) with one upsert each. `seller_id` is
 * the ad's seller, so a member's figures are read without the ads' table.
 */
export const listingDailyStats = pgTable(
  'listing_daily_stats',
  {
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
    favorites: integer('favorites').notNull().default(0),
    contacts: integer('contacts').notNull().default(0),
    viewsSearch: integer('views_search').notNull().default(0),
    viewsCategory: integer('views_category').notNull().default(0),
    viewsHome: integer('views_home').notNull().default(0),
    viewsAlert: integer('views_alert').notNull().default(0),
    viewsExternal: integer('views_external').notNull().default(0),
    viewsDirect: integer('views_direct').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.listingId, table.day] }),
    index('listing_daily_stats_seller_day_idx').on(table.sellerId, table.day),
    check(
      'listing_daily_stats_counts',
      sql`${table.views} >= 0 and ${table.favorites} >= 0 and ${table.contacts} >= 0`,
    ),
  ],
);

/**
 * Buyers who wrote to the seller about an ad: a buyer's first message about the ad is one chat
 * contact in `listing_daily_stats`, later messages (also in a new conversation) are not.
 */
export const listingContacts = pgTable(
  'listing_contacts',
  {
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.listingId, table.buyerId] })],
);
