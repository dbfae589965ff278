import type { ComponentType } from 'react';

/**
 * The area's pages for the route table, each loaded when its route is first opened (its own
 * chunk). They live apart from index.ts so that the door stays a list of re-exports, which the
 * bundler looks through: the app's first script then carries none of the parts behind it.
 */
export const helpPages = {
  faq: () => import('./FaqPage.tsx').then((m) => m.FaqPage),
  contact: () => import('./SupportContactPage.tsx').then((m) => m.SupportContactPage),
  help: () => import('./HelpPage.tsx').then((m) => m.HelpPage),
} satisfies Record<string, () => Promise<ComponentType>>;
