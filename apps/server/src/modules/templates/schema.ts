import type { AttributeValues, OfferType, PriceType } from '@marketplace/contract';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/schema.ts';

/**
 * Ad templates of /vorlagen (contract `templates.ts`): what an ad says, without its photos, under
 * a name the member chose. `category` is a category slug (none when not chosen), `price_cents`
 * integer cents (none when not given). The rows go with the member's account.
 */
export const listingTemplates = pgTable(
  'listing_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    category: text('category'),
    priceCents: integer('price_cents'),
    priceType: text('price_type').$type<PriceType>().notNull().default('fixed'),
    offerType: text('offer_type').$type<OfferType>().notNull().default('offer'),
    postalCode: text('postal_code').notNull().default(''),
    location: text('location').notNull().default(''),
    attributes: jsonb('attributes').$type<AttributeValues>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [index('listing_templates_user_updated_idx').on(table.userId, table.updatedAt.desc())],
);

export type ListingTemplateRow = typeof listingTemplates.$inferSelect;

/**
 * Chat text templates of /text-templates, in the member's order (`position` from 0). The rows go
 * with the member's account.
 */
export const textTemplates = pgTable(
  'text_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [index('text_templates_user_position_idx').on(table.userId, table.position)],
);

export type TextTemplateRow = typeof textTemplates.$inferSelect;

/**
 * Members who were given the default text templates: one row each, written with the defaults, so
 * templates the member deleted never come back.
 */
export const textTemplateDefaults = pgTable(
  'text_template_defaults',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seededAt: timestamp('seeded_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId] })],
);
