import type { ComponentType } from 'react';

/**
 * The area's page for the route table, loaded when its route is first opened (its own chunk).
 * It lives apart from index.ts so that the door stays a list of re-exports.
 */
export const analyticsPages = {
  analytics: () => import('./AnalyticsPage.tsx').then((m) => m.AnalyticsPage),
} satisfies Record<string, () => Promise<ComponentType>>;
