/**
 * The door of the forum (SPEC.md routes /forum…): the overview with search, thread lists,
 * thread pages and the page to open a thread.
 */
export { forumPages } from './pages.ts';
