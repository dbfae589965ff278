import type { OrderStatus, PaymentMethod, PromotionOption } from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { listings } from '../listings/schema.ts';
import { users } from '../users/schema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * Orders of a paid promotion (decision 0040). Amounts are integer cents, computed by the server
 * from its price list. `reference` is the transfer's reference ('MP-' and 8 characters). The
 * buyer and the ad may go (account deleted, ad deleted): the order stays, because its invoices
 * must be kept 10 years (§ 147 AO, § 14b UStG), with the ad's title and the billing address
 * copied in.
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    listingId: uuid('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    listingTitle: text('listing_title').notNull(),
    option: text('option').$type<PromotionOption>().notNull(),
    method: text('method').$type<PaymentMethod>().notNull(),
    status: text('status').$type<OrderStatus>().notNull().default('pending'),
    grossCents: integer('gross_cents').notNull(),
    netCents: integer('net_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    vatPercent: integer('vat_percent').notNull(),
    billingName: text('billing_name').notNull(),
    billingStreet: text('billing_street').notNull(),
    billingPostalCode: text('billing_postal_code').notNull(),
    billingCity: text('billing_city').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    paidAt: at('paid_at'),
    cancelledAt: at('cancelled_at'),
    /** The Stripe Checkout Session of an order paid with Stripe. */
    stripeSessionId: text('stripe_session_id'),
  },
  (table) => [
    uniqueIndex('payment_orders_reference_idx').on(table.reference),
    uniqueIndex('payment_orders_stripe_session_idx').on(table.stripeSessionId),
    index('payment_orders_user_idx').on(table.userId, table.createdAt.desc()),
    index('payment_orders_pending_idx').on(table.createdAt).where(sql`${table.status} = 'pending'`),
    check('payment_orders_status_check', sql`${table.status} in ('pending', 'paid', 'cancelled', 'lapsed')`),
    check('payment_orders_option_check', sql`${table.option} in ('bump', 'top', 'highlight')`),
  ],
);
export type PaymentOrderRow = typeof paymentOrders.$inferSelect;

/**
 * Running and past promotions (Top-Anzeige, Highlight) of a paid order, one per order.
 * `ends_at` is moved to the moment an ad is sold, removed or expired, or its order cancelled.
 * The category is the ad's at booking, so the slots above a category's results are one index
 * range of the active promotions (`payment_promotions_active_idx`).
 */
export const paymentPromotions = pgTable(
  'payment_promotions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => paymentOrders.id, { onDelete: 'cascade' }),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'top' | 'highlight'>().notNull(),
    categoryId: integer('category_id').notNull(),
    rootCategoryId: integer('root_category_id').notNull(),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
  },
  (table) => [
    uniqueIndex('payment_promotions_order_idx').on(table.orderId),
    index('payment_promotions_active_idx').on(table.kind, table.endsAt),
    index('payment_promotions_listing_idx').on(table.listingId),
  ],
);

/**
 * Invoices and credit notes (§ 14 UStG), never changed once written. `number` comes from the
 * gapless counter of its kind ({@link paymentCounters}). Everything printed is copied in
 * (operator, buyer, service, amounts), so the document can be drawn again identically in
 * 10 years, after the account and the ad are gone.
 */
export const paymentInvoices = pgTable(
  'payment_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    kind: text('kind').$type<'invoice' | 'credit_note'>().notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => paymentOrders.id, { onDelete: 'restrict' }),
    /** The invoice a credit note cancels. */
    cancelsNumber: text('cancels_number'),
    issuedAt: at('issued_at').notNull().defaultNow(),
    sellerName: text('seller_name').notNull(),
    sellerAddress: text('seller_address').notNull(),
    sellerVatId: text('seller_vat_id').notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerAddress: text('buyer_address').notNull(),
    service: text('service').notNull(),
    periodStart: at('period_start').notNull(),
    periodEnd: at('period_end').notNull(),
    netCents: integer('net_cents').notNull(),
    vatPercent: integer('vat_percent').notNull(),
    vatCents: integer('vat_cents').notNull(),
    grossCents: integer('gross_cents').notNull(),
  },
  (table) => [
    uniqueIndex('payment_invoices_number_idx').on(table.number),
    uniqueIndex('payment_invoices_order_kind_idx').on(table.orderId, table.kind),
  ],
);
export type PaymentInvoiceRow = typeof paymentInvoices.$inferSelect;

/**
 * The gapless number sequences of invoices and credit notes: one row per kind, raised in the
 * transaction that writes the document, so a rolled-back document leaves no gap (a PostgreSQL
 * sequence would).
 */
export const paymentCounters = pgTable('payment_counters', {
  kind: text('kind').primaryKey(),
  value: integer('value').notNull(),
});
