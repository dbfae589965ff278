import { NOTIFICATION_TYPES, type NotificationChannels, type NotificationType } from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { listings } from '../listings/schema.ts';
import { users } from '../users/schema.ts';

/**
 * Notifications of a member (SPEC.md §3 "Notification"). A row is unread while `read_at` is
 * null. `link` is the in-app path it opens. `related_user_id` (the follower, seller, saver or
 * sender) and `related_listing_id` become null when that member or ad is gone; the row stays.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    link: text('link').notNull(),
    relatedUserId: uuid('related_user_id').references(() => users.id, { onDelete: 'set null' }),
    relatedListingId: uuid('related_listing_id').references(() => listings.id, { onDelete: 'set null' }),
    readAt: timestamp('read_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    index('notifications_user_created_idx').on(table.userId, table.createdAt.desc(), table.id.desc()),
    index('notifications_user_unread_idx').on(table.userId).where(sql`${table.readAt} is null`),
    check(
      'notifications_type_check',
      sql.raw(`type in (${NOTIFICATION_TYPES.map((type) => `'${type}'`).join(', ')})`),
    ),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;

/**
 * Per member: the notification channels changed from the defaults (contract
 * `DEFAULT_NOTIFICATION_PREFERENCES`), and when the member was last online (a request or an
 * open socket), which decides whether a notification is also mailed (after 15 minutes away).
 * `digest`: whether the member gets the daily mail of missed notifications (`digest.ts`);
 * `last_digest_at`: the end of the window the last digest covered (null: none yet).
 */
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  preferences: jsonb('preferences')
    .$type<Partial<Record<NotificationType, Partial<NotificationChannels>>>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true, precision: 3 }),
  digest: boolean('digest').notNull().default(true),
  lastDigestAt: timestamp('last_digest_at', { withTimezone: true, precision: 3 }),
  updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});
