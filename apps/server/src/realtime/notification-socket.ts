import {
  NOTIFICATION_SOCKET_PATH,
  type NotificationServerMessage,
  notificationClientMessageSchema,
  SOCKET_CLOSE_POLICY,
  SOCKET_CLOSE_RATE_LIMITED,
  SOCKET_CLOSE_TOO_BIG,
  SOCKET_FRAME_MAX_BYTES,
  SOCKET_RATE_MAX_MESSAGES,
  SOCKET_RATE_WINDOW_MS,
  socketTicketSchema,
} from '@marketplace/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RawData, WebSocket } from 'ws';
import { AppError } from '../lib/errors.ts';
import { errorResponses } from '../lib/route-schemas.ts';
import { findSessionMember, type SessionMember } from '../modules/auth/index.ts';
import { isAdmin } from '../modules/users/index.ts';
import type { SocketHub } from './hub.ts';
import { issueSocketTicket, redeemSocketTicket } from './tickets.ts';

const ACCESS_TOKEN = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/** Close reasons (at most 123 bytes each, German like every text a person may read). */
const REASONS = {
  token: 'Ungültiger oder abgelaufener Token',
  ended: 'Die Sitzung wurde beendet.',
  tooBig: 'Nachricht zu groß (höchstens 16 kB)',
  flood: 'Zu viele Nachrichten. Bitte verbinde dich später erneut.',
  sockets: 'Zu viele offene Verbindungen. Bitte schließe andere Tabs.',
} as const;

export interface NotificationSocketOptions {
  hub: SocketHub;
  /** `PUBLIC_URL`: its origin may open the socket, as may the origin of the request's own host. */
  publicUrl: string;
}

/**
 * Whether a browser on `origin` may open the socket: the app's own origin (`PUBLIC_URL`, or the
 * scheme and Host of this request). No Origin header (a non-browser client) is allowed.
 */
export function originAllowed(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  const own = new Set([new URL(publicUrl).origin, `${request.protocol}://${request.host}`.toLowerCase()]);
  return own.has(origin.toLowerCase());
}

/**
 * The member and session behind `?token=`: an access token (SPEC.md §7) or a socket ticket,
 * which is used up. Either names a server-side session that must still work (docs/decisions/0007).
 * @returns null for a missing, malformed, expired or used credential, an ended session and a
 *   gone member
 */
async function socketUser(app: FastifyInstance, token: unknown): Promise<SessionMember | null> {
  if (typeof token !== 'string' || token.length === 0 || token.length > 4096) return null;
  const db = app.database.db;
  if (ACCESS_TOKEN.test(token)) return app.sessionOfToken(token);
  const redeemed = await redeemSocketTicket(db, token);
  return redeemed ? findSessionMember(db, redeemed.sessionId, redeemed.userId) : null;
}

/** The socket's protocol in the OpenAPI description (the socket route itself is not listed there). */
const SOCKET_DESCRIPTION = [
  'Open `GET /ws/notifications?token={ticket}` (WebSocket) with the ticket, or with an access token.',
  'Server messages (JSON with `type`, contract `notificationServerMessageSchema`): `connected`, `pong`,',
  '`notification`, `new_message`, `new_follower`, `listing_update`, `favorite_update`, `admin_update`,',
  '`user_status_update`, `listing_status_changed`, `error`. Client messages: `{type: "ping", timestamp}`',
  '(every 30 s). A foreign Origin gets HTTP 403; a bad, expired or used token closes with 1008 (do not',
  'reconnect), as does the socket when the session of its ticket or token ends (logout); a frame over 16 kB closes with 1009; more than 20 messages in 10 s or more than 20',
  'sockets of one member close with 4008.',
].join(' ');

const send = (socket: WebSocket, message: NotificationServerMessage) => socket.send(JSON.stringify(message));

const byteLength = (data: RawData) =>
  Array.isArray(data) ? data.reduce((sum, part) => sum + part.length, 0) : data.byteLength;

/**
 * `/ws/notifications?token=` (SPEC.md §4 "Notification socket", §7 "Sockets") and
 * `POST /api/realtime/ticket`. A foreign Origin is refused with 403 before the upgrade; a bad
 * credential closes with 1008 after it. Then the server sends `connected`, answers each ping
 * with a pong, and answers anything else with an `error` message. A frame over 16 kB closes with
 * 1009, more than 20 messages in 10 s with 4008, as does a 21st socket of one member.
 */
export const notificationSocketRoutes: FastifyPluginAsyncZod<NotificationSocketOptions> = async (
  app,
  options,
) => {
  const { hub, publicUrl } = options;
  const members = new WeakMap<FastifyRequest, SessionMember | null>();

  app.post(
    '/api/realtime/ticket',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['realtime'],
        summary: 'A single-use credential for /ws/notifications, valid 60 s',
        description: SOCKET_DESCRIPTION,
        security: [{ bearerAuth: [] }],
        response: { 201: socketTicketSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const { ticket, expiresIn } = await issueSocketTicket(
        app.database.db,
        request.user.id,
        request.user.sessionId,
      );
      return reply.status(201).send({ ticket, expires_in: expiresIn });
    },
  );

  app.get(
    NOTIFICATION_SOCKET_PATH,
    {
      websocket: true,
      preValidation: async (request) => {
        if (!originAllowed(request, publicUrl))
          throw new AppError('forbidden', 'Fremde Herkunft (Origin) abgelehnt.');
        const query = request.query as Record<string, unknown>;
        members.set(request, await socketUser(app, query.token));
      },
    },
    (socket, request) => {
      const user = members.get(request);
      members.delete(request);
      if (!user) {
        socket.close(SOCKET_CLOSE_POLICY, REASONS.token);
        return;
      }
      if (!hub.add(socket, user.id, isAdmin(user), user.sessionId)) {
        socket.close(SOCKET_CLOSE_RATE_LIMITED, REASONS.sockets);
        return;
      }
      // A session that ended between the check above and `hub.add` missed its `session.ended`
      // here: look once more now that the socket is registered.
      void findSessionMember(app.database.db, user.sessionId, user.id).then(
        (still) => {
          if (!still) socket.close(SOCKET_CLOSE_POLICY, REASONS.ended);
        },
        (error: unknown) => app.log.warn({ err: error }, 'session check of a new socket failed'),
      );
      let windowStart = 0;
      let count = 0;
      socket.on('message', (data, isBinary) => {
        if (byteLength(data) > SOCKET_FRAME_MAX_BYTES) {
          socket.close(SOCKET_CLOSE_TOO_BIG, REASONS.tooBig);
          return;
        }
        const now = Date.now();
        if (now - windowStart >= SOCKET_RATE_WINDOW_MS) {
          windowStart = now;
          count = 0;
        }
        count += 1;
        if (count > SOCKET_RATE_MAX_MESSAGES) {
          socket.close(SOCKET_CLOSE_RATE_LIMITED, REASONS.flood);
          return;
        }
        hub.touch(socket);
        let parsed: unknown;
        try {
          parsed = isBinary ? undefined : JSON.parse(data.toString());
        } catch {
          parsed = undefined;
        }
        const message = notificationClientMessageSchema.safeParse(parsed);
        if (message.success) {
          send(socket, { type: 'pong', timestamp: message.data.timestamp });
          return;
        }
        const type = (parsed as { type?: unknown } | undefined)?.type;
        const known = notificationClientMessageSchema.options.some(
          (option) => option.shape.type.value === type,
        );
        send(
          socket,
          known || typeof type !== 'string'
            ? { type: 'error', code: 'invalid_message', detail: 'Ungültige Nachricht.' }
            : { type: 'error', code: 'unknown_type', detail: 'Unbekannter Nachrichtentyp.' },
        );
      });
      send(socket, { type: 'connected', user_id: user.id, server_time: Date.now() });
    },
  );
};
