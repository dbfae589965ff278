import {
  PROFILE_KINDS,
  PROFILE_STATUSES,
  type ProfilePhoto,
  type ProfileService,
} from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../users/schema.ts';

/**
 * Shop and provider profiles (contract shops.ts): a member's public business page, shown once
 * an ADMIN approved it. One shop and one provider profile per member (unique index on member
 * and kind, so it holds under parallel submissions). `latitude`/`longitude` are the centroid of
 * the business address's postal code (a provider's: the service area's), for the directory's
 * radius search. Hours, services, categories and photos (address and caption) are small lists
 * kept as JSON.
 */
export const businessProfiles = pgTable(
  'business_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: PROFILE_KINDS }).notNull(),
    status: text('status', { enum: PROFILE_STATUSES }).notNull().default('pending'),
    reason: text('reason'),
    name: text('name').notNull(),
    legalForm: text('legal_form').notNull(),
    street: text('street').notNull(),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    registerCourt: text('register_court'),
    registerNumber: text('register_number'),
    vatId: text('vat_id'),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    website: text('website'),
    description: text('description').notNull(),
    categories: jsonb('categories').$type<string[]>().notNull().default([]),
    logo: text('logo'),
    /** The wide header image above logo and name. */
    banner: text('banner'),
    photos: jsonb('photos').$type<ProfilePhoto[]>().notNull().default([]),
    hours: jsonb('hours').$type<{ day: number; opens: string; closes: string }[]>().notNull().default([]),
    areaPostalCode: text('area_postal_code'),
    areaRadiusKm: integer('area_radius_km'),
    services: jsonb('services').$type<ProfileService[]>().notNull().default([]),
    /** Degrees (WGS 84). */
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('business_profiles_one_per_kind_idx').on(table.userId, table.kind),
    index('business_profiles_directory_idx').on(table.kind, table.status),
    index('business_profiles_queue_idx').on(table.status, table.createdAt),
    index('business_profiles_name_idx').on(sql`lower(${table.name})`),
  ],
);
export type BusinessProfileRow = typeof businessProfiles.$inferSelect;
