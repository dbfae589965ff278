import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendSavedSearchAlerts } from './alerts.ts';
import { tellInstantSearches } from './instant.ts';
import savedSearchRoutes from './routes.ts';

/**
 * The saved searches' only door (ARCHITECTURE.md "modules", docs/decisions/0006-module-doors.md):
 * members keep the filters of an ad search ('Suchaufträge', contract `saved-searches.ts`) and are
 * told of new matching ads at once when an ad goes online ('Sofort', `instant.ts`) or once a day
 * ('Täglich', `alerts.ts`). Searching goes through the listings door,
 * notifying through the notifications door. The rows go with the member's account (foreign key).
 */
export { ALERT_LAG_MS, DAILY_ALERT_MS, type SavedSearchAlertDeps, sendSavedSearchAlerts } from './alerts.ts';
export { type InstantAlertDeps, tellInstantSearches } from './instant.ts';
export { SAVED_SEARCH_CREATE_LIMIT } from './service.ts';

/** When the daily saved searches that are due are checked for new ads: hourly (cron, UTC). */
const ALERTS_CRON = '35 * * * *';

/** Options of the saved-searches plugin: the site's address and name for the alert mails. */
export interface SavedSearchesOptions {
  site: { publicUrl: string; siteName: string };
}

/**
 * Registers `GET/POST /api/saved-searches` and `PATCH/DELETE /api/saved-searches/{id}`, the
 * durable reaction `saved-searches.instant` to `listing.created` (once across the instances, run
 * again after a crash, docs/decisions/0022-durable-reactions.md; several ads at a time, 0042), and the hourly job
 * `saved-searches.alerts` for the daily searches (docs/decisions/0014-job-queue.md).
 */
async function savedSearchesModule(app: FastifyInstance, options: SavedSearchesOptions) {
  const db = app.database.db;
  await app.jobs.every('saved-searches.alerts', ALERTS_CRON, async () => {
    await sendSavedSearchAlerts({
      db,
      categories: app.categories,
      mailer: app.mailer,
      realtime: app.realtime,
      log: app.log,
      ...options.site,
    });
  });
  // Parallel (docs/decisions/0042-parallel-reactions.md): each run writes the matches and
  // notifications of its own ad only, so 100 ads a minute need not wait for each other.
  app.events.react(
    'listing.created',
    'saved-searches.instant',
    async (ad, reaction) => {
      await tellInstantSearches(
        { categories: app.categories, mailer: app.mailer, realtime: app.realtime, ...options.site },
        reaction,
        ad,
      );
    },
    { parallel: true },
  );
  await app.register(savedSearchRoutes, { deps: { db, categories: app.categories } });
}

export default fp(savedSearchesModule, {
  name: 'saved-searches',
  dependencies: [
    'database',
    'auth',
    'categories',
    'listings',
    'notifications',
    'jobs',
    'mailer',
    'realtime',
    'events',
  ],
});
