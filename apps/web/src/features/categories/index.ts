/**
 * The door of the category area (SPEC.md §2 "Categories"): the category tree and its lookups,
 * the picker used when posting, the strip of the home page, and the category pages.
 */
export {
  attributesOf,
  type CategorySelection,
  categoriesQuery,
  findBySlugOrId,
  useCategories,
} from './api.ts';
export { CategoryPicker } from './CategoryPicker.tsx';
export { CategoryStrip } from './CategoryStrip.tsx';
export { categoryPages } from './pages.ts';
