import {
  CHAT_RATING_MIN_MESSAGES_EACH,
  CHAT_UNREAD_CAP,
  type ChatConversation,
  type ChatConversationList,
  type ChatRating,
  type ChatReportReason,
} from '@marketplace/contract';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { countRequest } from '../auth/index.ts';
import { insertRating } from '../ratings/index.ts';
import { fileReport } from '../reports/index.ts';
import { type Actor, getAccount, profilePermissions } from '../users/index.ts';
import { texts, UUID_PATTERN } from './constants.ts';
import type { ChatDeps } from './deps.ts';
import { aboutListing, memberConversation, otherMemberOf } from './policies.ts';
import { presentConversation, presentConversations, toChatRating } from './present.ts';
import * as queries from './queries.ts';
import { CONVERSATION_REPORT_LIMIT } from './reports.ts';
import type { ConversationRow } from './schema.ts';

/**
 * The chat's conversation use cases: the list, starting and opening a conversation, read marks
 * and the unread count, blocking, reporting and rating the other member. Messages are in
 * `messages.ts`, offers in `offers.ts`.
 */

/** The key that makes starting a conversation idempotent (see `chatConversations.pairKey`). */
function pairKey(listingId: string | null, buyerId: string, sellerId: string): string {
  if (listingId) return `l:${listingId}:${buyerId}`;
  return buyerId < sellerId ? `u:${buyerId}:${sellerId}` : `u:${sellerId}:${buyerId}`;
}

function encodeConversationCursor(row: ConversationRow): string {
  return Buffer.from(JSON.stringify([row.lastActivityAt.getTime(), row.id])).toString('base64url');
}

function decodeConversationCursor(cursor: string): queries.ConversationCursor {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, unknown];
    if (typeof at === 'number' && typeof id === 'string' && UUID_PATTERN.test(id))
      return { at: new Date(at), id };
  } catch {
    // answered below
  }
  throw new AppError('validation', "Parameter 'cursor': Ungültiger Cursor.");
}

/**
 * `GET /api/chat/conversations`: the actor's conversations that have messages, newest activity
 * first, paged by `cursor`.
 * @throws AppError validation (422) for a malformed cursor
 */
export async function listConversations(
  deps: ChatDeps,
  actor: Actor,
  query: { limit: number; cursor?: string | undefined },
): Promise<ChatConversationList> {
  const cursor = query.cursor ? decodeConversationCursor(query.cursor) : null;
  const rows = await queries.selectConversationPage(deps.db, actor.id, cursor, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    conversations: await presentConversations(deps, actor, page),
    next_cursor: rows.length > query.limit && last ? encodeConversationCursor(last) : null,
  };
}

/**
 * `POST /api/chat/conversations`: opens the conversation of the actor with the seller of
 * `listingId`, or with member `userId`; the same pair (and ad) always gets the same one.
 * @returns the conversation and whether it was created now
 * @throws AppError listing_not_found / user_not_found (404), chat_with_self (400) for oneself or
 *   one's own ad, chat_blocked (403) for a new conversation between members who blocked each other
 */
export async function startConversation(
  deps: ChatDeps,
  actor: Actor,
  target: { listing_id: string } | { user_id: string },
): Promise<{ conversation: ChatConversation; created: boolean }> {
  let listingId: string | null = null;
  let sellerId: string;
  if ('listing_id' in target) {
    const ad = UUID_PATTERN.test(target.listing_id)
      ? (await deps.listings.find(deps.db, [target.listing_id])).get(target.listing_id)
      : undefined;
    if (!ad) throw new AppError('listing_not_found');
    if (ad.sellerId === actor.id) throw new AppError('chat_with_self', texts.ownListing);
    listingId = ad.id;
    sellerId = ad.sellerId;
  } else {
    if (!profilePermissions(actor, { id: target.user_id }).message) throw new AppError('chat_with_self');
    sellerId = (await getAccount(deps.db, target.user_id)).id;
  }
  const key = pairKey(listingId, actor.id, sellerId);
  const existing = await queries.selectConversationByKey(deps.db, key);
  if (existing) return { conversation: await presentConversation(deps, actor, existing), created: false };
  if ((await queries.selectBlocksBetween(deps.db, actor.id, sellerId)).length > 0) {
    throw new AppError('chat_blocked');
  }
  const { row, created } = await queries.upsertConversation(deps.db, {
    pairKey: key,
    listingId,
    buyerId: actor.id,
    sellerId,
  });
  return { conversation: await presentConversation(deps, actor, row), created };
}

/**
 * `GET /api/chat/conversations/{id}`.
 * @throws AppError conversation_not_found (404), conversation_forbidden (403)
 */
export async function getConversation(deps: ChatDeps, actor: Actor, id: string): Promise<ChatConversation> {
  return presentConversation(deps, actor, await memberConversation(deps.db, actor, id));
}

/**
 * `POST /api/chat/conversations/{id}/read`: marks the other member's messages read and, when any
 * became read, emits `conversation.read` in the same transaction (the bell's message notification for this
 * conversation becomes read too, SPEC.md §3).
 * @returns how many became read and the actor's unread total afterwards (capped)
 * @throws AppError conversation_not_found (404), conversation_forbidden (403)
 */
export async function markConversationRead(
  deps: ChatDeps,
  actor: Actor,
  id: string,
): Promise<{ marked_read: number; unread_count: number }> {
  const conversation = await memberConversation(deps.db, actor, id);
  const marked = await deps.events.transaction(deps.db, async (tx, emit) => {
    const marked = await queries.markRead(tx, conversation.id, actor.id);
    if (marked > 0) emit('conversation.read', { conversationId: conversation.id, readerId: actor.id });
    return marked;
  });
  return { marked_read: marked, unread_count: await unreadCount(deps.db, actor.id) };
}

/**
 * Unread messages to `userId` over all conversations, at most `cap` and never more than {@link CHAT_UNREAD_CAP}
 * (SPEC.md §7 "unread message count … limit 100"; the badge shows 99+ above 99, §9).
 */
export function unreadCount(db: Database, userId: string, cap: number = CHAT_UNREAD_CAP): Promise<number> {
  return queries.countUnreadCapped(db, userId, Math.min(cap, CHAT_UNREAD_CAP));
}

/**
 * `POST` / `DELETE /api/chat/conversations/{id}/block`: the actor blocks or unblocks the other
 * member; while either blocks the other, no messages go either way in any of their conversations.
 * @returns the conversation afterwards
 */
export async function setBlocked(
  deps: ChatDeps,
  actor: Actor,
  id: string,
  blocked: boolean,
): Promise<ChatConversation> {
  const conversation = await memberConversation(deps.db, actor, id);
  const other = otherMemberOf(conversation, actor.id);
  if (blocked) await queries.insertBlock(deps.db, actor.id, other);
  else await queries.deleteBlock(deps.db, actor.id, other);
  return presentConversation(deps, actor, conversation);
}

/**
 * `POST /api/chat/conversations/{id}/report`: stores the actor's report of the other member for
 * the administrators; reporting again replaces the earlier report (one per member and
 * conversation) and confirms nothing again. At most {@link CONVERSATION_REPORT_LIMIT} per member
 * and hour, counted with the report in one transaction (holds under parallel requests). The
 * reporter's confirmation follows from `conversation.reported`.
 * @param body `{ reason, text? }` (contract `chatReportBodySchema`)
 * @returns the German confirmation
 * @throws AppError conversation_not_found (404), conversation_forbidden (403), rate_limited (429)
 */
export async function reportConversation(
  deps: ChatDeps,
  actor: Actor,
  id: string,
  body: { reason: ChatReportReason; text?: string | undefined },
): Promise<{ detail: string }> {
  const conversation = await memberConversation(deps.db, actor, id);
  await deps.events.transaction(deps.db, async (tx, emit) => {
    await countRequest(tx, CONVERSATION_REPORT_LIMIT, actor.id);
    const filed = await fileReport(
      tx,
      {
        targetType: 'conversation',
        targetId: conversation.id,
        reportedId: otherMemberOf(conversation, actor.id),
        reporterId: actor.id,
        reason: body.reason,
        comment: body.text?.trim() ? body.text.trim() : null,
      },
      'replace',
    );
    // The reporter's confirmation (DSA Art. 16) is a durable reaction, once per report: a repeat
    // replaces the reason and note and confirms nothing again.
    if (filed === 'new')
      emit('conversation.reported', {
        conversationId: conversation.id,
        reporterId: actor.id,
        reportedId: otherMemberOf(conversation, actor.id),
      });
  });
  return { detail: texts.reported };
}

/**
 * `POST /api/chat/conversations/{id}/rating`: the actor rates the other member, once per
 * conversation about an ad, after both wrote at least {@link CHAT_RATING_MIN_MESSAGES_EACH}
 * messages. The ratings make the seller's `rating` and `reviewCount` (SPEC.md §3).
 * @throws AppError rating_not_allowed (400), rating_exists (409), 404, 403
 */
export async function rateConversation(
  deps: ChatDeps,
  actor: Actor,
  id: string,
  body: { stars: number; text?: string | undefined },
): Promise<ChatRating> {
  const conversation = await memberConversation(deps.db, actor, id);
  if (!aboutListing(conversation)) throw new AppError('rating_not_allowed', texts.ratingNoListing);
  const sides = (
    await queries.countMessagesPerSide(deps.db, [conversation.id], CHAT_RATING_MIN_MESSAGES_EACH)
  ).get(conversation.id);
  if (!sides || sides.buyer < CHAT_RATING_MIN_MESSAGES_EACH || sides.seller < CHAT_RATING_MIN_MESSAGES_EACH) {
    throw new AppError('rating_not_allowed');
  }
  const row = await insertRating(deps.db, {
    conversationId: conversation.id,
    raterId: actor.id,
    rateeId: otherMemberOf(conversation, actor.id),
    stars: body.stars,
    text: body.text?.trim() ? body.text.trim() : null,
  });
  if (!row) throw new AppError('rating_exists');
  return toChatRating(row);
}
