/** The door of the events (SPEC.md §2 /events): the list, each event, publishing and editing. */

/** The event pages' first answers, for the server that renders them. */
export { eventQueries, listSearch } from './api.ts';
export { eventPages } from './pages.ts';
