import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * German postal codes with their places and centroids (GeoNames, CC BY 4.0), loaded from
 * `resources/postal-codes-de.csv` on start when empty. One row per postal code and place; the
 * row with the lowest `rank` is the postal code's first place, its main town.
 */
export const postalCodes = pgTable(
  'postal_codes',
  {
    id: serial('id').primaryKey(),
    postalCode: text('postal_code').notNull(),
    place: text('place').notNull(),
    state: text('state').notNull(),
    /** Degrees (WGS 84). */
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** The place's position among its postal code's places: 1 for the main town (`rankPlaces`). */
    rank: integer('rank').notNull(),
  },
  (table) => [
    uniqueIndex('postal_codes_code_place_key').on(table.postalCode, table.place),
    // Prefix matches (`LIKE '801%'`) under any collation.
    index('postal_codes_code_prefix_idx').on(table.postalCode.op('text_pattern_ops')),
    index('postal_codes_place_prefix_idx').on(sql`lower(${table.place}) text_pattern_ops`),
  ],
);
