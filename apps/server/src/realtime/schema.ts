import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../modules/users/schema.ts';

/**
 * Socket tickets (contract `socketTicketSchema`): single-use credentials for
 * `/ws/notifications?token=`, kept in the database so that any instance accepts a ticket
 * another one issued. Only the SHA-256 of a ticket is stored.
 */
export const socketTickets = pgTable(
  'socket_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (table) => [index('socket_tickets_expires_idx').on(table.expiresAt)],
);
