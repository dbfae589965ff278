import {
  CHAT_RATING_MIN_MESSAGES_EACH,
  type ChatConversation,
  type ChatMessage,
  type ChatMessageKind,
  type ChatRating,
  coverImageUrl,
  formatEuros,
} from '@marketplace/contract';
import { type RatingRow, selectRatingsBy } from '../ratings/index.ts';
import { reportedBy } from '../reports/index.ts';
import { type Actor, displayName, findAccounts } from '../users/index.ts';
import type { ChatDeps } from './deps.ts';
import { aboutListing, otherMemberOf } from './policies.ts';
import * as queries from './queries.ts';
import type { ConversationRow, MessageRow } from './schema.ts';

/**
 * The chat's rows in the contract's shapes (`packages/contract/src/chat.ts`): messages, their
 * previews, ratings, conversations as the viewer sees them, and the answer rate.
 */

const PREVIEW_MAX = 100;

/** Short text of a message for the conversation list and notifications. */
export function messagePreview(message: Pick<MessageRow, 'kind' | 'content' | 'amountCents'>): string {
  const amount = message.amountCents !== null ? formatEuros(message.amountCents / 100) : '';
  const text = message.content.replace(/\s+/g, ' ').trim();
  const short = text.length > PREVIEW_MAX ? `${text.slice(0, PREVIEW_MAX - 1)}…` : text;
  switch (message.kind) {
    case 'image':
      return short ? `📷 ${short}` : '📷 Foto';
    case 'offer':
      return `Preisvorschlag: ${amount}`;
    case 'offer_accepted':
      return `Preisvorschlag angenommen: ${amount}`;
    case 'offer_declined':
      return 'Preisvorschlag abgelehnt';
    case 'offer_countered':
      return `Gegenangebot: ${amount}`;
    default:
      return short;
  }
}

/**
 * A message as the API answers it to `viewerId` (contract `chatMessageSchema`). Its `warning`
 * (the scam shield's worst signal) goes to the recipient only: the sender is not told
 * (docs/decisions/0031-scam-shield-in-chat.md).
 * @param canSend false while either member blocks the other (then no offer can be answered)
 */
export function toChatMessage(row: MessageRow, viewerId: string, canSend = true): ChatMessage {
  return {
    id: row.id,
    conversation_id: row.conversationId,
    sender_id: row.senderId,
    kind: row.kind,
    content: row.content,
    image: row.image,
    amount: row.amountCents === null ? null : row.amountCents / 100,
    offer_id: row.offerId,
    offer_status: row.offerStatus,
    can_respond: canSend && row.offerStatus === 'open' && row.senderId !== viewerId,
    client_id: row.clientId,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt ? row.readAt.toISOString() : null,
    warning: row.recipientId === viewerId ? (row.scamSignals[0] ?? null) : null,
  };
}

export function toChatRating(row: RatingRow): ChatRating {
  return { stars: row.stars, text: row.text, created_at: row.createdAt.toISOString() };
}

/**
 * Conversations as `viewer` sees them (contract `chatConversationSchema`): the other member,
 * the ad, unread count, block state, the viewer's rating and what the viewer may do.
 */
export async function presentConversations(
  deps: ChatDeps,
  viewer: Actor,
  rows: readonly ConversationRow[],
): Promise<ChatConversation[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const otherIds = [...new Set(rows.map((row) => otherMemberOf(row, viewer.id)))];
  const listingIds = [...new Set(rows.flatMap((row) => (row.listingId ? [row.listingId] : [])))];
  const [members, ads, unread, blocks, myRatings, reported, sides] = await Promise.all([
    findAccounts(deps.db, otherIds),
    deps.listings.find(deps.db, listingIds),
    queries.countUnreadByConversation(deps.db, viewer.id, ids),
    queries.selectBlocksOf(deps.db, viewer.id, otherIds),
    selectRatingsBy(deps.db, viewer.id, ids),
    reportedBy(deps.db, viewer.id, 'conversation', ids),
    queries.countMessagesPerSide(deps.db, ids, CHAT_RATING_MIN_MESSAGES_EACH),
  ]);
  const memberById = new Map(members.map((member) => [member.id, member]));
  return rows.map((row) => {
    const otherId = otherMemberOf(row, viewer.id);
    const member = memberById.get(otherId);
    const ad = row.listingId ? ads.get(row.listingId) : undefined;
    const blockedByMe = blocks.some((b) => b.blockerId === viewer.id && b.blockedId === otherId);
    const blockedMe = blocks.some((b) => b.blockerId === otherId && b.blockedId === viewer.id);
    const myRating = myRatings.get(row.id);
    const side = sides.get(row.id) ?? { buyer: 0, seller: 0 };
    const myRole = row.buyerId === viewer.id ? 'buyer' : 'seller';
    const canSend = !blockedByMe && !blockedMe;
    return {
      id: row.id,
      listing: ad
        ? {
            id: ad.id,
            title: ad.title,
            thumbnail: coverImageUrl(ad.images),
            price: ad.priceCents / 100,
            price_type: ad.priceType,
            status: ad.status,
          }
        : null,
      my_role: myRole,
      other_member: {
        id: otherId,
        name: member ? displayName(member) : 'Benutzer',
        avatar: member?.avatarUrl ?? null,
      },
      last_message:
        row.lastMessageId && row.lastMessageSenderId && row.lastMessageKind
          ? {
              preview: row.lastMessagePreview ?? '',
              created_at: row.lastActivityAt.toISOString(),
              sender_id: row.lastMessageSenderId,
              kind: row.lastMessageKind as ChatMessageKind,
            }
          : null,
      unread_count: unread.get(row.id) ?? 0,
      blocked_by_me: blockedByMe,
      blocked_me: blockedMe,
      can_send: canSend,
      can_offer:
        canSend &&
        myRole === 'buyer' &&
        ad !== undefined &&
        ad.priceType === 'negotiable' &&
        ad.status === 'active',
      can_rate:
        aboutListing(row) &&
        !myRating &&
        side.buyer >= CHAT_RATING_MIN_MESSAGES_EACH &&
        side.seller >= CHAT_RATING_MIN_MESSAGES_EACH,
      my_rating: myRating ? toChatRating(myRating) : null,
      reported: reported.has(row.id),
      created_at: row.createdAt.toISOString(),
      last_activity_at: row.lastActivityAt.toISOString(),
    };
  });
}

export async function presentConversation(deps: ChatDeps, viewer: Actor, row: ConversationRow) {
  const [conversation] = await presentConversations(deps, viewer, [row]);
  if (!conversation) throw new Error(`conversation ${row.id} was not presented`);
  return conversation;
}

/**
 * The answer rate in whole percent from a member's conversation counts (the `"answerCounts"`
 * column of `answerCountsColumn`); null when nobody has written to them.
 */
export function answerRateOf(
  counts: { received: number; answered: number } | null | undefined,
): number | null {
  return counts && counts.received > 0 ? Math.round((counts.answered / counts.received) * 100) : null;
}
