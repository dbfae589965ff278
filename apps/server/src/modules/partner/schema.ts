import { PARTNER_ENQUIRY_STATUSES, PARTNER_TYPES } from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/schema.ts';

/**
 * Enquiries of businesses that want to become partners (/partner-werden, `POST
 * /api/partner-enquiries`), worked through by the admins at /admin. The enquirer agreed to be
 * contacted and to the storing (`consent` of the form), so a row exists only with that consent;
 * the address is the one the enquirer gave, not an account's. `status_changed_by` is the admin
 * who last changed the status (none once that account is deleted).
 */
export const partnerEnquiries = pgTable(
  'partner_enquiries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    company: text('company').notNull(),
    contactName: text('contact_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    partnerType: text('partner_type', { enum: PARTNER_TYPES }).notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: PARTNER_ENQUIRY_STATUSES }).notNull().default('new'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true, precision: 3 }),
    statusChangedBy: uuid('status_changed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    check('partner_enquiries_status', sql`${table.status} in ('new', 'in_progress', 'done')`),
    check('partner_enquiries_type', sql`${table.partnerType} in ('shop', 'provider', 'advertiser')`),
    index('partner_enquiries_created_idx').on(table.createdAt.desc()),
    index('partner_enquiries_status_idx').on(table.status, table.createdAt.desc()),
  ],
);

export type PartnerEnquiryRow = typeof partnerEnquiries.$inferSelect;
