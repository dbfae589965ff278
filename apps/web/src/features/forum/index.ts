/**
 * The door of the forum (SPEC.md routes /forum…): the overview with search, thread lists,
 * thread pages and the page to open a thread.
 */

/** The forum pages' first answers, for the server that renders them. */
export { forumQueries } from './api.ts';
export { forumPages } from './pages.ts';
