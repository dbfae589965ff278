import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import templateRoutes from './routes.ts';

/**
 * The templates' only door (ARCHITECTURE.md "modules", docs/decisions/0006-module-doors.md): a
 * member's ad templates of /vorlagen (`/api/listing-templates`) and chat text templates of
 * /text-templates (`/api/text-templates`), contract `templates.ts`. The rows go with the
 * member's account (foreign keys with cascade).
 */
async function templatesModule(app: FastifyInstance) {
  await app.register(templateRoutes, { deps: { db: app.database.db, categories: app.categories } });
}

export default fp(templatesModule, {
  name: 'templates',
  dependencies: ['database', 'auth', 'categories'],
});
