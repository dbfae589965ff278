import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_TYPES,
  type Notification,
  type NotificationList,
  type NotificationPreferences,
  type NotificationPreferencesBody,
  type NotificationStats,
  type NotificationType,
} from '@marketplace/contract';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client.ts';
import type { ReactionContext } from '../../jobs/reactions.ts';
import { AppError } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { Realtime } from '../../realtime/index.ts';
import { displayName, findAccounts, isUserId as isUuid } from '../users/index.ts';
import * as queries from './queries.ts';
import type { NotificationRow } from './schema.ts';
import { type NotificationText, notificationMail } from './texts.ts';

/** A member counts as away, so that notifications are also mailed, after this long offline (ms). */
export const AWAY_BEFORE_MAIL_MS = 15 * 60 * 1000;

/** What creating notifications needs from the running application. */
export interface NotificationDeps {
  db: Database;
  realtime: Realtime;
  mailer: Mailer;
  /** `PUBLIC_URL` for the links in mails. */
  publicUrl: string;
  /** `SITE_NAME`: how the e-mails name the marketplace. */
  siteName: string;
  /**
   * The path of a moderation decision with the token that opens it to the affected member
   * without a session (`/moderation/decisions/{id}#zugang={token}`; docs/decisions/0009).
   */
  decisionLink: (decisionId: string, userId: string) => string;
  log: FastifyBaseLogger;
}

/** A notification as the API and the socket send it (contract `notificationSchema`). */
export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    is_read: row.readAt !== null,
    created_at: row.createdAt.toISOString(),
    related_user_id: row.relatedUserId,
    related_listing_id: row.relatedListingId,
    link: row.link,
  };
}

/**
 * `GET /api/notifications` (SPEC.md §7): a page of the member's notifications, newest first,
 * with the count matching the filters and all unread ones.
 */
export async function listNotifications(
  db: Database,
  userId: string,
  query: { limit: number; offset: number; unread_only: boolean; type?: NotificationType | undefined },
): Promise<NotificationList> {
  const [page, unread] = await Promise.all([
    queries.selectNotifications(db, userId, {
      limit: query.limit,
      offset: query.offset,
      unreadOnly: query.unread_only,
      type: query.type,
    }),
    queries.countUnread(db, userId),
  ]);
  return { notifications: page.rows.map(toNotification), total: page.total, unread };
}

/** `GET /api/notifications/stats` (SPEC.md §3 "Notification stats"): every type is present. */
export async function notificationStats(db: Database, userId: string): Promise<NotificationStats> {
  const rows = await queries.selectCountsByType(db, userId);
  const byType = Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, 0])) as Record<
    NotificationType,
    number
  >;
  let total = 0;
  let unread = 0;
  for (const row of rows) {
    byType[row.type] = row.total;
    total += row.total;
    unread += row.unread;
  }
  return {
    total_notifications: total,
    unread_notifications: unread,
    read_notifications: total - unread,
    notifications_by_type: byType,
  };
}

/**
 * `POST /api/notifications/{id}/read` (SPEC.md §4 "Unread becomes read when clicked").
 * @throws AppError notification_not_found (404) for unknown ids and other members' notifications
 */
export async function markNotificationRead(db: Database, userId: string, id: string): Promise<Notification> {
  const row = isUuid(id) ? await queries.markRead(db, userId, id) : undefined;
  if (!row) throw new AppError('notification_not_found');
  return toNotification(row);
}

/** `POST /api/notifications/read-all` (SPEC.md §4 "mark-all-read"). @returns how many changed */
export function markAllNotificationsRead(db: Database, userId: string): Promise<number> {
  return queries.markAllRead(db, userId);
}

/**
 * `DELETE /api/notifications/{id}`.
 * @throws AppError notification_not_found (404) for unknown ids and other members' notifications
 */
export async function deleteNotification(db: Database, userId: string, id: string): Promise<void> {
  if (!isUuid(id) || !(await queries.deleteNotification(db, userId, id))) {
    throw new AppError('notification_not_found');
  }
}

type StoredPreferences = queries.StoredPreferences;

/** Stored changes laid over the defaults: every type with both channels. */
function resolvePreferences(stored: StoredPreferences | undefined): NotificationPreferences['preferences'] {
  return Object.fromEntries(
    NOTIFICATION_TYPES.map((type) => [
      type,
      { ...DEFAULT_NOTIFICATION_PREFERENCES[type], ...stored?.[type] },
    ]),
  ) as NotificationPreferences['preferences'];
}

/**
 * `GET /api/notifications/preferences`: the member's channels per type (defaults where
 * unchanged) and whether the daily digest mail is on (default on).
 */
export async function getPreferences(db: Database, userId: string): Promise<NotificationPreferences> {
  const settings = await queries.selectSettings(db, userId);
  return { preferences: resolvePreferences(settings?.preferences), digest: settings?.digest ?? true };
}

/**
 * `PUT /api/notifications/preferences` (SPEC.md §7 "body: preferences object"): changes the
 * given channels; the rest keep their values. One statement, so that two tabs saving at once
 * both count. `digest`, when given, switches the daily digest mail on or off.
 * @returns the complete preferences afterwards
 */
export async function updatePreferences(
  db: Database,
  userId: string,
  body: NotificationPreferencesBody,
): Promise<NotificationPreferences> {
  const stored = await queries.mergePreferences(db, userId, body.preferences, body.digest);
  return { preferences: resolvePreferences(stored.preferences), digest: stored.digest };
}

/** Per instance: when each member's online time was last written, so it is written at most once a minute. */
const SEEN_WRITE_INTERVAL_MS = 60_000;

/**
 * Records when members were online (a request or an open socket), for the 15-minute rule of
 * notification mails. Writes at most once a minute per member and instance, at once when a
 * socket closes.
 */
export class Presence {
  /** When each member's online time was written (ms), for at most 100,000 members, the least recently seen out first. */
  private readonly written = new LRUCache<string, number>({ max: 100_000 });
  private stopped = false;

  private readonly db: Database;
  private readonly log: FastifyBaseLogger;

  constructor(db: Database, log: FastifyBaseLogger) {
    this.db = db;
    this.log = log;
  }

  /** The member is online now. @param force write even within the minute (a socket closed) */
  seen(userId: string, force = false): void {
    if (this.stopped) return;
    const now = Date.now();
    const last = this.written.get(userId);
    if (!force && last !== undefined && now - last < SEEN_WRITE_INTERVAL_MS) return;
    this.written.set(userId, now);
    queries.upsertLastSeen(this.db, [userId], new Date(now)).catch((error: unknown) => {
      this.log.warn({ err: error }, 'online time not stored');
    });
  }

  /** Stops writing (shutdown: the sockets closing then must not reach a closing database). */
  stop(): void {
    this.stopped = true;
  }
}

/** What storing a notification and queueing its mail inside a transaction needs. */
export type NotificationWriteDeps = Pick<NotificationDeps, 'realtime' | 'mailer' | 'publicUrl' | 'siteName'>;

/** Whether a member with this online time and no socket here counts as away. */
function isAway(deps: Pick<NotificationDeps, 'realtime'>, userId: string, lastSeenAt: Date | null): boolean {
  if (deps.realtime.hub.isConnected(userId)) return false;
  return lastSeenAt === null || Date.now() - lastSeenAt.getTime() >= AWAY_BEFORE_MAIL_MS;
}

/**
 * Queues the mail of `text` for those of `userIds` whose e-mail address is verified (and, unless
 * `evenWhenOnline`, who have no socket open here), in the transaction `tx` that stores their
 * notifications: a mail exists exactly when its notification does, and a process ending after
 * the commit loses none (docs/decisions/0014-job-queue.md, "E-mail").
 * @throws when the database refuses a mail job (the whole transaction then fails)
 */
async function queueMails(
  deps: NotificationWriteDeps,
  tx: Database,
  userIds: readonly string[],
  text: NotificationText,
  evenWhenOnline = false,
): Promise<void> {
  if (userIds.length === 0) return;
  for (const account of await findAccounts(tx, userIds)) {
    if (!account.emailVerifiedAt || (!evenWhenOnline && deps.realtime.hub.isConnected(account.id))) continue;
    await deps.mailer.send(
      notificationMail(account.email, displayName(account), text, deps.publicUrl, deps.siteName),
      { db: tx },
    );
  }
}

/** A `notification` socket message for a stored row. */
export function notificationMessage(notification: Notification) {
  return {
    type: 'notification' as const,
    id: notification.id,
    title: notification.title,
    message: notification.message,
    notification,
  };
}

/**
 * Notifies one member inside the caller's transaction `tx` (SPEC.md §3 "Notification"): stores
 * the notification unless the member switched the type's in-app channel off, and queues its mail
 * in the same transaction when the type's e-mail channel is on and the member has been away for
 * 15 minutes (with `alwaysMail`: whatever the setting and presence, for notices the law requires
 * to be sent: DSA statements of reasons and confirmations of reports; with `mailWhenOn`: when
 * the type's e-mail channel is on, also while the member is online, for reminders that must
 * arrive before a time); only to a verified
 * address. So the notification and its mail exist exactly when the caller's change commits (a
 * transactional outbox). With `collapseByLink` an unread notification with the same link is
 * updated instead (chat), and only a new one is mailed. Nothing goes to sockets here: after the
 * commit, hand the answer to {@link deliverNotifications}.
 * @returns the stored notification, or null when the in-app channel is off
 * @throws when the database refuses the notification or its mail (the transaction then fails)
 */
export async function notifyMemberInTransaction(
  tx: Database,
  deps: NotificationWriteDeps,
  userId: string,
  text: NotificationText,
  related: { userId: string | null; listingId: string | null },
  options: { collapseByLink?: boolean; alwaysMail?: boolean; mailWhenOn?: boolean } = {},
): Promise<Notification | null> {
  const stored = await queries.storeNotification(
    tx,
    {
      userId,
      type: text.type,
      title: text.title,
      message: text.message,
      link: text.link,
      relatedUserId: related.userId,
      relatedListingId: related.listingId,
    },
    options.collapseByLink ?? false,
  );
  if (options.alwaysMail) {
    await queueMails(deps, tx, [userId], text, true);
  } else if (
    stored.email &&
    (stored.row === null || stored.created) &&
    (options.mailWhenOn || isAway(deps, userId, stored.lastSeenAt))
  ) {
    await queueMails(deps, tx, [userId], text, options.mailWhenOn ?? false);
  }
  return stored.row ? toNotification(stored.row) : null;
}

/**
 * Sends stored notifications to their members' open sockets on every instance as `notification`
 * messages (SPEC.md §7 "/ws/notifications"); call it after the transaction that stored them
 * committed.
 */
export async function deliverNotifications(
  realtime: Realtime,
  notifications: readonly { userId: string; notification: Notification }[],
): Promise<void> {
  if (notifications.length === 0) return;
  await realtime.deliver(
    notifications.map((item) => ({
      userIds: [item.userId],
      message: notificationMessage(item.notification),
    })),
  );
}

/** Where a reaction writes, and what it runs after its commit (`jobs/reactions.ts`). */
export type InReaction = Pick<ReactionContext, 'tx' | 'afterCommit'>;

/**
 * Notifies one member (SPEC.md §3 "Notification") from a durable reaction to a domain event
 * (docs/decisions/0022-durable-reactions.md): stored, with its mail, in the reaction's
 * transaction ({@link notifyMemberInTransaction}), and sent to their sockets as `notification`
 * after its commit.
 * @returns the stored notification, or null when the in-app channel is off
 * @throws when the database refuses the notification or its mail (the reaction is retried)
 */
export async function notifyMember(
  deps: NotificationWriteDeps,
  reaction: InReaction,
  userId: string,
  text: NotificationText,
  related: { userId: string | null; listingId: string | null },
  options: { collapseByLink?: boolean; alwaysMail?: boolean; mailWhenOn?: boolean } = {},
): Promise<Notification | null> {
  const notification = await notifyMemberInTransaction(reaction.tx, deps, userId, text, related, options);
  if (notification) {
    reaction.afterCommit(() => deliverNotifications(deps.realtime, [{ userId, notification }]));
  }
  return notification;
}

const DELIVERY_BATCH = 500;

/**
 * `new_listing` for every follower of the seller (SPEC.md §3), from the durable reaction to
 * `listing.created`: stored in one INSERT ... SELECT in the reaction's transaction, with the
 * mails to followers away for 15 minutes who chose so (verified addresses only), and sent to
 * their sockets in batches after the commit.
 * @returns how many notifications were stored
 * @throws when the database refuses the notifications or a mail (the reaction is retried)
 */
export async function notifyFollowersOfNewListing(
  deps: NotificationWriteDeps,
  reaction: InReaction,
  sellerId: string,
  listingId: string,
  text: NotificationText,
): Promise<number> {
  const { tx } = reaction;
  const rows = await queries.insertForFollowers(tx, sellerId, {
    type: text.type,
    title: text.title,
    message: text.message,
    link: text.link,
    relatedListingId: listingId,
  });
  const away = new Date(Date.now() - AWAY_BEFORE_MAIL_MS);
  await queueMails(
    deps,
    tx,
    await queries.selectMailRecipients(tx, text.type, away, { followersOf: sellerId }),
    text,
  );
  reaction.afterCommit(async () => {
    for (let start = 0; start < rows.length; start += DELIVERY_BATCH) {
      await deps.realtime.deliver(
        rows.slice(start, start + DELIVERY_BATCH).map((row) => ({
          userIds: [row.user_id],
          message: notificationMessage({
            id: row.id,
            type: text.type,
            title: text.title,
            message: text.message,
            is_read: false,
            created_at: new Date(row.created_at).toISOString(),
            related_user_id: sellerId,
            related_listing_id: listingId,
            link: text.link,
          }),
        })),
      );
    }
  });
  return rows.length;
}
