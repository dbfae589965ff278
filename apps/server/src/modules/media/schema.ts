import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { chatMessages } from '../chat/schema.ts';
import { listings } from '../listings/schema.ts';
import { localEvents } from '../local-events/schema.ts';
import { businessProfiles } from '../shops/schema.ts';
import { users } from '../users/schema.ts';

/**
 * Photos answered by `POST /api/upload` (ARCHITECTURE.md "Contracts"). `id` names the files
 * `<id>-card|detail|full.webp`; an upload belongs to the member who sent it and, once used, to
 * exactly one use: an ad (`listing_id`), a chat photo message (`chat_message_id`, contract
 * `chat.ts`), an event's image (`local_event_id`, contract `local-events.ts`) or a shop's or
 * provider's logo and photos (`business_profile_id`, contract `shops.ts`). Uploads without a use are removed a day after they were made, also those whose ad
 * or message is gone (the reference then becomes null).
 */
export const uploads = pgTable(
  'uploads',
  {
    id: text('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: uuid('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    chatMessageId: uuid('chat_message_id').references(() => chatMessages.id, { onDelete: 'set null' }),
    localEventId: uuid('local_event_id').references(() => localEvents.id, { onDelete: 'set null' }),
    businessProfileId: uuid('business_profile_id').references(() => businessProfiles.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('uploads_owner_idx').on(table.ownerId),
    index('uploads_listing_idx').on(table.listingId),
    index('uploads_chat_message_idx').on(table.chatMessageId),
    index('uploads_local_event_idx').on(table.localEventId),
    index('uploads_business_profile_idx').on(table.businessProfileId),
    index('uploads_created_idx').on(table.createdAt),
  ],
);

export type UploadRow = typeof uploads.$inferSelect;
