import { z } from 'zod';
import { chatWarningSchema } from './chat.ts';
import { listingStatusSchema } from './listings.ts';
import { notificationSchema } from './notifications.ts';

/** Largest frame a client may send, in bytes; a larger one closes with `SOCKET_CLOSE_TOO_BIG` (constants.ts). */
export const SOCKET_FRAME_MAX_BYTES = 16 * 1024;
/** At most this many client messages per {@link SOCKET_RATE_WINDOW_MS}; more closes with `SOCKET_CLOSE_RATE_LIMITED` (constants.ts). */
export const SOCKET_RATE_MAX_MESSAGES = 20;
export const SOCKET_RATE_WINDOW_MS = 10_000;

/** How long a socket ticket stays valid, in seconds. */
export const SOCKET_TICKET_TTL_SECONDS = 60;

/**
 * `POST /api/realtime/ticket` answer (201): a single-use credential for
 * `/ws/notifications?token={ticket}`, valid for `expires_in` seconds, so the access token never
 * appears in a URL.
 */
export const socketTicketSchema = z.object({
  ticket: z.string(),
  expires_in: z.number().int(),
});
export type SocketTicket = z.infer<typeof socketTicketSchema>;

// ---- Server → client (SPEC.md §7 "Server message types") ----

/** Sent once after the credential was accepted. `server_time` is ms since the epoch. */
export const connectedMessageSchema = z.object({
  type: z.literal('connected'),
  user_id: z.string(),
  server_time: z.number(),
});

/** Answer to a ping, echoing its `timestamp`. */
export const pongMessageSchema = z.object({
  type: z.literal('pong'),
  timestamp: z.number(),
});

/**
 * A new or changed notification row; `id`, `title`, `message` repeat the notification's own
 * fields. A changed row is, e.g., a chat notification that became read with its conversation
 * (`is_read` true): clients refetch their notifications and unread count.
 */
export const notificationMessageSchema = z.object({
  type: z.literal('notification'),
  id: z.string(),
  title: z.string(),
  message: z.string(),
  notification: notificationSchema,
});

/**
 * A chat message arrived for me (SPEC.md §3 "Chat message event: conversation_id"). `preview` is
 * the text shortened (or a photo hint); `created_at` ISO 8601; `listing_id` the ad talked about.
 * Sent to the recipient's tabs only.
 */
export const newMessageMessageSchema = z.object({
  type: z.literal('new_message'),
  conversation_id: z.string(),
  message_id: z.string(),
  sender_id: z.string(),
  sender_name: z.string(),
  listing_id: z.string().nullable(),
  preview: z.string(),
  created_at: z.string(),
  /** The scam shield's warning on the message (chat.ts `chatWarningSchema`); it goes to the recipient only. */
  warning: chatWarningSchema.nullable().optional(),
});

/** Someone follows me now; the follow lists refresh on it (SPEC.md §6). */
export const newFollowerMessageSchema = z.object({
  type: z.literal('new_follower'),
  follower_id: z.string(),
  follower_name: z.string(),
  follower_avatar: z.string().nullable(),
});

/** An ad I sell or saved was changed; reload it. */
export const listingUpdateMessageSchema = z.object({
  type: z.literal('listing_update'),
  listing_id: z.string(),
});

/**
 * One of my tabs saved or removed an ad (cross-tab sync, SPEC.md §4 "Favorites").
 * `favorites_count` is the ad's count after the change.
 */
export const favoriteUpdateMessageSchema = z.object({
  type: z.literal('favorite_update'),
  action: z.enum(['added', 'removed']),
  listing_id: z.string(),
  favorites_count: z.number().int(),
});

/** For administrators: admin statistics changed, reload them (SPEC.md §6). `topic` names what. */
export const adminUpdateMessageSchema = z.object({
  type: z.literal('admin_update'),
  topic: z.enum(['listings', 'users', 'reports']),
});

/**
 * My own account changed (`updated`: name, avatar or role — reload `GET /api/me`) or was
 * deleted (`deleted`: log out; the socket closes after it).
 */
export const userStatusUpdateMessageSchema = z.object({
  type: z.literal('user_status_update'),
  user_id: z.string(),
  status: z.enum(['updated', 'deleted']),
});

/** An ad I sell or saved changed its status (active, reserved, sold, expired). */
export const listingStatusChangedMessageSchema = z.object({
  type: z.literal('listing_status_changed'),
  listing_id: z.string(),
  status: listingStatusSchema,
  previous_status: listingStatusSchema,
});

/** A client message the server could not accept (unknown type, not JSON, bad fields). */
export const socketErrorMessageSchema = z.object({
  type: z.literal('error'),
  code: z.enum(['invalid_message', 'unknown_type']),
  detail: z.string(),
});

/** Every message the server sends on `/ws/notifications`, told apart by `type`. */
export const notificationServerMessageSchema = z.discriminatedUnion('type', [
  connectedMessageSchema,
  pongMessageSchema,
  notificationMessageSchema,
  newMessageMessageSchema,
  newFollowerMessageSchema,
  listingUpdateMessageSchema,
  favoriteUpdateMessageSchema,
  adminUpdateMessageSchema,
  userStatusUpdateMessageSchema,
  listingStatusChangedMessageSchema,
  socketErrorMessageSchema,
]);
export type NotificationServerMessage = z.infer<typeof notificationServerMessageSchema>;
export type NotificationServerMessageType = NotificationServerMessage['type'];

// ---- Client → server ----

/** Heartbeat every 30 s (SPEC.md §7); `timestamp` is echoed in the pong. */
export const pingMessageSchema = z.object({
  type: z.literal('ping'),
  timestamp: z.number(),
});

/** Every message a client may send on `/ws/notifications`. */
export const notificationClientMessageSchema = z.discriminatedUnion('type', [pingMessageSchema]);
export type NotificationClientMessage = z.infer<typeof notificationClientMessageSchema>;
