import type { ChatMessage, ChatMessageList } from '@marketplace/contract';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { uploadIdOf } from '../media/index.ts';
import type { Actor } from '../users/index.ts';
import { toChatMessages } from './appointments.ts';
import { texts, UUID_PATTERN } from './constants.ts';
import { startConversation } from './conversations.ts';
import type { ChatDeps } from './deps.ts';
import { selectMessage, selectMessagePage, selectOpenOffer } from './message-queries.ts';
import { offerListing, toCents } from './offers.ts';
import { memberConversation } from './policies.ts';
import { toChatMessage } from './present.ts';
import * as queries from './queries.ts';
import type { ConversationRow } from './schema.ts';
import { type MessageDraft, storeMessage } from './sending.ts';

/**
 * The chat's message use cases: a conversation's messages page by page, sending a text, photo or
 * offer, and a reply to a story.
 */

/** Where a message cursor (a message id) sits in its conversation. @throws AppError validation (422) */
async function cursorPosition(db: Database, conversationId: string, messageId: string, field: string) {
  const row = UUID_PATTERN.test(messageId) ? await selectMessage(db, conversationId, messageId) : undefined;
  if (!row) throw new AppError('validation', `Parameter '${field}': ${texts.cursorUnknown}`);
  return { createdAt: row.createdAt, seq: row.seq };
}

/**
 * `GET /api/chat/conversations/{id}/messages`: the newest page, older ones with `before`, the
 * ones after a message with `after` (catching up after a reconnect); always oldest first.
 * @throws AppError conversation_not_found (404), conversation_forbidden (403), validation (422)
 */
export async function listMessages(
  deps: ChatDeps,
  actor: Actor,
  id: string,
  query: { before?: string | undefined; after?: string | undefined; limit: number },
): Promise<ChatMessageList> {
  const conversation = await memberConversation(deps.db, actor, id);
  if (query.before && query.after) throw new AppError('validation', texts.cursorBoth);
  const direction = query.after ? 'after' : 'before';
  const cursor = query.after ?? query.before;
  const position = cursor ? await cursorPosition(deps.db, conversation.id, cursor, direction) : null;
  const [rows, blocks] = await Promise.all([
    selectMessagePage(deps.db, conversation.id, direction, position, query.limit),
    queries.selectBlocksBetween(deps.db, conversation.buyerId, conversation.sellerId),
  ]);
  const page = rows.slice(0, query.limit);
  if (direction === 'before') page.reverse();
  const canSend = blocks.length === 0;
  return {
    messages: await toChatMessages(deps, page, conversation, actor.id, canSend),
    has_more: rows.length > query.limit,
  };
}

/**
 * Checks that an image URL has the shape of a photo `POST /api/upload` answered; whose upload it
 * is, is checked when the message is stored (`claimChatPhoto`). @throws AppError validation (422)
 */
function ownImageUrl(url: string): string {
  const value = url.trim();
  if (!uploadIdOf(value)) throw new AppError('validation', texts.foreignImage);
  return value;
}

/**
 * `POST /api/chat/conversations/{id}/messages` (and `…/offers`): stores a text, photo or offer
 * message of the actor. A retry with the same `client_id` answers the stored message.
 * @param body after the contract's checks: `content` trimmed, at most 2,000 characters
 * @returns the message, and `created` false for a retry (the route answers 200 instead of 201)
 * @throws AppError conversation_not_found (404), conversation_forbidden (403), chat_blocked (403),
 *   validation (422) for a foreign image URL or an unknown or already used upload, upload_not_own
 *   (403) for another member's upload, offer_not_possible (400), conflict (409) while an offer
 *   is open, rate_limited (429)
 */
export async function sendMessage(
  deps: ChatDeps,
  actor: Actor,
  conversationId: string,
  body: {
    client_id?: string | undefined;
    content?: string | undefined;
    image?: string | undefined;
    kind?: 'text' | 'image' | 'offer' | undefined;
    amount?: number | undefined;
  },
): Promise<{ message: ChatMessage; created: boolean }> {
  // Membership is checked on the locked conversation (one query fewer before the send).
  const kind = body.kind ?? (body.image ? 'image' : 'text');
  const draft = (): MessageDraft => ({
    kind,
    content: body.content ?? '',
    image: kind === 'image' && body.image ? ownImageUrl(body.image) : null,
    amountCents: kind === 'offer' && body.amount !== undefined ? toCents(body.amount) : null,
    offerId: null,
    clientId: body.client_id ?? null,
  });
  const extra =
    kind === 'offer'
      ? async (tx: Database, locked: ConversationRow) => {
          if (locked.buyerId !== actor.id) throw new AppError('offer_not_possible', texts.offerBuyerOnly);
          const ad = await offerListing(deps, tx, locked);
          if (ad.status !== 'active') throw new AppError('offer_not_possible', texts.offerListingInactive);
          if (await selectOpenOffer(tx, locked.id)) throw new AppError('conflict', texts.offerStillOpen);
        }
      : undefined;
  const result = await storeMessage(deps, actor, conversationId, draft, extra);
  return { message: toChatMessage(result.message, actor.id), created: result.created };
}

/**
 * A reply to a story (stories module): `content` from `actor` to `recipientId`, with the story's
 * picture above it when `image` is given (a URL of a picture the server stored for this message,
 * not an upload of the sender). It continues the two members' conversation: the one between
 * them with the newest message, direct or about an ad, whoever started it; only while they have
 * written nothing to each other does it go to their direct conversation (started when there is
 * none), so a story reply never opens a second conversation beside the one they are having.
 * @returns the conversation's id
 * @throws AppError chat_with_self (400), user_not_found (404), chat_blocked (403), rate_limited (429)
 */
export async function sendStoryReply(
  deps: ChatDeps,
  actor: Actor,
  recipientId: string,
  content: string,
  image: string | null,
): Promise<{ conversationId: string }> {
  const ongoing = UUID_PATTERN.test(recipientId)
    ? await queries.selectLatestConversationBetween(deps.db, actor.id, recipientId)
    : undefined;
  const conversationId =
    ongoing?.id ?? (await startConversation(deps, actor, { user_id: recipientId })).conversation.id;
  await storeMessage(deps, actor, conversationId, () => ({
    kind: image ? 'image' : 'text',
    content,
    image,
    amountCents: null,
    offerId: null,
    clientId: null,
    serverImage: true,
  }));
  return { conversationId };
}
