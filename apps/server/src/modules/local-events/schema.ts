import { EVENT_CATEGORIES, EVENT_STATUSES } from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../users/schema.ts';

/**
 * Local events of /events (contract local-events.ts). Times are stored in UTC (`timestamptz`);
 * they are entered and shown in Europe/Berlin. The place is the postal code's centroid from the
 * places module, for the radius search. `participant_count` is kept with the participants in
 * one transaction, so the limit `max_participants` holds under parallel requests.
 */
export const localEvents = pgTable(
  'local_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizerId: uuid('organizer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    descriptionHtml: text('description_html').notNull(),
    category: text('category', { enum: EVENT_CATEGORIES }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true, precision: 3 }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, precision: 3 }).notNull(),
    postalCode: text('postal_code').notNull(),
    place: text('place').notNull(),
    address: text('address').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    priceCents: integer('price_cents').notNull().default(0),
    image: text('image'),
    maxParticipants: integer('max_participants'),
    participantCount: integer('participant_count').notNull().default(0),
    status: text('status', { enum: EVENT_STATUSES }).notNull().default('scheduled'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    check('local_events_status', sql`${table.status} in ('scheduled', 'cancelled')`),
    check('local_events_times', sql`${table.endsAt} > ${table.startsAt}`),
    check(
      'local_events_participants',
      sql`${table.maxParticipants} is null or ${table.participantCount} <= ${table.maxParticipants}`,
    ),
    index('local_events_ends_idx').on(table.endsAt, table.startsAt),
    index('local_events_geo_idx').on(table.latitude, table.longitude),
    index('local_events_organizer_idx').on(table.organizerId, table.startsAt),
  ],
);

/** Who takes part in which event ('Ich nehme teil'). */
export const localEventParticipants = pgTable(
  'local_event_participants',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => localEvents.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.userId] }),
    index('local_event_participants_user_idx').on(table.userId),
  ],
);

export type LocalEventRow = typeof localEvents.$inferSelect;
