import type { ComponentType } from 'react';

/**
 * The guide's pages for the route table, each loaded when its route is first opened (its own
 * chunk). They live apart from index.ts so that the door stays a list of re-exports.
 */
export const guidePages = {
  list: () => import('./GuideListPage.tsx').then((m) => m.GuideListPage),
  guide: () => import('./GuidePage.tsx').then((m) => m.GuidePage),
} satisfies Record<string, () => Promise<ComponentType>>;
