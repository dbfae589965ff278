import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import adminRoutes from './routes.ts';

/**
 * The admin module's only door (ARCHITECTURE.md "modules", docs/decisions/0006-module-doors.md):
 * the ADMIN-only dashboard figures of SPEC.md §6 and §7 (`GET /api/admin/stats`), the member search with role changes,
 * and the administrators' audit log, which is only ever added to. It reads other modules' tables only, never writes them.
 */
export { readAuditLog, searchMembers } from './members.ts';
export { readAdminStats } from './stats.ts';

/** Registers the admin module: `/api/admin/*`, each route for ADMINs only. */
async function adminModule(app: FastifyInstance) {
  await app.register(adminRoutes, { db: app.database.db, events: app.events });
}

export default fp(adminModule, {
  name: 'admin',
  dependencies: [
    'database',
    'events',
    'auth',
    'users',
    'listings',
    'chat',
    'forum',
    'stories',
    'verification',
  ],
});
