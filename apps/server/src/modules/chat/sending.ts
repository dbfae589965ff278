import { CHAT_MESSAGES_PER_MINUTE, type ChatMessageKind } from '@marketplace/contract';
import type { Database } from '../../db/client.ts';
import { AppError, rateLimitedError } from '../../lib/errors.ts';
import type { Emit } from '../../realtime/event-bus.ts';
import { claimChatPhoto } from '../media/index.ts';
import type { Actor } from '../users/index.ts';
import { texts, UUID_PATTERN } from './constants.ts';
import type { ChatDeps } from './deps.ts';
import {
  checkAndCountSend,
  insertMessage,
  type MessageToStore,
  sendInOneStatement,
} from './message-queries.ts';
import { isConversationMember, otherMemberOf } from './policies.ts';
import { messagePreview } from './present.ts';
import * as queries from './queries.ts';
import { scamSignals } from './scam-signals.ts';
import type { ConversationRow, MessageRow } from './schema.ts';

/**
 * Storing one message under the chat's rules (membership, repeats, blocks, the sending limit),
 * shared by plain messages (`messages.ts`) and the answers to offers (`offers.ts`).
 */

/** Window of the sending limit in ms ({@link CHAT_MESSAGES_PER_MINUTE} per window). */
export const CHAT_SEND_WINDOW_MS = 60_000;

/** A message to store, before the rules of its kind have been checked. */
export interface MessageDraft {
  kind: ChatMessageKind;
  content: string;
  image: string | null;
  amountCents: number | null;
  offerId: string | null;
  /** Appointment kinds: the appointment proposed or answered. */
  appointmentId?: string | null;
  clientId: string | null;
  /** The text for the conversation list and notifications, when the kind's own does not fit. */
  preview?: string;
  /** The image is no upload of the sender but a picture the server made (a story reply's thumbnail). */
  serverImage?: true;
}

/**
 * Stores one message in the conversation's transaction: locks the conversation (so order is
 * kept) and checks that the actor is one of its members, answers an earlier message with the
 * same `clientId` unchanged, refuses blocked members, counts the sending limit, runs `extra`
 * (offer steps), stores the message with the scam shield's signals in its text, claims its photo
 * through the media door (so the upload sweep keeps it; only the sender's own upload) and keeps
 * it as the conversation's newest.
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
export async function storeMessage(
  deps: ChatDeps,
  actor: Actor,
  conversationId: string,
  draft: () => MessageDraft,
  extra?: (tx: Database, conversation: ConversationRow, emit: Emit) => Promise<void>,
): Promise<{ message: MessageRow; created: boolean; conversation: ConversationRow }> {
  if (!UUID_PATTERN.test(conversationId)) throw new AppError('conversation_not_found');
  return deps.events.transaction(deps.db, async (tx, emit) => {
    const conversation = await queries.lockConversation(tx, conversationId);
    if (!conversation) throw new AppError('conversation_not_found');
    if (!isConversationMember(actor, conversation)) throw new AppError('conversation_forbidden');
    const values = draft();
    const toStore: MessageToStore = {
      conversationId,
      senderId: actor.id,
      recipientId: otherMemberOf(conversation, actor.id),
      kind: values.kind,
      content: values.content,
      image: values.image,
      amountCents: values.amountCents,
      offerId: values.offerId,
      offerStatus: values.kind === 'offer' || values.kind === 'offer_countered' ? 'open' : null,
      appointmentId: values.appointmentId ?? null,
      clientId: values.clientId,
      // The scam shield classifies each message once, as it is sent (docs/decisions/0031).
      scamSignals: scamSignals(values.content, deps.scamCheck),
      preview: values.preview ?? messagePreview(values),
    };
    const check = extra
      ? await checkAndCountSend(tx, toStore, CHAT_SEND_WINDOW_MS)
      : await sendInOneStatement(tx, toStore, CHAT_SEND_WINDOW_MS, CHAT_MESSAGES_PER_MINUTE);
    if (check.earlier) return { message: check.earlier, created: false, conversation };
    if (check.blocked) throw new AppError('chat_blocked');
    const quota = check.quota;
    if (!quota) throw new Error('the sending limit was not counted');
    if (quota.count > CHAT_MESSAGES_PER_MINUTE) {
      throw rateLimitedError(texts.tooManyMessages, (quota.windowEnds.getTime() - Date.now()) / 1000);
    }
    if (extra) await extra(tx, conversation, emit);
    const message = extra ? await insertMessage(tx, toStore) : check.message;
    if (!message) throw new Error('a message with the same client_id appeared despite the lock');
    if (message.image && !values.serverImage) await claimChatPhoto(tx, message.image, actor.id, message.id);
    emit('message.created', {
      conversationId: conversation.id,
      messageId: message.id,
      senderId: message.senderId,
      recipientId: message.recipientId,
      listingId: conversation.listingId,
      kind: message.kind,
      preview: toStore.preview,
      warning: message.scamSignals[0] ?? null,
    });
    return { message, created: true, conversation };
  });
}
