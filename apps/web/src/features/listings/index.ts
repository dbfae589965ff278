/**
 * The door of the ad area (SPEC.md §2, §4): one ad's page, posting and editing, and the
 * member's own ads. Lists of ads live in `features/feed`.
 */
export { listingPages } from './pages.ts';
