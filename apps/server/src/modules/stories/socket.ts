import {
  STORY_SOCKET_PATH,
  STORY_SOCKET_RATE_MAX,
  STORY_SOCKET_RATE_WINDOW_MS,
  type StoryServerMessage,
  storyClientMessageSchema,
} from '@marketplace/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { SOCKETS_PER_MEMBER_MAX, type SocketConnection } from '../../realtime/index.ts';
import { listFollowers } from '../follows/index.ts';
import type { StoriesDeps } from './deps.ts';
import { storyPermissionsOf } from './policies.ts';
import { getStory } from './queries.ts';
import * as stories from './service.ts';
import './events.ts';

/** Followers told of a new story live; the rest see it in the feed. */
const FOLLOWERS_MAX = 5000;

/**
 * `/ws/stories?token=` (SPEC.md §4 "Story socket", §7 "Sockets") as an endpoint of the socket
 * gateway, which owns the handshake (an access token or a socket ticket of
 * `POST /api/realtime/ticket`), the session (1008 when it ends), the frame size, the heartbeat
 * and the close codes (docs/decisions/0021-one-socket-gateway.md). Client messages `story_view`,
 * `story_reaction`, `story_reply` (with the rules of the HTTP calls: a live session, a verified
 * e-mail address for reactions and replies, the reply's length and the chat's send limit; a
 * refusal is answered `error` with the HTTP call's German `detail`) and `ping`; the server answers
 * `pong`, tells the owner `story_viewed`, `story_reaction` and `story_reply`, and followers
 * `new_story`. More than 30 messages in 10 s are answered `rate_limit_exceeded` and not carried
 * out; the socket stays open.
 */
export function storySocketRoutes(app: FastifyInstance, deps: StoriesDeps): void {
  const handle = async (connection: SocketConnection<StoryServerMessage>, parsed: unknown) => {
    const message = storyClientMessageSchema.safeParse(parsed);
    if (!message.success) {
      connection.send({ type: 'error', detail: 'Ungültige Nachricht.' });
      return;
    }
    const m = message.data;
    if (m.type === 'ping') {
      connection.send({ type: 'pong', timestamp: m.timestamp });
      return;
    }
    // Each action under the rules of its HTTP call: the session must still hold (checked
    // afresh, as every request checks its token; the gateway closes the socket when it ended),
    // and a reaction or a reply needs a verified e-mail address (`requireVerified`); the
    // services apply the same limits.
    const member = await connection.currentMember();
    if (!member) return;
    if (m.type === 'story_view') {
      await stories.view(deps, member, m.story_id);
      return;
    }
    if (!member.emailVerified) throw new AppError('email_not_verified');
    if (m.type === 'story_reaction') await stories.react(deps, member, m.story_id, m.reaction);
    else await stories.replyTo(deps, member, m.story_id, m.text);
  };

  const sockets = app.realtime.gateway.endpoint<StoryServerMessage>(app, {
    path: STORY_SOCKET_PATH,
    socketsPerMember: SOCKETS_PER_MEMBER_MAX,
    rateLimit: { max: STORY_SOCKET_RATE_MAX, windowMs: STORY_SOCKET_RATE_WINDOW_MS },
    rateLimited(connection, retryAfterMs) {
      connection.send({ type: 'rate_limit_exceeded', retry_after_ms: retryAfterMs });
    },
    opened(connection) {
      connection.send({ type: 'connected', user_id: connection.member.id });
    },
    async message(connection, parsed) {
      await handle(connection, parsed).catch((error: unknown) => {
        if (error instanceof AppError) connection.send({ type: 'error', detail: error.detail });
        else app.log.error({ err: error }, 'story socket message failed');
      });
    },
  });

  app.events.onEveryInstance('story.viewed', ({ storyId, ownerId, viewerId }) => {
    sockets.deliver([ownerId], { type: 'story_viewed', story_id: storyId, viewer_id: viewerId });
  });
  app.events.onEveryInstance('story.reacted', ({ storyId, ownerId, userId }) => {
    sockets.deliver([ownerId], { type: 'story_reaction', story_id: storyId, user_id: userId });
  });
  app.events.onEveryInstance('story.replied', ({ storyId, ownerId, conversationId }) => {
    sockets.deliver([ownerId], { type: 'story_reply', story_id: storyId, conversation_id: conversationId });
  });
  app.events.onEveryInstance('story.created', async ({ storyId, ownerId }) => {
    if (sockets.size === 0) return;
    const followers = await listFollowers(deps.db, ownerId, { limit: FOLLOWERS_MAX, offset: 0 });
    const here = followers.map((edge) => edge.userId).filter((id) => sockets.isConnected(id));
    if (here.length === 0) return;
    const story = await getStory(deps, ownerId, storyId).catch(() => null);
    // Followers are other members (a member cannot follow themselves): theirs is a member's `can`.
    const seen = { has_viewed: false, can: storyPermissionsOf('member') };
    if (story) sockets.deliver(here, { type: 'new_story', story: { ...story, ...seen } });
  });
}
