import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendSavedSearchAlerts } from './alerts.ts';
import savedSearchRoutes from './routes.ts';

/**
 * The saved searches' only door (ARCHITECTURE.md "modules", docs/decisions/0006-module-doors.md):
 * members keep the filters of an ad search ('Suchaufträge', contract `saved-searches.ts`) and are
 * notified of new matching ads by an hourly job. Searching goes through the listings door,
 * notifying through the notifications door. The rows go with the member's account (foreign key).
 */
export { ALERT_LAG_MS, type SavedSearchAlertDeps, sendSavedSearchAlerts } from './alerts.ts';
export { SAVED_SEARCH_CREATE_LIMIT } from './service.ts';

/** When saved searches are checked for new ads: hourly (cron, UTC). */
const ALERTS_CRON = '35 * * * *';

/** Options of the saved-searches plugin: the site's address and name for the alert mails. */
export interface SavedSearchesOptions {
  site: { publicUrl: string; siteName: string };
}

/**
 * Registers `GET/POST /api/saved-searches` and `PATCH/DELETE /api/saved-searches/{id}`, and the
 * hourly job `saved-searches.alerts` (once across the instances, docs/decisions/0014-job-queue.md).
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
  await app.register(savedSearchRoutes, { deps: { db, categories: app.categories } });
}

export default fp(savedSearchesModule, {
  name: 'saved-searches',
  dependencies: ['database', 'auth', 'categories', 'listings', 'notifications', 'jobs', 'mailer', 'realtime'],
});
