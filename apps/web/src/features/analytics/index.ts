/** The seller analytics (/analytics): its door for the route table. */
export { analyticsPages } from './pages.ts';
