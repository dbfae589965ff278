import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import moderationRoutes from './routes.ts';
import './events.ts';

/**
 * The moderation module's only door (ARCHITECTURE.md "modules", docs/decisions/0006-module-doors.md,
 * docs/decisions/0009-reports-queue.md): notice and action after DSA Art. 16, 17, 20 and 23.
 * The queue reads the members' reports from the one reports store, with the facts of the kinds
 * the modules registered (ads, forum posts, conversations, stories, members); a decision with a
 * ground and a text resolves them and removes or keeps the ad (through the listings door), the affected member receives a
 * statement of reasons and may appeal once within 6 months, and a different ADMIN decides the
 * appeal. Repeated removals lead to a warning, then a suspension through the admin door.
 */
import { countOpenReports } from './queue.ts';

export { DECISION_LINK_KEY_PURPOSE, DecisionLinks } from './links.ts';
export { appealDeadline } from './policies.ts';
export { countOpenReports } from './queue.ts';
export { applyStrikes } from './strikes.ts';
export { readTransparency } from './transparency.ts';

/**
 * Registers `/api/admin/moderation/*` (ADMINs) and `/api/moderation/*` (affected members), and
 * hands the admin figures the count of open reports.
 */
async function moderationModule(app: FastifyInstance) {
  // The admin figures count the open reports as this queue shows them.
  app.countOpenReportsWith((db) => countOpenReports(db, app.reportTargets));
  await app.register(moderationRoutes, {
    deps: { db: app.database.db, events: app.events, targets: app.reportTargets },
  });
}

export default fp(moderationModule, {
  name: 'moderation',
  dependencies: [
    'database',
    'events',
    'auth',
    'users',
    'reports',
    'listings',
    'forum',
    'chat',
    'stories',
    'admin',
  ],
});
