import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import favoriteRoutes from './routes.ts';
import './events.ts';

/**
 * The favourites module's only door (ARCHITECTURE.md "modules", docs/decisions/0006-module-doors.md):
 * members' saved ads (SPEC.md §7). It keeps each ad's `favorites_count` exact by calling the
 * listings door inside its own transaction, and announces `favorite.added` / `favorite.removed`
 * after the commit.
 */
export { listFavorites, removeFavoritesOf } from './service.ts';

/** Registers the favourites module: `GET/POST/DELETE /api/favorites...`. */
async function favoritesModule(app: FastifyInstance) {
  await app.register(favoriteRoutes, { deps: { db: app.database.db, events: app.events } });
}

export default fp(favoritesModule, {
  name: 'favorites',
  dependencies: ['database', 'events', 'auth', 'categories', 'listings'],
});
