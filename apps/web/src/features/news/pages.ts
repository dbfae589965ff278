import type { ComponentType } from 'react';

/**
 * The local news pages for the route table, each loaded when its route is first opened (its own
 * chunk). They live apart from index.ts so that the door stays a list of re-exports.
 */
export const newsPages = {
  list: () => import('./NewsListPage.tsx').then((m) => m.NewsListPage),
  article: () => import('./NewsArticlePage.tsx').then((m) => m.NewsArticlePage),
  write: () => import('./NewsWritePage.tsx').then((m) => m.NewsWritePage),
} satisfies Record<string, () => Promise<ComponentType>>;
