import {
  NOTIFICATION_SOCKET_PATH,
  type NotificationServerMessage,
  notificationClientMessageSchema,
  SOCKET_RATE_MAX_MESSAGES,
  SOCKET_RATE_WINDOW_MS,
  socketTicketSchema,
} from '@marketplace/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../lib/route-schemas.ts';
import type { SocketEndpoint } from './gateway.ts';
import { SOCKETS_PER_MEMBER_MAX } from './hub.ts';
import { issueSocketTicket } from './tickets.ts';

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

/**
 * `POST /api/realtime/ticket`: a single-use credential for the sockets (contract
 * `socketTicketSchema`, docs/decisions/0007), 201 `{ ticket, expires_in }`, 401 without a
 * working token.
 */
export const ticketRoutes: FastifyPluginAsyncZod = async (app) => {
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
};

/**
 * `/ws/notifications?token=` (SPEC.md §4 "Notification socket", §7 "Sockets") as an endpoint of
 * the socket gateway, which checks the Origin, the credential and the session, the frame size and
 * the limit (docs/decisions/0021-one-socket-gateway.md). This endpoint allows 20 sockets per
 * member and 20 messages per 10 s, both closing with 4008 beyond. It sends `connected`, answers
 * each ping with a pong, and anything else with an `error` message; live messages reach it
 * through its hub (`realtime.deliver`).
 */
export const notificationEndpoint: SocketEndpoint<NotificationServerMessage> = {
  path: NOTIFICATION_SOCKET_PATH,
  socketsPerMember: SOCKETS_PER_MEMBER_MAX,
  rateLimit: { max: SOCKET_RATE_MAX_MESSAGES, windowMs: SOCKET_RATE_WINDOW_MS },
  opened(connection) {
    connection.send({ type: 'connected', user_id: connection.member.id, server_time: Date.now() });
  },
  message(connection, parsed) {
    const message = notificationClientMessageSchema.safeParse(parsed);
    if (message.success) {
      connection.send({ type: 'pong', timestamp: message.data.timestamp });
      return;
    }
    const type = (parsed as { type?: unknown } | undefined)?.type;
    const known = notificationClientMessageSchema.options.some((option) => option.shape.type.value === type);
    connection.send(
      known || typeof type !== 'string'
        ? { type: 'error', code: 'invalid_message', detail: 'Ungültige Nachricht.' }
        : { type: 'error', code: 'unknown_type', detail: 'Unbekannter Nachrichtentyp.' },
    );
  },
};
