/**
 * The classic views for power sellers (/listings-old, /dashboard-old; SPEC.md §2): the own ads as
 * one table sorted, paged and filtered on the server, with bulk actions and CSV export.
 */
export { classicPages } from './pages.ts';
