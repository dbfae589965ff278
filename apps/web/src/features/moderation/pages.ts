import type { ComponentType } from 'react';

/**
 * Pages of notice and action, loaded when first shown (their own chunk): the statement of
 * reasons with the appeal. Apart from index.ts so that the door stays a list of re-exports.
 */
export const moderationPages = {
  decision: () => import('./DecisionPage.tsx').then((m) => m.DecisionPage),
} satisfies Record<string, () => Promise<ComponentType>>;
