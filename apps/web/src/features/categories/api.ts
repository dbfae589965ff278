import type { AttributeDefinition, CategoriesResponse, Category, Subcategory } from '@marketplace/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { de } from '../../i18n/de.ts';
import { apiFetch } from '../../lib/api.ts';

/** Query key of the category tree; it changes only with a deploy. */
export const categoriesQueryKey = ['categories'] as const;

/**
 * `GET /api/categories/all` (SPEC.md §7): the fourteen top-level categories with their
 * subcategories and attributes. The answer is taken as typed: the server serializes it with the
 * contract's schema (docs/decisions/0017-checks-off-the-first-load.md).
 * @throws ApiError on a non-OK answer
 */
export async function fetchCategories(signal?: AbortSignal): Promise<Category[]> {
  return (await apiFetch<CategoriesResponse>('/api/categories/all', { signal })).categories;
}

/** The query of the category tree, cached for the whole visit. */
export const categoriesQuery = queryOptions({
  queryKey: categoriesQueryKey,
  queryFn: ({ signal }) => fetchCategories(signal),
  staleTime: 10 * 60_000,
});

/** The category tree, cached for the whole visit. */
export function useCategories() {
  return useQuery(categoriesQuery);
}

/**
 * The text for a failed category load (SPEC.md §8): 'Fehler beim Laden der Kategorien', or
 * 'Unbekannter Fehler' when the failure carries no text.
 */
export function categoryLoadErrorText(error: unknown): string {
  const text = error instanceof Error ? error.message.trim() : '';
  return text === '' ? de.categories.unknownError : de.categories.loadFailed;
}

/** A category and, when the address names one, its subcategory. */
export interface CategorySelection {
  category: Category;
  subcategory: Subcategory | null;
}

/**
 * Finds `/category/{slug}/{sub}` in the tree. A subcategory slug given as the top-level slug
 * (e.g. a link to `/category/autos`) is found too. Null when nothing matches.
 */
export function findCategory(
  categories: readonly Category[],
  slug: string,
  subSlug?: string,
): CategorySelection | null {
  const category = categories.find((entry) => entry.slug === slug);
  if (category) {
    if (!subSlug) return { category, subcategory: null };
    const subcategory = category.subcategories.find((entry) => entry.slug === subSlug);
    return subcategory ? { category, subcategory } : null;
  }
  if (subSlug) return null;
  for (const parent of categories) {
    const subcategory = parent.subcategories.find((entry) => entry.slug === slug);
    if (subcategory) return { category: parent, subcategory };
  }
  return null;
}

/** Finds a category or subcategory by slug or numeric id (as a listing's `category` names it). */
export function findBySlugOrId(
  categories: readonly Category[],
  ref: string | number,
): CategorySelection | null {
  for (const category of categories) {
    if (category.slug === ref || category.id === ref) return { category, subcategory: null };
    const subcategory = category.subcategories.find((entry) => entry.slug === ref || entry.id === ref);
    if (subcategory) return { category, subcategory };
  }
  return null;
}

/** The attributes that apply to a selection: the subcategory's (which include its parent's) or the category's. */
export function attributesOf(selection: CategorySelection | null): AttributeDefinition[] {
  if (!selection) return [];
  return (selection.subcategory ?? selection.category).attributes;
}
