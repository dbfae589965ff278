import { z } from 'zod';

/** Kinds of notification (SPEC.md §3 "Notification: type"). */
export const NOTIFICATION_TYPES = [
  'follow',
  'new_listing',
  'listing_view',
  'listing_favorite',
  'message',
  'forum_reply',
  'forum_mention',
  'forum_like',
  'story_reaction',
  'verification',
  'moderation',
  'saved_search',
  'event',
  'appointment',
  'payment',
] as const;
export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

/** Items the bell panel shows (SPEC.md §9 "Notification bell list 10 items"). */
export const NOTIFICATION_BELL_ITEMS = 10;
/** Highest number the unread badge shows; above it the badge reads '99+' (SPEC.md §9). */
export const NOTIFICATION_BADGE_MAX = 99;
/** How often the bell list and the unread count refresh, in ms (SPEC.md §7, §9). */
export const NOTIFICATION_REFRESH_MS = 30_000;
/** Largest `limit` of `GET /api/notifications`. */
export const NOTIFICATIONS_LIMIT_MAX = 100;

/**
 * Total views of an ad at which its seller gets a `listing_view` notification: 10, 50, then
 * 100, 500, 1000, 5000, 10000, ... (1 and 5 times every power of ten from 100 on).
 */
export function isViewMilestone(views: number): boolean {
  if (!Number.isInteger(views) || views < 10) return false;
  if (views === 10 || views === 50) return true;
  let power = 100;
  while (power <= views) {
    if (views === power || views === 5 * power) return true;
    power *= 10;
  }
  return false;
}

/**
 * One notification (SPEC.md §3). `created_at` is ISO 8601. `link` is the in-app path it opens:
 * `/user/{id}` (follow), `/listing/{id}` (new_listing, listing_view, listing_favorite) or
 * `/chat?conversation={id}` (message). `related_user_id` is the member who caused it (follower,
 * seller, saver, sender), null when unknown or gone; `related_listing_id` the ad it is about.
 */
export const notificationSchema = z.object({
  id: z.string(),
  type: notificationTypeSchema,
  title: z.string(),
  message: z.string(),
  is_read: z.boolean(),
  created_at: z.string(),
  related_user_id: z.string().nullable(),
  related_listing_id: z.string().nullable(),
  link: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** `{id}` of the notification calls; an id that is not a UUID answers 404 like an unknown one. */
export const notificationIdParamsSchema = z.object({ id: z.string() });

/**
 * Query of `GET /api/notifications` (SPEC.md §7): newest first, `limit` 1..100 (default 20),
 * `offset` >= 0, `unread_only` 'true'/'false' (also '1'/'0'), `type` one notification type.
 */
export const notificationListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_LIMIT_MAX).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  unread_only: z.stringbool({ truthy: ['true', '1'], falsy: ['false', '0'] }).default(false),
  type: notificationTypeSchema.optional(),
});
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;

/**
 * `GET /api/notifications` answer: one page, `total` matching the filters, `unread` all unread
 * notifications of the member (for the badge, independent of the filters).
 */
export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  total: z.number().int(),
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** `GET /api/notifications/stats` (SPEC.md §3 "Notification stats"): counts, every type present. */
export const notificationStatsSchema = z.object({
  total_notifications: z.number().int(),
  unread_notifications: z.number().int(),
  read_notifications: z.number().int(),
  notifications_by_type: z.record(notificationTypeSchema, z.number().int()),
});
export type NotificationStats = z.infer<typeof notificationStatsSchema>;

/** `POST /api/notifications/read-all` answer: how many became read; `unread` is then 0. */
export const notificationsReadAllSchema = z.object({
  updated: z.number().int(),
  unread: z.number().int(),
});
export type NotificationsReadAll = z.infer<typeof notificationsReadAllSchema>;

/**
 * Channels of one notification type: `in_app` stores it (bell, /notifications, live socket),
 * `email` also mails it when the member has been away (no socket, no request) for 15 minutes.
 */
export const notificationChannelsSchema = z.object({
  in_app: z.boolean(),
  email: z.boolean(),
});
export type NotificationChannels = z.infer<typeof notificationChannelsSchema>;

/** Settings of a member who never changed them. */
export const DEFAULT_NOTIFICATION_PREFERENCES: Record<NotificationType, NotificationChannels> = {
  follow: { in_app: true, email: false },
  new_listing: { in_app: true, email: false },
  listing_view: { in_app: true, email: false },
  listing_favorite: { in_app: true, email: false },
  message: { in_app: true, email: true },
  forum_reply: { in_app: true, email: false },
  forum_mention: { in_app: true, email: false },
  forum_like: { in_app: true, email: false },
  story_reaction: { in_app: true, email: false },
  verification: { in_app: true, email: true },
  moderation: { in_app: true, email: true },
  saved_search: { in_app: true, email: true },
  event: { in_app: true, email: true },
  appointment: { in_app: true, email: true },
  payment: { in_app: true, email: true },
};

/** `GET` and `PUT /api/notifications/preferences` answer: every type with both channels. */
export const notificationPreferencesSchema = z.object({
  preferences: z.record(notificationTypeSchema, notificationChannelsSchema),
  /** Whether the daily e-mail of missed notifications is on (default on). */
  digest: z.boolean().optional(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/**
 * `PUT /api/notifications/preferences` body (SPEC.md §7 "body: preferences object"): the types
 * to change, each with the channels to change; types and channels left out keep their value.
 * An unknown type is a 422.
 */
export const notificationPreferencesBodySchema = z.object({
  preferences: z.partialRecord(notificationTypeSchema, notificationChannelsSchema.partial().strict()),
  /** Switches the daily e-mail of missed notifications on or off; left out: unchanged. */
  digest: z.boolean().optional(),
});
export type NotificationPreferencesBody = z.input<typeof notificationPreferencesBodySchema>;
