import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Messages of the contact form (/faq-contact, `POST /api/contact`), read by the admins at
 * /admin. The sender agreed to their storing (`consent` of the form), so a row exists only
 * with that consent; the address is the one the sender gave, not an account's.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** One of the contract's `CONTACT_TOPICS`. */
    topic: text('topic').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [index('contact_messages_created_idx').on(table.createdAt.desc())],
);

export type ContactMessageRow = typeof contactMessages.$inferSelect;
