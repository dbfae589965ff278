import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/schema.ts';

/** Who follows whom (SPEC.md §3 "Follow lists"); a follow ends with either account. */
export const follows = pgTable(
  'follows',
  {
    followerId: uuid('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followedId: uuid('followed_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.followerId, table.followedId] }),
    index('follows_followed_idx').on(table.followedId, table.createdAt),
    index('follows_follower_created_idx').on(table.followerId, table.createdAt),
    check('follows_not_self', sql`${table.followerId} <> ${table.followedId}`),
  ],
);
