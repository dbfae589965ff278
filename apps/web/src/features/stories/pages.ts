import type { ComponentType } from 'react';

/**
 * The area's pages and the home strip, each loaded when first shown (its own chunk). They live
 * apart from index.ts so that the door stays a list of re-exports, which the bundler looks
 * through: the app's first script then carries none of the parts behind it.
 */
export const storyPages = {
  stories: () => import('./StoriesPage.tsx').then((m) => m.StoriesPage),
  /** The strip on home, loaded after the page itself (SPEC.md §2 "Home"). */
  strip: () => import('./StoriesStrip.tsx').then((m) => m.StoriesStrip as ComponentType),
} satisfies Record<string, () => Promise<ComponentType>>;
