/** The door of the career page (/karriere, SPEC.md §2): the open positions and the application form. */

/** The career pages' first answers, for the server that renders them. */
export { careerQueries } from './api.ts';
export { careerPages } from './pages.ts';
