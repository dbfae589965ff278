import type { ChatWarning } from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { listings } from '../listings/schema.ts';
import { users } from '../users/schema.ts';

/**
 * Conversations between two members (contract `chat.ts`): about an ad (`buyer_id` wrote to the
 * ad's seller) or without one (`buyer_id` started it, `seller_id` is the other member).
 * `pair_key` makes starting idempotent: `l:<listing>:<buyer>` or `u:<smaller id>:<larger id>`;
 * it keeps an ad conversation apart from a direct one even after the ad is deleted
 * (`listing_id` then becomes null). The newest message is kept on the row for the list.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pairKey: text('pair_key').notNull(),
    listingId: uuid('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** Time of the newest message, or of the start while there is none. */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true, precision: 3 })
      .notNull()
      .defaultNow(),
    lastMessageId: uuid('last_message_id'),
    lastMessagePreview: text('last_message_preview'),
    lastMessageKind: text('last_message_kind'),
    lastMessageSenderId: uuid('last_message_sender_id'),
  },
  (table) => [
    uniqueIndex('chat_conversations_pair_key_idx').on(table.pairKey),
    index('chat_conversations_buyer_idx').on(table.buyerId, table.lastActivityAt.desc(), table.id.desc()),
    index('chat_conversations_seller_idx').on(table.sellerId, table.lastActivityAt.desc(), table.id.desc()),
    index('chat_conversations_listing_idx').on(table.listingId),
    check('chat_conversations_two_members', sql`${table.buyerId} <> ${table.sellerId}`),
  ],
);
export type ConversationRow = typeof chatConversations.$inferSelect;

export const MESSAGE_KINDS = [
  'text',
  'image',
  'offer',
  'offer_accepted',
  'offer_declined',
  'offer_countered',
  'appointment',
  'appointment_accepted',
  'appointment_declined',
  'appointment_cancelled',
] as const;
export const OFFER_STATUSES = ['open', 'accepted', 'declined', 'countered'] as const;

/**
 * Messages. `seq` is the storage order: messages of one conversation are inserted while its row
 * is locked, so `(created_at, seq)` is the order they were sent in. `(conversation, sender,
 * client_id)` is unique: a retried send stores nothing new. `recipient_id` and `read_at` give
 * the unread counts.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: MESSAGE_KINDS }).notNull(),
    content: text('content').notNull().default(''),
    image: text('image'),
    /** Offer kinds: the amount in cents. */
    amountCents: bigint('amount_cents', { mode: 'number' }),
    /** Answers to an offer: the offer message answered. */
    offerId: uuid('offer_id'),
    /** `offer` and `offer_countered`: open until answered. */
    offerStatus: text('offer_status', { enum: OFFER_STATUSES }),
    /** Appointment kinds: the appointment proposed or answered (`chat_appointments`). */
    appointmentId: uuid('appointment_id'),
    clientId: uuid('client_id'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true, precision: 3 }),
    /**
     * The scam shield's signals found in the text when it was sent, worst first (`scam-signals.ts`,
     * docs/decisions/0031-scam-shield-in-chat.md); empty for an ordinary message and for the
     * messages sent before the shield. Shown to the recipient only.
     */
    scamSignals: text('scam_signals').array().$type<ChatWarning[]>().notNull().default(sql`'{}'::text[]`),
  },
  (table) => [
    uniqueIndex('chat_messages_client_idx').on(table.conversationId, table.senderId, table.clientId),
    index('chat_messages_order_idx').on(table.conversationId, table.createdAt, table.seq),
    index('chat_messages_unread_idx')
      .on(table.recipientId, table.conversationId)
      .where(sql`${table.readAt} is null`),
    index('chat_messages_sender_idx').on(table.senderId),
    check('chat_messages_content_length', sql`char_length(${table.content}) <= 2000`),
  ],
);
export type MessageRow = typeof chatMessages.$inferSelect;

/** A member blocked another: no messages either way in any of their conversations. */
export const chatBlocks = pgTable(
  'chat_blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.blockerId, table.blockedId] }),
    index('chat_blocks_blocked_idx').on(table.blockedId),
  ],
);

/**
 * The sending limit (contract `CHAT_MESSAGES_PER_MINUTE`): per member the start of the current
 * one-minute window and the messages sent in it, counted with one atomic upsert, so the limit
 * holds under parallel requests and across server instances.
 */
export const chatSendCounters = pgTable('chat_send_counters', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

export const APPOINTMENT_TYPES = ['viewing', 'pickup'] as const;
export const APPOINTMENT_STATUSES = ['proposed', 'accepted', 'declined', 'countered', 'cancelled'] as const;

/**
 * Appointments agreed in a conversation (contract `calendar.ts`): a viewing or pickup that one
 * member proposed (`proposer_id`) to the other (`recipient_id`), in UTC (`starts_at`, entered
 * and shown in Europe/Berlin). `replaces_id` is the proposal a counter proposal answers.
 * `reminded_at` marks the reminder one hour before as sent (once across instances).
 * Its state changes in the conversation's transaction, together with the message that tells it.
 */
export const chatAppointments = pgTable(
  'chat_appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    proposerId: uuid('proposer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: APPOINTMENT_TYPES }).notNull(),
    status: text('status', { enum: APPOINTMENT_STATUSES }).notNull().default('proposed'),
    startsAt: timestamp('starts_at', { withTimezone: true, precision: 3 }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, precision: 3 }).notNull(),
    place: text('place').notNull(),
    note: text('note').notNull().default(''),
    replacesId: uuid('replaces_id'),
    remindedAt: timestamp('reminded_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    index('chat_appointments_conversation_idx').on(table.conversationId, table.createdAt),
    index('chat_appointments_proposer_idx').on(table.proposerId, table.startsAt),
    index('chat_appointments_recipient_idx').on(table.recipientId, table.startsAt),
    index('chat_appointments_due_idx')
      .on(table.startsAt)
      .where(sql`${table.status} = 'accepted' and ${table.remindedAt} is null`),
    check(
      'chat_appointments_status',
      sql`${table.status} in ('proposed', 'accepted', 'declined', 'countered', 'cancelled')`,
    ),
    check('chat_appointments_type', sql`${table.type} in ('viewing', 'pickup')`),
    check('chat_appointments_times', sql`${table.endsAt} > ${table.startsAt}`),
    check('chat_appointments_place_length', sql`char_length(${table.place}) <= 200`),
    check('chat_appointments_note_length', sql`char_length(${table.note}) <= 500`),
  ],
);
export type AppointmentRow = typeof chatAppointments.$inferSelect;
