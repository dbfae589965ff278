/** The news feed of followed members' ads (/feed): its door for the route table. */
export { followFeedPages } from './pages.ts';
