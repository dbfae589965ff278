import {
  SOCKET_CLOSE_POLICY,
  SOCKET_CLOSE_TOO_BIG,
  SOCKET_FRAME_MAX_BYTES,
  STORY_SOCKET_PATH,
  STORY_SOCKET_RATE_MAX,
  STORY_SOCKET_RATE_WINDOW_MS,
  type StoryServerMessage,
  storyClientMessageSchema,
} from '@marketplace/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { AppError } from '../../lib/errors.ts';
import { findSessionMember, type SessionMember } from '../auth/index.ts';
import { listFollowers } from '../follows/index.ts';
import * as stories from './service.ts';
import '../auth/events.ts';
import './events.ts';

const ACCESS_TOKEN = /^[\w-]+\.[\w-]+\.[\w-]+$/;
const REASONS = {
  token: 'Ungültiger oder abgelaufener Token',
  ended: 'Die Sitzung wurde beendet.',
  tooBig: 'Nachricht zu groß (höchstens 16 kB)',
} as const;
/** Followers told of a new story live; the rest see it in the feed. */
const FOLLOWERS_MAX = 5000;

/**
 * A fixed-window message counter of one socket: at most `max` messages per `windowMs`.
 * `take` answers 0 when the message may pass, else the ms until the window ends.
 */
export class SocketRateLimit {
  private windowStart = Number.NEGATIVE_INFINITY;
  private count = 0;

  private readonly max: number;
  private readonly windowMs: number;

  constructor(max = STORY_SOCKET_RATE_MAX, windowMs = STORY_SOCKET_RATE_WINDOW_MS) {
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
}

/** The open story sockets of this instance, by member and by session. */
class StorySockets {
  private readonly byUser = new Map<string, Set<WebSocket>>();
  private readonly sessionOf = new Map<WebSocket, string>();

  add(socket: WebSocket, userId: string, sessionId: string): void {
    let set = this.byUser.get(userId);
    if (!set) {
      set = new Set();
      this.byUser.set(userId, set);
    }
    set.add(socket);
    this.sessionOf.set(socket, sessionId);
    socket.once('close', () => {
      set.delete(socket);
      if (set.size === 0) this.byUser.delete(userId);
      this.sessionOf.delete(socket);
    });
  }

  has(userId: string): boolean {
    return this.byUser.has(userId);
  }

  get size(): number {
    return this.sessionOf.size;
  }

  send(userIds: Iterable<string>, message: StoryServerMessage): void {
    const text = JSON.stringify(message);
    for (const userId of userIds) for (const socket of this.byUser.get(userId) ?? []) socket.send(text);
  }

  closeSessions(sessionIds: readonly string[]): void {
    const ended = new Set(sessionIds);
    for (const [socket, sessionId] of this.sessionOf) {
      if (ended.has(sessionId)) socket.close(SOCKET_CLOSE_POLICY, REASONS.ended);
    }
  }

  /** Closes every socket: 1001 when the server stops, or the given code and reason. */
  closeAll(code = 1001, reason = 'Server wird beendet'): void {
    for (const socket of this.sessionOf.keys()) socket.close(code, reason);
  }
}

const byteLength = (data: RawData) =>
  Array.isArray(data) ? data.reduce((sum, part) => sum + part.length, 0) : data.byteLength;

/**
 * `/ws/stories?token=` (SPEC.md §4 "Story socket", §7 "Sockets"): an access token or a socket
 * ticket of `POST /api/realtime/ticket` opens it (docs/decisions/0007: it closes with 1008 when
 * its session ends). Client messages `story_view`, `story_reaction`, `story_reply` (with the
 * rules of the HTTP calls: a live session, a verified e-mail address for reactions and replies,
 * the reply's length and the chat's send limit; a refusal is answered `error` with the HTTP
 * call's German `detail`) and `ping`; the server answers `pong`, tells the owner `story_viewed`,
 * `story_reaction` and `story_reply`, and followers `new_story`. More than 30 messages in 10 s
 * are answered `rate_limit_exceeded` and not carried out.
 * A foreign Origin (not `PUBLIC_URL` nor the request's own host) is refused with 403.
 * @param redeemTicket redeems a socket ticket (realtime), null for an unknown or used one
 */
export async function storySocketRoutes(
  app: FastifyInstance,
  deps: stories.StoriesDeps,
  publicUrl: string,
  redeemTicket: (ticket: string) => Promise<{ userId: string; sessionId: string } | null>,
): Promise<void> {
  const sockets = new StorySockets();
  const members = new WeakMap<FastifyRequest, SessionMember | null>();

  const memberOf = async (token: unknown): Promise<SessionMember | null> => {
    if (typeof token !== 'string' || token.length === 0 || token.length > 4096) return null;
    if (ACCESS_TOKEN.test(token)) return app.sessionOfToken(token);
    const redeemed = await redeemTicket(token);
    return redeemed ? findSessionMember(deps.db, redeemed.sessionId, redeemed.userId) : null;
  };

  app.events.onEveryInstance('session.ended', ({ sessionIds, moved }) => {
    sockets.closeSessions(sessionIds.filter((id) => id !== moved?.from));
  });
  app.events.onEveryInstance('story.viewed', ({ storyId, ownerId, viewerId }) => {
    sockets.send([ownerId], { type: 'story_viewed', story_id: storyId, viewer_id: viewerId });
  });
  app.events.onEveryInstance('story.reacted', ({ storyId, ownerId, userId }) => {
    sockets.send([ownerId], { type: 'story_reaction', story_id: storyId, user_id: userId });
  });
  app.events.onEveryInstance('story.replied', ({ storyId, ownerId, conversationId }) => {
    sockets.send([ownerId], { type: 'story_reply', story_id: storyId, conversation_id: conversationId });
  });
  app.events.onEveryInstance('story.created', async ({ storyId, ownerId }) => {
    if (sockets.size === 0) return;
    const followers = await listFollowers(deps.db, ownerId, { limit: FOLLOWERS_MAX, offset: 0 });
    const here = followers.map((edge) => edge.userId).filter((id) => sockets.has(id));
    if (here.length === 0) return;
    const story = await stories.getStory(deps, ownerId, storyId).catch(() => null);
    if (story) sockets.send(here, { type: 'new_story', story: { ...story, has_viewed: false } });
  });
  app.addHook('preClose', async () => sockets.closeAll());
  // Back after a lost connection to the other instances (Redis): events of the gap never arrived
  // here, so clients reconnect and fetch anew; 1012 is "service restart", as on the notification
  // socket (realtime/index.ts).
  const stopListening = app.events.onReconnected(() =>
    sockets.closeAll(1012, 'Live-Verbindung wird erneuert.'),
  );
  app.addHook('onClose', async () => stopListening());

  app.get(
    STORY_SOCKET_PATH,
    {
      websocket: true,
      preValidation: async (request) => {
        const origin = request.headers.origin?.toLowerCase();
        const own = [new URL(publicUrl).origin, `${request.protocol}://${request.host}`.toLowerCase()];
        if (origin !== undefined && !own.includes(origin)) {
          throw new AppError('forbidden', 'Fremde Herkunft (Origin) abgelehnt.');
        }
        members.set(request, await memberOf((request.query as Record<string, unknown>).token));
      },
    },
    (socket, request) => {
      const user = members.get(request);
      members.delete(request);
      if (!user) {
        socket.close(SOCKET_CLOSE_POLICY, REASONS.token);
        return;
      }
      sockets.add(socket, user.id, user.sessionId);
      void findSessionMember(deps.db, user.sessionId, user.id).then(
        (still) => {
          if (!still) socket.close(SOCKET_CLOSE_POLICY, REASONS.ended);
        },
        (error: unknown) => app.log.warn({ err: error }, 'session check of a new story socket failed'),
      );
      const limit = new SocketRateLimit();
      const send = (message: StoryServerMessage) => socket.send(JSON.stringify(message));
      socket.on('message', (data, isBinary) => {
        if (byteLength(data) > SOCKET_FRAME_MAX_BYTES) {
          socket.close(SOCKET_CLOSE_TOO_BIG, REASONS.tooBig);
          return;
        }
        const wait = limit.take(Date.now());
        if (wait > 0) {
          send({ type: 'rate_limit_exceeded', retry_after_ms: wait });
          return;
        }
        let parsed: unknown;
        try {
          parsed = isBinary ? undefined : JSON.parse(data.toString());
        } catch {
          parsed = undefined;
        }
        const message = storyClientMessageSchema.safeParse(parsed);
        if (!message.success) {
          send({ type: 'error', detail: 'Ungültige Nachricht.' });
          return;
        }
        const m = message.data;
        const work = async () => {
          if (m.type === 'ping') {
            send({ type: 'pong', timestamp: m.timestamp });
            return;
          }
          // Each action under the rules of its HTTP call: the session must still hold (checked
          // afresh, as every request checks its token), and a reaction or a reply needs a
          // verified e-mail address (`requireVerified`); the services apply the same limits.
          const member = await findSessionMember(deps.db, user.sessionId, user.id);
          if (!member) {
            socket.close(SOCKET_CLOSE_POLICY, REASONS.ended);
            return;
          }
          if (m.type === 'story_view') {
            await stories.view(deps, member, m.story_id);
            return;
          }
          if (!member.emailVerified) throw new AppError('email_not_verified');
          if (m.type === 'story_reaction') await stories.react(deps, member, m.story_id, m.reaction);
          else await stories.replyTo(deps, member, m.story_id, m.text);
        };
        work().catch((error: unknown) => {
          if (error instanceof AppError) send({ type: 'error', detail: error.detail });
          else app.log.error({ err: error }, 'story socket message failed');
        });
      });
      send({ type: 'connected', user_id: user.id });
    },
  );
}
