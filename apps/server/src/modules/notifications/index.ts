import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { DECISION_LINK_KEY_PURPOSE, DecisionLinks } from '../moderation/index.ts';
import { sendNotificationDigests } from './digest.ts';
import notificationRoutes from './routes.ts';
import { Presence } from './service.ts';
import { subscribeToDomainEvents } from './subscriptions.ts';

export { DIGEST_AWAY_MS, type DigestDeps, sendNotificationDigests } from './digest.ts';
/**
 * The notifications module's only door (ARCHITECTURE.md "modules"): notifications of SPEC.md §3,
 * their settings, and the live messages of `/ws/notifications` that follow from other modules'
 * events. Other modules import only from here.
 */
export {
  AWAY_BEFORE_MAIL_MS,
  deliverNotifications,
  type NotificationWriteDeps,
  notifyMemberInTransaction,
  toNotification,
} from './service.ts';
export type { NotificationText } from './texts.ts';

/** When the daily digest of missed notifications is mailed: 06:00 (cron, UTC). */
const DIGEST_CRON = '0 6 * * *';

/**
 * Registers `/api/notifications` (SPEC.md §7), subscribes to the domain events that notify
 * members, and records when members are online (every authenticated request and socket), for
 * the rule that mails go only to members away for 15 minutes, and the daily job
 * `notifications.digest` mailing members away for a day what they missed (once across the
 * instances, docs/decisions/0014-job-queue.md). Register it before the modules whose requests
 * should count as being online.
 */
async function notifications(app: FastifyInstance, options: { config: Config }) {
  const presence = new Presence(app.database.db, app.log);
  const decisionLinks = new DecisionLinks(app.deriveKey(DECISION_LINK_KEY_PURPOSE));
  app.addHook('onResponse', async (request) => {
    const userId = (request.user as { id?: string } | undefined)?.id;
    if (userId) presence.seen(userId);
  });
  app.realtime.hub.onActivity((userId, kind) => presence.seen(userId, kind === 'close'));
  app.addHook('preClose', async () => presence.stop());
  subscribeToDomainEvents(app.events, {
    db: app.database.db,
    realtime: app.realtime,
    mailer: app.mailer,
    publicUrl: options.config.publicUrl,
    siteName: options.config.siteName,
    decisionLink: (decisionId, userId) =>
      `/moderation/decisions/${decisionId}#zugang=${decisionLinks.token(decisionId, userId)}`,
    log: app.log,
  });
  await app.jobs.every('notifications.digest', DIGEST_CRON, async () => {
    await sendNotificationDigests({
      db: app.database.db,
      mailer: app.mailer,
      realtime: app.realtime,
      publicUrl: options.config.publicUrl,
      siteName: options.config.siteName,
    });
  });
  await app.register(notificationRoutes);
}

export default fp(notifications, {
  name: 'notifications',
  dependencies: ['database', 'events', 'auth', 'jobs', 'mailer', 'realtime'],
});
