import {
  CHAT_MESSAGES_PER_MINUTE,
  CHAT_RATING_MIN_MESSAGES_EACH,
  CHAT_UNREAD_CAP,
  type ChatConversation,
  type ChatConversationList,
  type ChatMessage,
  type ChatMessageKind,
  type ChatMessageList,
  type ChatRating,
  type ChatReportReason,
  coverImageUrl,
  formatEuros,
  type ListingStatus,
  type PriceType,
} from '@marketplace/contract';
import type { Database } from '../../db/client.ts';
import { AppError, rateLimitedError } from '../../lib/errors.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import { claimChatPhoto, uploadIdOf } from '../media/index.ts';
import { insertRating, type RatingRow, selectRatingsBy } from '../ratings/index.ts';
import { type Actor, displayName, findAccounts, getAccount, profilePermissions } from '../users/index.ts';
import * as queries from './queries.ts';
import type { ConversationRow, MessageRow } from './schema.ts';

/** An ad as the chat needs it, from the listings module. `status` is the effective one (`expired` derived). */
export interface ChatListingInfo {
  id: string;
  sellerId: string;
  title: string;
  /** Same-origin image URLs, cover first. */
  images: string[];
  priceCents: number;
  priceType: PriceType;
  status: ListingStatus;
}

/** What the chat asks of the listings module (its door), so this module never reads ads' tables. */
export interface ChatListingSource {
  /** Ads by id; unknown ids are left out. */
  find(db: Database, ids: readonly string[]): Promise<Map<string, ChatListingInfo>>;
  /**
   * Marks an ad reserved by its seller, through the listings module's own status change (which
   * announces it to the other modules). @returns whether the ad is reserved afterwards
   */
  reserve(actor: Actor, listingId: string): Promise<boolean>;
}

/** What the chat service needs from the running application. */
export interface ChatDeps {
  db: Database;
  events: EventBus;
  listings: ChatListingSource;
}

/** Window of the sending limit in ms ({@link CHAT_MESSAGES_PER_MINUTE} per window). */
export const CHAT_SEND_WINDOW_MS = 60_000;
const PREVIEW_MAX = 100;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** German texts of the chat rules that are not in the error catalogue (contract `chat.ts`). */
export const texts = {
  reported: 'Danke! Wir prüfen die Unterhaltung.',
  ownListing: 'Das ist deine eigene Anzeige – du kannst dir dazu nicht selbst schreiben.',
  tooManyMessages: 'Du hast in kurzer Zeit sehr viele Nachrichten gesendet.',
  foreignImage:
    "Feld 'image': Fotos müssen über „Foto hinzufügen“ hochgeladen werden; fremde Bildadressen sind nicht erlaubt.",
  offerBuyerOnly: 'Nur Interessenten können einen Preisvorschlag machen.',
  offerListingGone: 'Diese Anzeige gibt es nicht mehr.',
  offerListingInactive: 'Diese Anzeige ist nicht mehr verfügbar.',
  offerStillOpen: 'Es gibt schon einen offenen Preisvorschlag. Warte bitte auf die Antwort.',
  offerNotFound: 'Diesen Preisvorschlag gibt es nicht.',
  offerOwn: 'Auf deinen eigenen Preisvorschlag kannst du nicht antworten.',
  counterOnlySeller: 'Auf ein Gegenangebot kannst du nur zusagen oder absagen.',
  ratingNoListing: 'Bewerten kannst du nur nach einer Unterhaltung über eine Anzeige.',
  cursorUnknown: 'Diese Nachricht gibt es in dieser Unterhaltung nicht.',
  cursorBoth: "Parameter 'before': Bitte nur before oder after angeben, nicht beides.",
} as const;

/** The key that makes starting a conversation idempotent (see `chatConversations.pairKey`). */
function pairKey(listingId: string | null, buyerId: string, sellerId: string): string {
  if (listingId) return `l:${listingId}:${buyerId}`;
  return buyerId < sellerId ? `u:${buyerId}:${sellerId}` : `u:${sellerId}:${buyerId}`;
}

function aboutListing(row: ConversationRow): boolean {
  return row.pairKey.startsWith('l:');
}

function otherMemberOf(row: ConversationRow, userId: string): string {
  return row.buyerId === userId ? row.sellerId : row.buyerId;
}

/** Policy: only its two members may read or write a conversation. */
export function isConversationMember(actor: Actor, row: ConversationRow): boolean {
  return row.buyerId === actor.id || row.sellerId === actor.id;
}

/**
 * A conversation the actor belongs to.
 * @throws AppError conversation_not_found (404), also for malformed ids; conversation_forbidden (403)
 */
async function memberConversation(db: Database, actor: Actor, id: string): Promise<ConversationRow> {
  const row = UUID_PATTERN.test(id) ? await queries.selectConversation(db, id) : undefined;
  if (!row) throw new AppError('conversation_not_found');
  if (!isConversationMember(actor, row)) throw new AppError('conversation_forbidden');
  return row;
}

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
 * A message as the API answers it to `viewerId` (contract `chatMessageSchema`).
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
  };
}

function toChatRating(row: RatingRow): ChatRating {
  return { stars: row.stars, text: row.text, created_at: row.createdAt.toISOString() };
}

/**
 * Conversations as `viewer` sees them (contract `chatConversationSchema`): the other member,
 * the ad, unread count, block state, the viewer's rating and what the viewer may do.
 */
async function presentConversations(
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
    queries.selectReportedConversations(deps.db, viewer.id, ids),
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

async function presentConversation(deps: ChatDeps, viewer: Actor, row: ConversationRow) {
  const [conversation] = await presentConversations(deps, viewer, [row]);
  if (!conversation) throw new Error(`conversation ${row.id} was not presented`);
  return conversation;
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

/** Where a message cursor (a message id) sits in its conversation. @throws AppError validation (422) */
async function cursorPosition(db: Database, conversationId: string, messageId: string, field: string) {
  const row = UUID_PATTERN.test(messageId)
    ? await queries.selectMessage(db, conversationId, messageId)
    : undefined;
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
    queries.selectMessagePage(deps.db, conversation.id, direction, position, query.limit),
    queries.selectBlocksBetween(deps.db, conversation.buyerId, conversation.sellerId),
  ]);
  const page = rows.slice(0, query.limit);
  if (direction === 'before') page.reverse();
  const canSend = blocks.length === 0;
  return {
    messages: page.map((row) => toChatMessage(row, actor.id, canSend)),
    has_more: rows.length > query.limit,
  };
}

/** A message to store, before the rules of its kind have been checked. */
interface MessageDraft {
  kind: ChatMessageKind;
  content: string;
  image: string | null;
  amountCents: number | null;
  offerId: string | null;
  clientId: string | null;
  /** The image is no upload of the sender but a picture the server made (a story reply's thumbnail). */
  serverImage?: true;
}

/**
 * Stores one message in the conversation's transaction: locks the conversation (so order is
 * kept) and checks that the actor is one of its members, answers an earlier message with the
 * same `clientId` unchanged, refuses blocked members, counts the sending limit, runs `extra`
 * (offer steps), stores the message, claims its photo through the media door (so the upload
 * sweep keeps it; only the sender's own upload) and keeps it as the conversation's newest.
 * Without `extra` and photo the transaction holds two statements: the lock, then one for the
 * checks, the count, the message and the conversation row (each round trip to the database
 * delays the message on a busy machine). Emits `message.created` in the same transaction (its
 * live message goes out after the commit, its notification is a durable reaction), never for a
 * repeat.
 * @param draft builds the message once membership is known (its checks may throw)
 * @throws AppError conversation_not_found (404), conversation_forbidden (403), chat_blocked
 *   (403), rate_limited (429), upload_not_own (403) and validation (422) for a photo that is not
 *   the sender's unused upload, and whatever `draft` and `extra` throw
 */
async function storeMessage(
  deps: ChatDeps,
  actor: Actor,
  conversationId: string,
  draft: () => MessageDraft,
  extra?: (tx: Database, conversation: ConversationRow) => Promise<void>,
): Promise<{ message: MessageRow; created: boolean; conversation: ConversationRow }> {
  if (!UUID_PATTERN.test(conversationId)) throw new AppError('conversation_not_found');
  return deps.events.transaction(deps.db, async (tx, emit) => {
    const conversation = await queries.lockConversation(tx, conversationId);
    if (!conversation) throw new AppError('conversation_not_found');
    if (!isConversationMember(actor, conversation)) throw new AppError('conversation_forbidden');
    const values = draft();
    const toStore: queries.MessageToStore = {
      conversationId,
      senderId: actor.id,
      recipientId: otherMemberOf(conversation, actor.id),
      kind: values.kind,
      content: values.content,
      image: values.image,
      amountCents: values.amountCents,
      offerId: values.offerId,
      offerStatus: values.kind === 'offer' || values.kind === 'offer_countered' ? 'open' : null,
      clientId: values.clientId,
      preview: messagePreview(values),
    };
    const check = extra
      ? await queries.checkAndCountSend(tx, toStore, CHAT_SEND_WINDOW_MS)
      : await queries.sendInOneStatement(tx, toStore, CHAT_SEND_WINDOW_MS, CHAT_MESSAGES_PER_MINUTE);
    if (check.earlier) return { message: check.earlier, created: false, conversation };
    if (check.blocked) throw new AppError('chat_blocked');
    const quota = check.quota;
    if (!quota) throw new Error('the sending limit was not counted');
    if (quota.count > CHAT_MESSAGES_PER_MINUTE) {
      throw rateLimitedError(texts.tooManyMessages, (quota.windowEnds.getTime() - Date.now()) / 1000);
    }
    if (extra) await extra(tx, conversation);
    const message = extra ? await queries.insertMessage(tx, toStore) : check.message;
    if (!message) throw new Error('a message with the same client_id appeared despite the lock');
    if (message.image && !values.serverImage) await claimChatPhoto(tx, message.image, actor.id, message.id);
    emit('message.created', {
      conversationId: conversation.id,
      messageId: message.id,
      senderId: message.senderId,
      recipientId: message.recipientId,
      listingId: conversation.listingId,
      preview: messagePreview(message),
    });
    return { message, created: true, conversation };
  });
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

/** The ad of a conversation as offers need it. @throws AppError offer_not_possible (400) and others */
async function offerListing(deps: ChatDeps, db: Database, conversation: ConversationRow) {
  if (!conversation.listingId) {
    throw new AppError('offer_not_possible', aboutListing(conversation) ? texts.offerListingGone : undefined);
  }
  const ad = (await deps.listings.find(db, [conversation.listingId])).get(conversation.listingId);
  if (!ad) throw new AppError('offer_not_possible', texts.offerListingGone);
  if (ad.priceType !== 'negotiable') throw new AppError('offer_not_possible');
  return ad;
}

/** Euros (two decimals at most, checked by the contract) as integer cents. */
function toCents(euros: number): number {
  return Math.round(euros * 100);
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
          if (await queries.selectOpenOffer(tx, locked.id))
            throw new AppError('conflict', texts.offerStillOpen);
        }
      : undefined;
  const result = await storeMessage(deps, actor, conversationId, draft, extra);
  return { message: toChatMessage(result.message, actor.id), created: result.created };
}

/**
 * A reply to a story (stories module): `content` from `actor` to `recipientId` in their direct
 * conversation (started when there is none), with the story's picture when `image` is given
 * (a URL of a picture the server stored for this message, not an upload of the sender).
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
  const { conversation } = await startConversation(deps, actor, { user_id: recipientId });
  await storeMessage(deps, actor, conversation.id, () => ({
    kind: image ? 'image' : 'text',
    content,
    image,
    amountCents: null,
    offerId: null,
    clientId: null,
    serverImage: true,
  }));
  return { conversationId: conversation.id };
}

/**
 * `POST /api/chat/conversations/{id}/offers/{messageId}/accept|decline|counter`: the other side
 * answers an open offer. The seller may accept, decline or counter a buyer's offer; the buyer
 * may accept or decline a counter offer. Each answer is a message of its own kind; the answered
 * offer is then no longer open. Accepting with `reserve` (the seller only) then marks the ad
 * reserved through the listings module.
 * @returns the answer message and whether the ad is now reserved
 * @throws AppError not_found (404) for an unknown offer, offer_not_open (409) for an answered
 *   one, offer_not_possible (400), conversation_forbidden (403), chat_blocked (403), rate_limited (429)
 */
export async function respondToOffer(
  deps: ChatDeps,
  actor: Actor,
  conversationId: string,
  offerId: string,
  response:
    | { action: 'accept'; reserve: boolean }
    | { action: 'decline' }
    | { action: 'counter'; amount: number },
  clientId: string | null,
): Promise<{ message: ChatMessage; reserved: boolean; created: boolean }> {
  const conversation = await memberConversation(deps.db, actor, conversationId);
  const offer = UUID_PATTERN.test(offerId)
    ? await queries.selectMessage(deps.db, conversation.id, offerId)
    : undefined;
  if (!offer || (offer.kind !== 'offer' && offer.kind !== 'offer_countered')) {
    throw new AppError('not_found', texts.offerNotFound);
  }
  const kind: ChatMessageKind =
    response.action === 'accept'
      ? 'offer_accepted'
      : response.action === 'decline'
        ? 'offer_declined'
        : 'offer_countered';
  const reserve = response.action === 'accept' && response.reserve && conversation.sellerId === actor.id;
  const result = await storeMessage(
    deps,
    actor,
    conversation.id,
    () => ({
      kind,
      content: '',
      image: null,
      amountCents: response.action === 'counter' ? toCents(response.amount) : offer.amountCents,
      offerId: offer.id,
      clientId,
    }),
    async (tx, locked) => {
      const current = await queries.selectMessage(tx, locked.id, offer.id);
      if (current?.offerStatus !== 'open') throw new AppError('offer_not_open');
      if (current.senderId === actor.id) throw new AppError('offer_not_possible', texts.offerOwn);
      if (response.action === 'counter' && current.kind !== 'offer') {
        throw new AppError('offer_not_possible', texts.counterOnlySeller);
      }
      await offerListing(deps, tx, locked);
      await queries.setOfferStatus(
        tx,
        current.id,
        response.action === 'accept' ? 'accepted' : response.action === 'decline' ? 'declined' : 'countered',
      );
    },
  );
  // The reservation is the listings module's change, made after the accept is stored
  // (its status events then go out as for any other change of the ad).
  const listingId = conversation.listingId;
  let reserved = false;
  if (reserve && listingId !== null) {
    // A retried accept reserves nothing again; it reports the ad's state as it is now.
    reserved = result.created
      ? await deps.listings.reserve(actor, listingId)
      : (await deps.listings.find(deps.db, [listingId])).get(listingId)?.status === 'reserved';
  }
  return { message: toChatMessage(result.message, actor.id), reserved, created: result.created };
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
 * `POST /api/chat/conversations/{id}/report`: stores the actor's report for the administrators;
 * reporting again replaces the earlier report (one per member and conversation).
 */
export async function reportConversation(
  deps: ChatDeps,
  actor: Actor,
  id: string,
  body: { reason: ChatReportReason; text?: string | undefined },
): Promise<{ detail: string }> {
  const conversation = await memberConversation(deps.db, actor, id);
  await deps.events.transaction(deps.db, async (tx, emit) => {
    await queries.upsertReport(tx, {
      conversationId: conversation.id,
      reporterId: actor.id,
      reason: body.reason,
      text: body.text?.trim() ? body.text.trim() : null,
    });
    // The reporter's confirmation (DSA Art. 16) is a durable reaction.
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

/**
 * The answer rate in whole percent from a member's conversation counts (the `"answerCounts"`
 * column of `answerCountsColumn`); null when nobody has written to them.
 */
export function answerRateOf(
  counts: { received: number; answered: number } | null | undefined,
): number | null {
  return counts && counts.received > 0 ? Math.round((counts.answered / counts.received) * 100) : null;
}
