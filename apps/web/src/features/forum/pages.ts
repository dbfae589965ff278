import type { ComponentType } from 'react';

/**
 * The forum's pages for the route table, each loaded when its route is first opened (its own
 * chunk). They live apart from index.ts so that the door stays a list of re-exports.
 */
export const forumPages = {
  home: () => import('./ForumHomePage.tsx').then((m) => m.ForumHomePage),
  list: () => import('./ForumListPage.tsx').then((m) => m.ForumListPage),
  thread: () => import('./ThreadPage.tsx').then((m) => m.ThreadPage),
  create: () => import('./CreateThreadPage.tsx').then((m) => m.CreateThreadPage),
} satisfies Record<string, () => Promise<ComponentType>>;
