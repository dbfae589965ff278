import { VERIFICATION_KINDS, VERIFICATION_STATUSES } from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/schema.ts';

/**
 * Seller verification requests (trader traceability, DSA Art. 30). A member has at most one
 * `pending` request (partial unique index); the latest `approved` one makes them a verified
 * private seller or business. `document_name` is a file in the private storage folder
 * `verification` (never under a public URL); it and its name are removed 30 days after
 * `decided_at`, when `document_deleted_at` is set.
 */
export const sellerVerifications = pgTable(
  'seller_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: VERIFICATION_KINDS }).notNull(),
    status: text('status', { enum: VERIFICATION_STATUSES }).notNull().default('pending'),
    /** Full name of a private seller, or the company name of a business. */
    name: text('name').notNull(),
    legalForm: text('legal_form'),
    street: text('street').notNull(),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    phone: text('phone').notNull(),
    email: text('email'),
    registerNumber: text('register_number'),
    vatId: text('vat_id'),
    documentName: text('document_name'),
    documentType: text('document_type'),
    documentBytes: integer('document_bytes'),
    documentDeletedAt: timestamp('document_deleted_at', { withTimezone: true, precision: 3 }),
    reason: text('reason'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('seller_verifications_one_open_idx').on(table.userId).where(sql`${table.status} = 'pending'`),
    index('seller_verifications_user_idx').on(table.userId, table.createdAt),
    index('seller_verifications_queue_idx').on(table.status, table.createdAt),
  ],
);
export type SellerVerificationRow = typeof sellerVerifications.$inferSelect;
