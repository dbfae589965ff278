import { z } from 'zod';

/**
 * A category-specific ad attribute (cars have make, model,
 * mileage; real estate rooms and living area; ...). `key` is the field's name in a listing's
 * `attributes` object; `filter` marks attributes offered as list filters.
 */
export const attributeDefinitionSchema = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(['select', 'number', 'text', 'year', 'date']),
  /** Choices of a `select` attribute. */
  options: z.array(z.string()).optional(),
  /** Unit shown after a number, e.g. `km`, `m²`. */
  unit: z.string().optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  required: z.boolean().optional(),
  filter: z.boolean().optional(),
});
export type AttributeDefinition = z.infer<typeof attributeDefinitionSchema>;

const categoryBase = z.object({
  id: z.number().int(),
  /** German display name (SPEC.md §3 "label or name"). */
  name: z.string(),
  /** Same as `name`, for clients that read `label`. */
  label: z.string(),
  /** URL slug (SPEC.md §3 "value or slug"). */
  slug: z.string(),
  /** Same as `slug`, for clients that read `value`. */
  value: z.string(),
  /** Short label for the home category strip. */
  short_name: z.string(),
  /** An emoji shown as the category's icon. */
  icon: z.string(),
  /** Attributes of ads in this category (a subcategory includes its parent's). */
  attributes: z.array(attributeDefinitionSchema),
  /** Active ads in this category and its subcategories. */
  listing_count: z.number().int(),
});

/** A subcategory as answered inside its parent. */
export const subcategorySchema = categoryBase.extend({ parent_id: z.number().int() });
export type Subcategory = z.infer<typeof subcategorySchema>;

/** A top-level category with its subcategories (`GET /api/categories/all`, SPEC.md §7). */
export const categorySchema = categoryBase.extend({
  parent_id: z.null(),
  subcategories: z.array(subcategorySchema),
});
export type Category = z.infer<typeof categorySchema>;

/** `GET /api/categories/all` answer: `{ categories }` (SPEC.md §7 allows list or object). */
export const categoriesResponseSchema = z.object({ categories: z.array(categorySchema) });
export type CategoriesResponse = z.infer<typeof categoriesResponseSchema>;
