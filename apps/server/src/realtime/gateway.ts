import {
  SOCKET_CLOSE_POLICY,
  SOCKET_CLOSE_RATE_LIMITED,
  SOCKET_CLOSE_TOO_BIG,
  SOCKET_FRAME_MAX_BYTES,
} from '@marketplace/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { AppError } from '../lib/errors.ts';
import { findSessionMember, type SessionMember } from '../modules/auth/index.ts';
import { isAdmin } from '../modules/users/index.ts';
import { SocketHub } from './hub.ts';
import { redeemSocketTicket } from './tickets.ts';
import '../modules/auth/events.ts';

/**
 * Close codes and reasons of the gateway (SPEC.md §4 "Notification socket", §7 "Sockets";
 * docs/decisions/0021-one-socket-gateway.md). Reasons are German like every text a person may
 * read, at most 123 bytes each. 1008 tells the web app not to reconnect; 1012 is WebSocket's
 * "service restart": the live events of a lost connection between the instances (Redis) did not
 * arrive, so clients reconnect and fetch anew.
 */
export const SOCKET_CLOSES = {
  token: { code: SOCKET_CLOSE_POLICY, reason: 'Ungültiger oder abgelaufener Token' },
  ended: { code: SOCKET_CLOSE_POLICY, reason: 'Die Sitzung wurde beendet.' },
  tooBig: { code: SOCKET_CLOSE_TOO_BIG, reason: 'Nachricht zu groß (höchstens 16 kB)' },
  flood: {
    code: SOCKET_CLOSE_RATE_LIMITED,
    reason: 'Zu viele Nachrichten. Bitte verbinde dich später erneut.',
  },
  sockets: {
    code: SOCKET_CLOSE_RATE_LIMITED,
    reason: 'Zu viele offene Verbindungen. Bitte schließe andere Tabs.',
  },
  reconnected: { code: 1012, reason: 'Live-Verbindung wird erneuert.' },
} as const;

/** Interval of the server's heartbeat pings; a socket silent for two rounds is dropped (ms). */
export const HEARTBEAT_MS = 45_000;

const ACCESS_TOKEN = /^[\w-]+\.[\w-]+\.[\w-]+$/;

const byteLength = (data: RawData) =>
  Array.isArray(data) ? data.reduce((sum, part) => sum + part.length, 0) : data.byteLength;

/**
 * A fixed-window message counter of one socket: at most `max` messages per `windowMs`.
 * `take` answers 0 when the message may pass, else the ms until the window ends.
 */
export class SocketRateLimit {
  private windowStart = Number.NEGATIVE_INFINITY;
  private count = 0;

  private readonly max: number;
  private readonly windowMs: number;

  constructor(max: number, windowMs: number) {
    this.max = max;
    this.windowMs = windowMs;
  }

  /** Counts one message at `now` (ms). @returns 0 when it passes, else the wait in ms */
  take(now: number): number {
    if (now - this.windowStart >= this.windowMs) {
      this.windowStart = now;
      this.count = 0;
    }
    this.count += 1;
    return this.count > this.max ? this.windowStart + this.windowMs - now : 0;
  }

  /** Messages of the current window beyond `max` (0 while within the limit). */
  get excess(): number {
    return Math.max(0, this.count - this.max);
  }
}

/** One accepted socket as an endpoint sees it. */
export interface SocketConnection<Message extends { type: string }> {
  readonly socket: WebSocket;
  /** The member as the handshake found them. */
  readonly member: SessionMember;
  /** Sends one server message (JSON). */
  send(message: Message): void;
  /**
   * The member afresh from the socket's server-side session (docs/decisions/0007), which follows
   * a password change of this device. When the session has ended, the socket closes with 1008
   * ("Die Sitzung wurde beendet.") and the answer is null.
   */
  currentMember(): Promise<SessionMember | null>;
}

/** What an endpoint brings to the gateway: its path and what it accepts and sends. */
export interface SocketEndpoint<Message extends { type: string }> {
  /** The socket's path (SPEC.md §7 "Sockets"). */
  path: string;
  /** Sockets one member may hold on one instance; a further one closes with 4008. No limit unless set. */
  socketsPerMember?: number;
  /** Client messages one socket may send per window (ms); the frame size limit is the gateway's. */
  rateLimit: { max: number; windowMs: number };
  /**
   * What a message over the limit gets instead of being handled: without this the socket closes
   * with 4008. With it the endpoint answers the first message over the limit of a window, the
   * further ones of that window are dropped, and a socket that sends as many again beyond the
   * limit within the window (a flood) closes with 4008.
   * @param retryAfterMs ms until the window ends
   */
  rateLimited?(connection: SocketConnection<Message>, retryAfterMs: number): void;
  /** Called once the socket is accepted and registered (the endpoint sends its greeting). */
  opened(connection: SocketConnection<Message>): void;
  /**
   * Called with every client message within the limits: the parsed JSON, or undefined for a
   * binary frame or unreadable JSON. A rejected promise is logged.
   */
  message(connection: SocketConnection<Message>, parsed: unknown): void | Promise<void>;
}

/**
 * The one WebSocket gateway of an instance (ARCHITECTURE.md "realtime",
 * docs/decisions/0021-one-socket-gateway.md). For every endpoint it owns the upgrade (a foreign
 * Origin gets 403 before it), the credential in `?token=` (an access token or a single-use
 * socket ticket, docs/decisions/0007; a bad one closes with 1008), the server-side session
 * (checked once more after registering; on `session.ended` the sockets of those sessions close
 * with 1008 on every instance, the asking device's sockets following a password change), the
 * frame size (1009), the per-socket message limit, the heartbeat that drops dead connections,
 * and the 1012 close after a lost connection to the other instances. Each endpoint keeps its
 * messages and subscriptions, and gets a {@link SocketHub} of its own sockets.
 */
export class SocketGateway {
  private readonly hubs: SocketHub<{ type: string }>[] = [];
  private readonly app: FastifyInstance;
  private readonly publicUrl: string;

  /**
   * Subscribes to `session.ended` and to the bus's reconnection, and starts the heartbeat when the
   * app is ready (stopped on close).
   * @param publicUrl `PUBLIC_URL`: its origin may open sockets, as may the request's own host
   */
  constructor(app: FastifyInstance, publicUrl: string) {
    this.app = app;
    this.publicUrl = publicUrl;
    app.events.onEveryInstance('session.ended', ({ sessionIds, moved }) => {
      const ended = sessionIds.filter((id) => id !== moved?.from);
      for (const hub of this.hubs) {
        if (moved) hub.moveSession(moved.from, moved.to);
        hub.closeSessions(ended, SOCKET_CLOSES.ended.code, SOCKET_CLOSES.ended.reason);
      }
    });
    const stopListening = app.events.onReconnected(() => {
      for (const hub of this.hubs)
        hub.closeAll(SOCKET_CLOSES.reconnected.code, SOCKET_CLOSES.reconnected.reason);
    });
    app.addHook('onClose', async () => stopListening());
    app.addHook('onReady', async () => this.startHeartbeat(HEARTBEAT_MS));
    app.addHook('preClose', async () => this.stopHeartbeat());
  }

  /**
   * Pings every endpoint's sockets once every `intervalMs` (in slices of `sliceMs`) and drops
   * those that neither answered the previous ping nor sent anything since. Restarts a running
   * heartbeat.
   */
  startHeartbeat(intervalMs: number, sliceMs = 1000): void {
    for (const hub of this.hubs) hub.startHeartbeat(intervalMs, sliceMs);
  }

  /** Stops the heartbeat (shutdown). */
  stopHeartbeat(): void {
    for (const hub of this.hubs) hub.stopHeartbeat();
  }

  /**
   * Whether a browser on the request's Origin may open a socket: the app's own origin
   * (`PUBLIC_URL`, or the scheme and Host of this request). No Origin header (a non-browser
   * client) is allowed.
   */
  originAllowed(request: FastifyRequest): boolean {
    const origin = request.headers.origin;
    if (origin === undefined) return true;
    const own = new Set([
      new URL(this.publicUrl).origin,
      `${request.protocol}://${request.host}`.toLowerCase(),
    ]);
    return own.has(origin.toLowerCase());
  }

  /**
   * The member and session behind `?token=`: an access token (SPEC.md §7) or a socket ticket,
   * which is used up. Either names a server-side session that must still work (docs/decisions/0007).
   * @returns null for a missing, malformed, expired or used credential, an ended session and a
   *   gone member
   */
  private async memberOf(token: unknown): Promise<SessionMember | null> {
    if (typeof token !== 'string' || token.length === 0 || token.length > 4096) return null;
    if (ACCESS_TOKEN.test(token)) return this.app.sessionOfToken(token);
    const db = this.app.database.db;
    const redeemed = await redeemSocketTicket(db, token);
    return redeemed ? findSessionMember(db, redeemed.sessionId, redeemed.userId) : null;
  }

  /**
   * Registers an endpoint: its WebSocket route on `app` (the registering module's instance) with
   * the gateway's handshake, checks and closes around the endpoint's own handlers.
   * @returns the hub of the endpoint's open sockets on this instance (deliver, who is connected)
   */
  endpoint<Message extends { type: string }>(
    app: FastifyInstance,
    endpoint: SocketEndpoint<Message>,
  ): SocketHub<Message> {
    const hub = new SocketHub<Message>(endpoint.socketsPerMember ?? Number.POSITIVE_INFINITY);
    this.hubs.push(hub);
    const members = new WeakMap<FastifyRequest, SessionMember | null>();
    app.get(
      endpoint.path,
      {
        websocket: true,
        preValidation: async (request) => {
          if (!this.originAllowed(request))
            throw new AppError('forbidden', 'Fremde Herkunft (Origin) abgelehnt.');
          members.set(request, await this.memberOf((request.query as Record<string, unknown>).token));
        },
      },
      (socket, request) => {
        const member = members.get(request);
        members.delete(request);
        if (!member) {
          socket.close(SOCKET_CLOSES.token.code, SOCKET_CLOSES.token.reason);
          return;
        }
        if (!hub.add(socket, member.id, isAdmin(member), member.sessionId)) {
          socket.close(SOCKET_CLOSES.sockets.code, SOCKET_CLOSES.sockets.reason);
          return;
        }
        this.accept(hub, endpoint, socket, member);
      },
    );
    return hub;
  }

  /** Runs an accepted, registered socket: session re-check, message checks, the endpoint's handlers. */
  private accept<Message extends { type: string }>(
    hub: SocketHub<Message>,
    endpoint: SocketEndpoint<Message>,
    socket: WebSocket,
    member: SessionMember,
  ): void {
    const db = this.app.database.db;
    const log = this.app.log;
    const endSession = () => socket.close(SOCKET_CLOSES.ended.code, SOCKET_CLOSES.ended.reason);
    const connection: SocketConnection<Message> = {
      socket,
      member,
      send: (message) => socket.send(JSON.stringify(message)),
      currentMember: async () => {
        const current = await findSessionMember(db, hub.sessionOf(socket) ?? member.sessionId, member.id);
        if (!current) endSession();
        return current;
      },
    };
    // A session that ended between the handshake and `hub.add` missed its `session.ended` here:
    // look once more now that the socket is registered.
    connection.currentMember().catch((error: unknown) => {
      log.warn({ err: error, path: endpoint.path }, 'session check of a new socket failed');
    });
    const limit = new SocketRateLimit(endpoint.rateLimit.max, endpoint.rateLimit.windowMs);
    socket.on('message', (data, isBinary) => {
      if (byteLength(data) > SOCKET_FRAME_MAX_BYTES) {
        socket.close(SOCKET_CLOSES.tooBig.code, SOCKET_CLOSES.tooBig.reason);
        return;
      }
      const wait = limit.take(Date.now());
      if (wait > 0) {
        if (!endpoint.rateLimited || limit.excess > endpoint.rateLimit.max)
          socket.close(SOCKET_CLOSES.flood.code, SOCKET_CLOSES.flood.reason);
        else if (limit.excess === 1) endpoint.rateLimited(connection, wait);
        return;
      }
      hub.touch(socket);
      let parsed: unknown;
      try {
        parsed = isBinary ? undefined : JSON.parse(data.toString());
      } catch {
        parsed = undefined;
      }
      const handle = async () => endpoint.message(connection, parsed);
      handle().catch((error: unknown) => {
        log.error({ err: error, path: endpoint.path }, 'socket message failed');
      });
    });
    endpoint.opened(connection);
  }
}
