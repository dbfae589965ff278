import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { chatConversations } from '../chat/schema.ts';
import { users } from '../users/schema.ts';

/**
 * Ratings members give each other after a conversation about an ad; one per rater and
 * conversation. The chat takes them (`POST /api/chat/conversations/{id}/rating`, with its rules);
 * the table keeps the name it was created with.
 */
export const chatRatings = pgTable(
  'chat_ratings',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    raterId: uuid('rater_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rateeId: uuid('ratee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stars: smallint('stars').notNull(),
    text: text('text'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.raterId, table.conversationId] }),
    index('chat_ratings_ratee_idx').on(table.rateeId),
    check('chat_ratings_stars', sql`${table.stars} between 1 and 5`),
  ],
);

export type RatingRow = typeof chatRatings.$inferSelect;
