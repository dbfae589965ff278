/**
 * The door of the admin area (SPEC.md §2 "Admin only", §6): the dashboard at /admin with the
 * statistics of `GET /api/admin/stats`, refreshed on `admin_update`.
 */
export { adminPages } from './pages.ts';
