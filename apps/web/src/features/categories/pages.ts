import type { ComponentType } from 'react';

/**
 * The area's pages for the route table, each loaded when its route is first opened (its own
 * chunk). They live apart from index.ts so that the door stays a list of re-exports, which the
 * bundler looks through: the app's first script then carries none of the parts behind it.
 */
export const categoryPages = {
  category: () => import('./CategoryPage.tsx').then((m) => m.CategoryPage),
  cars: () => import('./CategoryPage.tsx').then((m) => m.CarsPage),
  universal: () => import('./CategoryPage.tsx').then((m) => m.UniversalCategoryPage),
  selection: () => import('./CategorySelectionPage.tsx').then((m) => m.CategorySelectionPage),
} satisfies Record<string, () => Promise<ComponentType>>;
