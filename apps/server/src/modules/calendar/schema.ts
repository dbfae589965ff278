import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/schema.ts';

/**
 * Each member's personal iCalendar subscription (contract `calendar.ts`): the secret `token` of
 * the feed address `/api/calendar/feed/{token}.ics`. Renewing replaces the token, so the old
 * address answers 404 at once. Kept in the clear like the address a calendar app stores: the
 * member can copy it again at /calendar (docs/decisions/0039-appointments-and-calendar.md).
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('calendar_feeds_token_idx').on(table.token)],
);
