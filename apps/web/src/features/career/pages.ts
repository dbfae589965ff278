import type { ComponentType } from 'react';

/**
 * The career pages for the route table, each loaded when its route is first opened (its own
 * chunk). They live apart from index.ts so that the door stays a list of re-exports.
 */
export const careerPages = {
  list: () => import('./CareerPage.tsx').then((m) => m.CareerPage),
  position: () => import('./PositionPage.tsx').then((m) => m.PositionPage),
} satisfies Record<string, () => Promise<ComponentType>>;
