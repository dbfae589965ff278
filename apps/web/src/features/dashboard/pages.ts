import type { ComponentType } from 'react';

/**
 * The area's pages for the route table, each loaded when its route is first opened (its own
 * chunk). They live apart from index.ts so that the door stays a list of re-exports.
 */
export const dashboardPages = {
  dashboard: () => import('./DashboardPage.tsx').then((m) => m.DashboardPage),
} satisfies Record<string, () => Promise<ComponentType>>;
