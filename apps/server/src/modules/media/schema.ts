import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { listings } from '../listings/schema.ts';
import { users } from '../users/schema.ts';

/**
 * Ad photos answered by `POST /api/upload` (issue 4). `id` names the files
 * `<id>-card|detail|full.webp`; an upload belongs to the member who sent it and, once an ad
 * uses it, to that ad. Uploads no ad uses are removed after a day.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: text('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: uuid('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('uploads_owner_idx').on(table.ownerId),
    index('uploads_listing_idx').on(table.listingId),
    index('uploads_created_idx').on(table.createdAt),
  ],
);

export type UploadRow = typeof uploads.$inferSelect;
