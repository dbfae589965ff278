import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/schema.ts';

/**
 * Saved searches with alerts ('Suchaufträge', contract `saved-searches.ts`): a member's filters of
 * the ad lists, as text by parameter name. `filters_key` is the SHA-256 of their canonical JSON,
 * unique per member, so the same filters are saved once. With `alerts` on, the hourly job
 * notifies of ads posted after `last_checked_at` and moves it forward in the same transaction.
 * The rows go with the member's account.
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
    alerts: boolean('alerts').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('saved_searches_user_filters_idx').on(table.userId, table.filtersKey),
    index('saved_searches_user_created_idx').on(table.userId, table.createdAt.desc()),
    index('saved_searches_due_idx').on(table.lastCheckedAt).where(sql`${table.alerts}`),
  ],
);

export type SavedSearchRow = typeof savedSearches.$inferSelect;
