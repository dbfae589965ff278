import type { ChatConversation, ChatMessage, ChatMessageKind } from '@marketplace/contract';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { Actor } from '../users/index.ts';
import { texts, UUID_PATTERN } from './constants.ts';
import type { ChatDeps } from './deps.ts';
import { selectMessage, setOfferStatus } from './message-queries.ts';
import { aboutListing, memberConversation } from './policies.ts';
import { presentConversation, toChatMessage } from './present.ts';
import type { ConversationRow } from './schema.ts';
import { storeMessage } from './sending.ts';

/**
 * Price offers in a conversation about an ad: the ad as offers need it, euros as cents, and the
 * other side's answer to an open offer (accept, decline, counter). Making an offer is a message
 * (`messages.ts`).
 */

/** The ad of a conversation as offers need it. @throws AppError offer_not_possible (400) and others */
export async function offerListing(deps: ChatDeps, db: Database, conversation: ConversationRow) {
  if (!conversation.listingId) {
    throw new AppError('offer_not_possible', aboutListing(conversation) ? texts.offerListingGone : undefined);
  }
  const ad = (await deps.listings.find(db, [conversation.listingId])).get(conversation.listingId);
  if (!ad) throw new AppError('offer_not_possible', texts.offerListingGone);
  if (ad.priceType !== 'negotiable') throw new AppError('offer_not_possible');
  return ad;
}

/** Euros (two decimals at most, checked by the contract) as integer cents. */
export function toCents(euros: number): number {
  return Math.round(euros * 100);
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
    ? await selectMessage(deps.db, conversation.id, offerId)
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
      const current = await selectMessage(tx, locked.id, offer.id);
      if (current?.offerStatus !== 'open') throw new AppError('offer_not_open');
      if (current.senderId === actor.id) throw new AppError('offer_not_possible', texts.offerOwn);
      if (response.action === 'counter' && current.kind !== 'offer') {
        throw new AppError('offer_not_possible', texts.counterOnlySeller);
      }
      await offerListing(deps, tx, locked);
      await setOfferStatus(
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
 * `POST /api/chat/conversations/{id}/reserve`: the seller marks the ad of the conversation
 * reserved from the chat ('Als reserviert markieren'), e.g. after the buyer accepted a counter
 * offer or the seller accepted without reserving, through the listings module's own status
 * change. An ad that is reserved already stays so (a repeat changes nothing).
 * @returns the conversation as the seller sees it now (its ad `reserved`)
 * @throws AppError conversation_not_found (404), conversation_forbidden (403) for the buyer and
 *   outsiders, offer_not_possible (400) without an ad, conflict (409) for a sold, expired or
 *   removed ad
 */
export async function reserveListingOf(
  deps: ChatDeps,
  actor: Actor,
  conversationId: string,
): Promise<ChatConversation> {
  const conversation = await memberConversation(deps.db, actor, conversationId);
  if (conversation.sellerId !== actor.id)
    throw new AppError('conversation_forbidden', texts.reserveSellerOnly);
  const listingId = conversation.listingId;
  const ad = listingId ? (await deps.listings.find(deps.db, [listingId])).get(listingId) : undefined;
  if (!listingId || !ad) throw new AppError('offer_not_possible', texts.offerListingGone);
  if (ad.status === 'active') await deps.listings.reserve(actor, listingId);
  else if (ad.status !== 'reserved') throw new AppError('conflict', texts.offerListingInactive);
  return presentConversation(deps, actor, conversation);
}
