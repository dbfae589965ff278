import type { ComponentType } from 'react';

/**
 * The area's page for the route table, loaded when its route is first opened (its own chunk).
 * It lives apart from index.ts so that the door stays a list of re-exports, which the bundler
 * looks through: the app's first script then carries none of the parts behind it.
 */
export const partnerPages = {
  becomePartner: () => import('./PartnerPage.tsx').then((m) => m.PartnerPage),
} satisfies Record<string, () => Promise<ComponentType>>;
