import type { ComponentType } from 'react';

/**
 * The area's pages for the route table, each loaded when its route is first opened (its own
 * chunk). They live apart from index.ts so that the door stays a list of re-exports.
 */
export const entityPages = {
  entities: () => import('./EntitiesPage.tsx').then((m) => m.EntitiesPage),
} satisfies Record<string, () => Promise<ComponentType>>;
