import type { AttributeDefinition, Category, Subcategory } from '@marketplace/contract';
import type { Database } from '../../db/client.ts';
import { type CategoryRow, selectAllCategories, upsertCategory } from './queries.ts';
import { taxonomy } from './taxonomy.ts';

/**
 * Writes the taxonomy of `taxonomy.ts` into the database (insert or update by slug), in one
 * transaction, so ids stay stable across restarts and code changes reach existing databases.
 */
export async function syncTaxonomy(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    let position = 0;
    for (const category of taxonomy) {
      const parentId = await upsertCategory(tx, {
        slug: category.slug,
        name: category.name,
        shortName: category.shortName,
        icon: category.icon,
        attributes: category.attributes ?? [],
        parentId: null,
        position: position++,
      });
      for (const sub of category.subcategories) {
        await upsertCategory(tx, {
          slug: sub.slug,
          name: sub.name,
          shortName: sub.name,
          icon: sub.icon ?? category.icon,
          attributes: sub.attributes ?? [],
          parentId,
          position: position++,
        });
      }
    }
  });
}

/** A category resolved for listing rules: itself, its parent, and the merged attributes. */
export interface ResolvedCategory {
  id: number;
  slug: string;
  name: string;
  parentId: number | null;
  /** The top-level category's id (itself for a top-level category). */
  rootId: number;
  attributes: AttributeDefinition[];
}

/** Parent attributes first, then the child's; a child's key replaces its parent's. */
function mergeAttributes(parent: AttributeDefinition[], own: AttributeDefinition[]): AttributeDefinition[] {
  const ownKeys = new Set(own.map((a) => a.key));
  return [...parent.filter((a) => !ownKeys.has(a.key)), ...own];
}

/**
 * In-memory view of the category tree. Categories change only with a deploy, so the tree is
 * read once and served from memory (`GET /api/categories/all` is on every page load).
 */
export class CategoryTree {
  private readonly byId = new Map<number, ResolvedCategory>();
  private readonly bySlug = new Map<string, ResolvedCategory>();
  private readonly tree: Category[];

  constructor(rows: CategoryRow[]) {
    const parents = rows.filter((row) => row.parentId === null);
    this.tree = parents.map((parent) => {
      const parentResolved: ResolvedCategory = {
        id: parent.id,
        slug: parent.slug,
        name: parent.name,
        parentId: null,
        rootId: parent.id,
        attributes: parent.attributes,
      };
      this.add(parentResolved);
      const subcategories: Subcategory[] = rows
        .filter((row) => row.parentId === parent.id)
        .map((child) => {
          const attributes = mergeAttributes(parent.attributes, child.attributes);
          this.add({
            id: child.id,
            slug: child.slug,
            name: child.name,
            parentId: parent.id,
            rootId: parent.id,
            attributes,
          });
          return {
            id: child.id,
            name: child.name,
            label: child.name,
            slug: child.slug,
            value: child.slug,
            short_name: child.shortName,
            icon: child.icon,
            attributes,
            listing_count: 0,
            parent_id: parent.id,
          };
        });
      return {
        id: parent.id,
        name: parent.name,
        label: parent.name,
        slug: parent.slug,
        value: parent.slug,
        short_name: parent.shortName,
        icon: parent.icon,
        attributes: parent.attributes,
        listing_count: 0,
        parent_id: null,
        subcategories,
      };
    });
  }

  private add(category: ResolvedCategory) {
    this.byId.set(category.id, category);
    this.bySlug.set(category.slug, category);
  }

  /** A category by numeric id or slug (the `category` field of a listing request). */
  resolve(idOrSlug: string | number): ResolvedCategory | undefined {
    if (typeof idOrSlug === 'number') return this.byId.get(idOrSlug);
    if (/^\d+$/.test(idOrSlug)) return this.byId.get(Number(idOrSlug));
    return this.bySlug.get(idOrSlug);
  }

  /** Ids of a category and all its subcategories (for filtering a top-level category). */
  idsWithin(id: number): number[] {
    const ids = [id];
    for (const category of this.byId.values()) if (category.parentId === id) ids.push(category.id);
    return ids;
  }

  /**
   * The tree with listing counts filled in.
   * @param counts active listings per category id (a parent's count includes its children)
   */
  withCounts(counts: Map<number, number> = new Map()): Category[] {
    return this.tree.map((parent) => {
      const subcategories = parent.subcategories.map((sub) => ({
        ...sub,
        listing_count: counts.get(sub.id) ?? 0,
      }));
      const total = (counts.get(parent.id) ?? 0) + subcategories.reduce((sum, s) => sum + s.listing_count, 0);
      return { ...parent, listing_count: total, subcategories };
    });
  }
}

/** Loads the tree from the database. */
export async function loadCategoryTree(db: Database): Promise<CategoryTree> {
  return new CategoryTree(await selectAllCategories(db));
}
