import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import '../chat/events.ts';
import '../favorites/events.ts';
import '../listings/events.ts';
import analyticsRoutes from './routes.ts';
import { countListingContact, countListingFavorite, countListingView } from './service.ts';

/**
 * The seller analytics' only door (ARCHITECTURE.md "modules"): counters per ad and Europe/Berlin
 * day of views (with their source), favourites and chat contacts, written by durable reactions
 * to `listing.viewed`, `favorite.added` and `message.created` (docs/decisions/0022), so the ad
 * page's request writes nothing more. They only add to counters, whose sums do not depend on the
 * order of the events, so they run several at a time (`parallel`, docs/decisions/0042).
 * `GET /api/analytics`, `GET /api/analytics/listings/{id}` and `GET /api/analytics/csv` read them
 * for /analytics.
 */
async function analyticsModule(app: FastifyInstance) {
  app.events.react(
    'listing.viewed',
    'analytics.views',
    async ({ listingId, source, day }, { tx }) => {
      await countListingView(tx, listingId, source, day);
    },
    { parallel: true },
  );
  app.events.react(
    'favorite.added',
    'analytics.favorites',
    async ({ listingId, userId, sellerId }, { tx }) => {
      if (userId !== sellerId) await countListingFavorite(tx, listingId);
    },
    { parallel: true },
  );
  app.events.react(
    'message.created',
    'analytics.contacts',
    async ({ listingId, senderId }, { tx }) => {
      if (listingId) await countListingContact(tx, listingId, senderId);
    },
    { when: ({ listingId }) => listingId !== null, parallel: true },
  );
  await app.register(analyticsRoutes, { db: app.database.db });
}

export default fp(analyticsModule, {
  name: 'analytics',
  dependencies: ['database', 'events', 'auth', 'listings', 'favorites', 'chat'],
});
