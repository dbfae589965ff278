/**
 * The door of paid promotions (decision 0040): the page /payments, 'Anzeige bewerben' for an own
 * ad (Meine Anzeigen, the ad's page), the Top-Anzeigen above category and search results, and the
 * ADMINs' payments panel of /admin.
 */

export { AdminPaymentsPanel } from './AdminPaymentsPanel.tsx';
export { paymentPages } from './pages.ts';
export { TopListings } from './TopListings.tsx';
export { paymentTexts } from './texts.ts';
export { usePromote } from './usePromote.tsx';
