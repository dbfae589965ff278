/**
 * The door of the ad area (SPEC.md §2, §4): one ad's page, posting and editing, and the
 * member's own ads (and their query, which the dashboard sums up). Lists of ads live in
 * `features/feed`.
 */
export { useMyListings } from './api.ts';
export { listingPages } from './pages.ts';
