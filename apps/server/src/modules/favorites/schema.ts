import { index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { listings } from '../listings/schema.ts';
import { users } from '../users/schema.ts';

/** Saved ads (SPEC.md §3 "Favorite"); each ad's `favorites_count` is kept in step with this. */
export const favorites = pgTable(
  'favorites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.listingId] }),
    index('favorites_listing_idx').on(table.listingId),
    index('favorites_user_created_idx').on(table.userId, table.createdAt.desc()),
  ],
);
