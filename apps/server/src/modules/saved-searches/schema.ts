import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../users/schema.ts';

/**
 * Saved searches with alerts ('Suchaufträge', contract `saved-searches.ts`): a member's filters of
 * the ad lists, as text by parameter name. `filters_key` is the SHA-256 of their canonical JSON,
 * unique per member, so the same filters are saved once. `frequency` says how new matches are
 * told (contract `SAVED_SEARCH_FREQUENCIES`): `instant` when a matching ad goes online (the
 * reaction to `listing.created`, `instant.ts`), `daily` by the check of the ads posted after
 * `last_checked_at` once a day (`alerts.ts`, which moves it forward in the same transaction),
 * `off` not at all. `category_id` is the category filter's id (null: every category), so that a
 * new ad meets only the instant searches of its own categories. The rows go with the member's
 * account.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    filters: jsonb('filters').$type<Record<string, string>>().notNull(),
    filtersKey: text('filters_key').notNull(),
    frequency: text('frequency', { enum: ['instant', 'daily', 'off'] })
      .notNull()
      .default('instant'),
    categoryId: integer('category_id'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('saved_searches_user_filters_idx').on(table.userId, table.filtersKey),
    index('saved_searches_user_created_idx').on(table.userId, table.createdAt.desc()),
    index('saved_searches_due_idx').on(table.lastCheckedAt).where(sql`${table.frequency} = 'daily'`),
    index('saved_searches_instant_idx').on(table.categoryId).where(sql`${table.frequency} = 'instant'`),
    check('saved_searches_frequency_check', sql`${table.frequency} in ('instant', 'daily', 'off')`),
  ],
);

export type SavedSearchRow = typeof savedSearches.$inferSelect;

/**
 * The ads already told to a member by an instant alert: one row per member and ad, written in the
 * same transaction as the notification, so that an ad matching two of a member's searches, or a
 * reaction run again after a crash, is told once. The rows go with the member's account.
 */
export const savedSearchMatches = pgTable(
  'saved_search_matches',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: uuid('listing_id').notNull(),
    savedSearchId: uuid('saved_search_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.listingId] })],
);
