/** The door of the partner page /partner-werden (SPEC.md §2) with its enquiry form. */
export { partnerPages } from './pages.ts';
