/** The member's dashboard (/dashboard): its door for the route table. */
export { dashboardPages } from './pages.ts';
