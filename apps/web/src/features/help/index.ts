/** The door of the help pages (SPEC.md §2): FAQ, support contact, help centre. */
export { helpPages } from './pages.ts';
