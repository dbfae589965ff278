import type { ComponentType } from 'react';

/**
 * The area's pages for the route table, each loaded when its route is first opened (its own
 * chunk). They live apart from index.ts so that the door stays a list of re-exports.
 */
export const followFeedPages = {
  feed: () => import('./FollowFeedPage.tsx').then((m) => m.FollowFeedPage),
} satisfies Record<string, () => Promise<ComponentType>>;
