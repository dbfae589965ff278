import type { ComponentType } from 'react';

/**
 * The admin area's pages for the route table, each loaded when its route is first opened (its
 * own chunk, with the chart library in a further chunk). Apart from index.ts so that the door
 * stays a list of re-exports.
 */
export const adminPages = {
  dashboard: () => import('./AdminPage.tsx').then((m) => m.AdminPage),
} satisfies Record<string, () => Promise<ComponentType>>;
