import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import myListingsRoutes from './routes.ts';

/**
 * The classic views' only door (ARCHITECTURE.md "modules"; /listings-old and /dashboard-old,
 * SPEC.md §2 "Login required"): a member's own ads as one table paged, sorted and filtered on the
 * server (`GET /api/my-listings/table`), its CSV export (`GET /api/my-listings/export.csv`) and
 * bulk actions on a selection (`POST /api/my-listings/bulk`). The ads, their rules and their
 * counters come through the listings door, the conversations about each ad through the chat door.
 */
async function myListingsModule(app: FastifyInstance) {
  await app.register(myListingsRoutes, { db: app.database.db });
}

export default fp(myListingsModule, {
  name: 'my-listings',
  dependencies: ['database', 'auth', 'listings', 'chat'],
});
