import type { ComponentType } from 'react';

/**
 * The classic views' pages for the route table, each loaded when its route is first opened (its
 * own chunk, with the data grid). They live apart from index.ts so that the door stays a list of
 * re-exports, which the bundler looks through: the app's first script carries none of them.
 */
export const classicPages = {
  listingsOld: () => import('./ListingsOldPage.tsx').then((m) => m.ListingsOldPage),
  dashboardOld: () => import('./DashboardOldPage.tsx').then((m) => m.DashboardOldPage),
} satisfies Record<string, () => Promise<ComponentType>>;
