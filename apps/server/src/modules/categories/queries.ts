import { asc, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { categories } from './schema.ts';

export type CategoryRow = typeof categories.$inferSelect;
export type NewCategoryRow = typeof categories.$inferInsert;

/** All categories, parents and children, in display order. */
export function selectAllCategories(db: Database): Promise<CategoryRow[]> {
  return db.select().from(categories).orderBy(asc(categories.position), asc(categories.id));
}

/** Inserts or updates a category by slug; returns its id. */
export async function upsertCategory(db: Database, row: NewCategoryRow): Promise<number> {
  const [saved] = await db
    .insert(categories)
    .values(row)
    .onConflictDoUpdate({
      target: categories.slug,
      set: {
        parentId: row.parentId ?? null,
        name: row.name,
        shortName: row.shortName,
        icon: row.icon,
        attributes: row.attributes ?? sql`'[]'::jsonb`,
        position: row.position ?? 0,
      },
    })
    .returning({ id: categories.id });
  if (!saved) throw new Error(`category ${row.slug} was not saved`);
  return saved.id;
}
