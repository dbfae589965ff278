import type { ComponentType } from 'react';

/**
 * Seller verification pages, each loaded when first shown (its own chunk). They live apart from
 * index.ts so that the door stays a list of re-exports.
 */
export const verificationPages = {
  apply: () => import('./SellerVerificationPage.tsx').then((m) => m.SellerVerificationPage),
  status: () => import('./VerificationStatusPage.tsx').then((m) => m.VerificationStatusPage),
  admin: () => import('./AdminVerificationsPage.tsx').then((m) => m.AdminVerificationsPage),
} satisfies Record<string, () => Promise<ComponentType>>;
