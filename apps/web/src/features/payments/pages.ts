import type { ComponentType } from 'react';

/**
 * The area's pages for the route table, loaded when their route is first opened (their own
 * chunks). They live apart from index.ts so that the door stays a list of re-exports.
 */
export const paymentPages = {
  payments: () => import('./PaymentsPage.tsx').then((m) => m.PaymentsPage),
} satisfies Record<string, () => Promise<ComponentType>>;
