import type { AttributeDefinition } from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Categories and subcategories (one level deep), kept in sync with `taxonomy.ts` on start. */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    shortName: text('short_name').notNull(),
    icon: text('icon').notNull(),
    /** Attribute definitions of this level only; a subcategory's answer merges its parent's. */
    attributes: jsonb('attributes').$type<AttributeDefinition[]>().notNull().default(sql`'[]'::jsonb`),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    // Slugs are unique across both levels, so `category` in a request names one category.
    uniqueIndex('categories_slug_key').on(table.slug),
    index('categories_parent_idx').on(table.parentId),
  ],
);
