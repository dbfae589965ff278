import type { ComponentType } from 'react';

/**
 * The shop and provider pages for the route table, each loaded when its route is first opened
 * (its own chunk). They live apart from index.ts so that the door stays a list of re-exports.
 */
export const shopPages = {
  shop: () => import('./ProfilePage.tsx').then((m) => m.ShopPage),
  provider: () => import('./ProfilePage.tsx').then((m) => m.ProviderPage),
  registration: () => import('./RegistrationPage.tsx').then((m) => m.RegistrationPage),
} satisfies Record<string, () => Promise<ComponentType>>;
