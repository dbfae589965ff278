/** The door of the guide ("Ratgeber", SPEC.md §2 /ratgeber): the list of guides and each guide. */

/** The guide pages' first answers, for the server that renders them. */
export { guideQueries } from './api.ts';
export { guidePages } from './pages.ts';
