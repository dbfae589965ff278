/**
 * The door of the search area (SPEC.md §2 "Search"): the suggestions of the header's search
 * field and the search page.
 */
export { SUGGEST_MIN_LENGTH, useSearchSuggestions } from './api.ts';
export { searchPages } from './pages.ts';
