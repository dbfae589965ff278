import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationChannels,
  type NotificationType,
  notificationTypeSchema,
} from '@marketplace/contract';
import { and, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Database, rowDate, selectRows } from '../../db/client.ts';
import { type NotificationRow, notificationSettings, notifications } from './schema.ts';

/** Channels a member changed, per type (the rest are the contract's defaults). */
export type StoredPreferences = Partial<Record<NotificationType, Partial<NotificationChannels>>>;

/** The fields of a new notification row. */
export interface NewNotification {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  link: string;
  relatedUserId: string | null;
  relatedListingId: string | null;
}

/** A page of a member's notifications, newest first, with the filters of the list call. */
export async function selectNotifications(
  db: Database,
  userId: string,
  filter: { limit: number; offset: number; unreadOnly: boolean; type?: NotificationType | undefined },
): Promise<{ rows: NotificationRow[]; total: number }> {
  const where = and(
    eq(notifications.userId, userId),
    filter.unreadOnly ? isNull(notifications.readAt) : undefined,
    filter.type ? eq(notifications.type, filter.type) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(notifications).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/** How many unread notifications a member has. */
export async function countUnread(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Counts per type: all and unread. */
export function selectCountsByType(
  db: Database,
  userId: string,
): Promise<{ type: NotificationType; total: number; unread: number }[]> {
  return db
    .select({
      type: notifications.type,
      total: count(),
      unread: sql<number>`(count(*) filter (where ${notifications.readAt} is null))::int`,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .groupBy(notifications.type);
}

/** Marks one of the member's notifications read (keeps an earlier read time). */
export async function markRead(
  db: Database,
  userId: string,
  id: string,
): Promise<NotificationRow | undefined> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row;
}

/** Marks all unread notifications of the member read. @returns how many changed */
export async function markAllRead(db: Database, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

/**
 * Marks the member's unread notifications of `type` that lead to `link` read (a chat
 * conversation's `message` notification once the conversation was read).
 * @returns the rows that changed, now read
 */
export function markReadByLink(
  db: Database,
  userId: string,
  type: NotificationType,
  link: string,
): Promise<NotificationRow[]> {
  return db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.type, type),
        eq(notifications.link, link),
        isNull(notifications.readAt),
      ),
    )
    .returning();
}

/** Deletes one of the member's notifications. @returns whether it existed */
export async function deleteNotification(db: Database, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/** What storing one notification answers: the row (null with the in-app channel off) and the channels. */
export interface StoredNotification {
  row: NotificationRow | null;
  /** Whether the row is new (false: an unread one was brought up to date). */
  created: boolean;
  email: boolean;
  lastSeenAt: Date | null;
}

/**
 * The row of {@link storeNotification}: the recipient's e-mail channel and last visit, and the
 * stored notification as `row_to_json` answers it (column names, timestamps as ISO 8601 text),
 * read into a {@link NotificationRow}.
 */
const storedNotificationRow = z.object({
  email: z.boolean(),
  last_seen_at: rowDate.nullable(),
  created: z.boolean(),
  row: z
    .object({
      id: z.string(),
      user_id: z.string(),
      type: notificationTypeSchema,
      title: z.string(),
      message: z.string(),
      link: z.string(),
      related_user_id: z.string().nullable(),
      related_listing_id: z.string().nullable(),
      read_at: rowDate.nullable(),
      created_at: rowDate,
    })
    .transform(
      (row): NotificationRow => ({
        id: row.id,
        userId: row.user_id,
        type: row.type,
        title: row.title,
        message: row.message,
        link: row.link,
        relatedUserId: row.related_user_id,
        relatedListingId: row.related_listing_id,
        readAt: row.read_at,
        createdAt: row.created_at,
      }),
    )
    .nullable(),
});

/**
 * Stores one notification in one statement, which also reads the recipient's channels: no row
 * when the in-app channel of the type is off. With `collapseByLink`, an unread notification of
 * the same type and link (a chat conversation) is brought up to date and moved to the top
 * instead, so that a conversation shows once in the bell.
 */
export async function storeNotification(
  db: Database,
  values: NewNotification,
  collapseByLink: boolean,
): Promise<StoredNotification> {
  const { userId, type } = values;
  // Two reactions collapsing into the same notification at once (two instances) would both find
  // none and insert two: the first holds this lock until its transaction ends.
  if (collapseByLink) {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`notification|${userId}|${values.link}`}))`);
  }
  const [stored] = await selectRows(
    db,
    storedNotificationRow,
    sql`with s as (
          select ${channelOn(type, 'in_app')} as in_app, ${channelOn(type, 'email')} as email, s.last_seen_at
            from (select 1) as one left join notification_settings s on s.user_id = ${userId}::uuid
        ),
        updated as (
          update notifications
             set title = ${values.title}, message = ${values.message}, created_at = now(),
                 related_user_id = ${values.relatedUserId}::uuid, related_listing_id = ${values.relatedListingId}::uuid
           where ${collapseByLink} and (select in_app from s)
             and user_id = ${userId}::uuid and type = ${type} and link = ${values.link} and read_at is null
          returning *
        ),
        inserted as (
          insert into notifications (user_id, type, title, message, link, related_user_id, related_listing_id)
          select ${userId}::uuid, ${type}, ${values.title}, ${values.message}, ${values.link},
                 ${values.relatedUserId}::uuid, ${values.relatedListingId}::uuid
           where (select in_app from s) and not exists (select 1 from updated)
          returning *
        )
        select s.email, (to_json(s.last_seen_at) #>> '{}') as last_seen_at,
               exists (select 1 from inserted) as created,
               (select row_to_json(r) from (select * from updated union all select * from inserted) r limit 1) as row
          from s`,
  );
  if (!stored) throw new Error('storing a notification answered no row');
  return { created: stored.created, email: stored.email, lastSeenAt: stored.last_seen_at, row: stored.row };
}

/** A row of the fan-out insert, its time as ISO 8601 text. */
const fanOutRow = z.object({ id: z.string(), user_id: z.string(), created_at: z.string() });
type FanOutRow = z.output<typeof fanOutRow>;

/** A member id of raw SQL. */
const userIdRow = z.object({ user_id: z.string() });

/**
 * The in-app channel of `type` for the member of settings row `s`, with the default for
 * members who never changed it.
 */
function channelOn(type: NotificationType, channel: keyof NotificationChannels): SQL {
  const fallback = DEFAULT_NOTIFICATION_PREFERENCES[type][channel];
  return sql`coalesce((s.preferences -> ${type} ->> ${channel})::boolean, ${fallback})`;
}

/**
 * One `new_listing` notification for every follower of `sellerId` who has the in-app channel
 * on, in one INSERT ... SELECT (reads the follows module's `follows` table).
 * @returns the new rows' ids, recipients and times (ISO 8601)
 */
export function insertForFollowers(
  db: Database,
  sellerId: string,
  values: Omit<NewNotification, 'userId' | 'relatedUserId'>,
): Promise<FanOutRow[]> {
  return selectRows(
    db,
    fanOutRow,
    sql`insert into notifications (user_id, type, title, message, link, related_user_id, related_listing_id)
        select f.follower_id, ${values.type}, ${values.title}, ${values.message}, ${values.link},
               ${sellerId}::uuid, ${values.relatedListingId}::uuid
          from follows f
          left join notification_settings s on s.user_id = f.follower_id
         where f.followed_id = ${sellerId}::uuid and ${channelOn(values.type, 'in_app')}
        returning id, user_id, (to_json(created_at) #>> '{}') as created_at`,
  );
}

/**
 * Members among `userIds` (or, with `followersOf`, among that member's followers) who have the
 * e-mail channel of `type` on and were last online before `awaySince` (or never).
 */
export async function selectMailRecipients(
  db: Database,
  type: NotificationType,
  awaySince: Date,
  candidates: { userIds: readonly string[] } | { followersOf: string },
): Promise<string[]> {
  if ('userIds' in candidates && candidates.userIds.length === 0) return [];
  const from =
    'userIds' in candidates
      ? sql`unnest(${`{${candidates.userIds.join(',')}}`}::uuid[]) as c(user_id)`
      : sql`(select follower_id as user_id from follows where followed_id = ${candidates.followersOf}::uuid) as c`;
  const rows = await selectRows(
    db,
    userIdRow,
    sql`select c.user_id from ${from}
          left join notification_settings s on s.user_id = c.user_id
         where ${channelOn(type, 'email')}
           and (s.last_seen_at is null or s.last_seen_at < ${awaySince.toISOString()}::timestamptz)`,
  );
  return rows.map((row) => row.user_id);
}

/** The stored settings of a member, if any. */
export async function selectSettings(
  db: Database,
  userId: string,
): Promise<typeof notificationSettings.$inferSelect | undefined> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return row;
}

/**
 * Lays `changes` (per type, the channels to change) over a member's stored preferences, and sets
 * the digest switch when `digest` is given, in one statement.
 * @returns the stored preferences and digest switch afterwards
 */
export async function mergePreferences(
  db: Database,
  userId: string,
  changes: StoredPreferences,
  digest?: boolean,
): Promise<{ preferences: StoredPreferences; digest: boolean }> {
  let merged: SQL = sql`notification_settings.preferences`;
  for (const [type, change] of Object.entries(changes)) {
    merged = sql`jsonb_set(${merged}, ${`{${type}}`}::text[],
      coalesce(notification_settings.preferences -> ${type}, '{}'::jsonb) || ${JSON.stringify(change)}::jsonb)`;
  }
  const [row] = await db
    .insert(notificationSettings)
    .values({ userId, preferences: changes, ...(digest === undefined ? {} : { digest }) })
    .onConflictDoUpdate({
      target: notificationSettings.userId,
      set: { preferences: merged, ...(digest === undefined ? {} : { digest }), updatedAt: sql`now()` },
    })
    .returning({ preferences: notificationSettings.preferences, digest: notificationSettings.digest });
  return row ?? { preferences: changes, digest: digest ?? true };
}

/** Records that members were online at `at`. Unknown (deleted) members are skipped. */
export async function upsertLastSeen(db: Database, userIds: readonly string[], at: Date): Promise<void> {
  if (userIds.length === 0) return;
  await db.execute(
    sql`insert into notification_settings (user_id, last_seen_at)
        select u.id, ${at.toISOString()}::timestamptz from users u
         where u.id in (${sql.join(
           userIds.map((id) => sql`${id}::uuid`),
           sql`, `,
         )})
        on conflict (user_id) do update set last_seen_at = greatest(notification_settings.last_seen_at, excluded.last_seen_at)`,
  );
}

/** Ids of members who saved the ad (at most `limit`; reads the favourites module's table). */
export async function selectSaverIds(db: Database, listingId: string, limit: number): Promise<string[]> {
  const rows = await selectRows(
    db,
    userIdRow,
    sql`select user_id from favorites where listing_id = ${listingId}::uuid limit ${limit}`,
  );
  return rows.map((row) => row.user_id);
}

/** The title of an ad ({@link selectListingTitle}). */
const listingTitleRow = z.object({ title: z.string() });

/** Title of an ad, or undefined when it is gone (reads the listings module's table). */
export async function selectListingTitle(db: Database, listingId: string): Promise<string | undefined> {
  const [row] = await selectRows(
    db,
    listingTitleRow,
    sql`select title from listings where id = ${listingId}::uuid`,
  );
  return row?.title;
}
