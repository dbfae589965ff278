/** The member's dashboard (/dashboard): its door for the route table, and its figures for /dashboard-old. */

export { DashboardFigures } from './DashboardFigures.tsx';
export { dashboardPages } from './pages.ts';
