/**
 * The door of the stories (SPEC.md §2 "Stories", §4 "Story viewer", "Story socket"): the
 * /stories page and the strip the home page shows, both loaded lazily.
 */
export { storyPages } from './pages.ts';
