import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client.ts';
import { readListings } from '../listings/index.ts';
import type { Actor } from '../users/index.ts';
import { claimDueReminders, selectMemberAppointments } from './appointment-queries.ts';
import appointmentRoutes from './appointment-routes.ts';
import {
  answerAppointment,
  type ProposalInput,
  proposeAppointment,
  withConversations,
} from './appointments.ts';
import { startConversation } from './conversations.ts';
import type { ChatDeps, ChatListingInfo, ChatListingSource } from './deps.ts';
import { sendMessage, sendStoryReply } from './messages.ts';
import { conversationReportTarget } from './reports.ts';
import { chatReputation } from './reputation.ts';
import chatRoutes from './routes.ts';
import { ownHostsOf } from './scam-signals.ts';
import './events.ts';

export { unreadCount } from './conversations.ts';
/** Conversations about one ad, as SQL for a seller's table of ads. */
export { conversationsAboutListing } from './listing-counts.ts';
export { isConversationMember } from './policies.ts';
export { messagePreview } from './present.ts';
/**
 * The chat module's only door (ARCHITECTURE.md "modules"): conversations between members,
 * messages with photos and price offers, blocks, reports, and the ratings members give after a
 * conversation about an ad (contract `chat.ts`; stored by the ratings module).
 * It publishes `message.created` (see `events.ts`) after each stored message and
 * `conversation.read` when a member's read marks changed something; other modules import only
 * from here.
 */
export { conversationNames, countMessagesSince } from './reports.ts';
export { scamSignals } from './scam-signals.ts';

/**
 * An appointment agreed in a conversation as the calendar shows it (contract `calendar.ts`):
 * times in UTC, the two members, the conversation and its ad (title null once the ad is gone).
 */
export interface CalendarAppointment {
  id: string;
  conversationId: string;
  listingId: string | null;
  listingTitle: string | null;
  proposerId: string;
  recipientId: string;
  type: 'viewing' | 'pickup';
  status: 'proposed' | 'accepted' | 'declined' | 'countered' | 'cancelled';
  startsAt: Date;
  endsAt: Date;
  place: string;
  note: string;
  updatedAt: Date;
}

/** What the calendar asks of the chat's appointments (`app.chatAppointments`). */
export interface ChatAppointments {
  /**
   * The member's proposed and accepted appointments starting in [from, to) (`to` null: every
   * one from `from` on), earliest first, at most 1,000.
   */
  forMember(userId: string, from: Date, to: Date | null): Promise<CalendarAppointment[]>;
  /**
   * Marks up to `limit` accepted appointments that start within `withinMs` (and have not begun)
   * as reminded, in `tx` (rows taken with SKIP LOCKED); the caller writes the reminders in the
   * same transaction, so each appointment is reminded of once across instances.
   */
  claimDueReminders(tx: Database, withinMs: number, limit: number): Promise<CalendarAppointment[]>;
  /**
   * Demo data (SEED_DEMO): member `buyerId` writes `greeting` about ad `listingId` and proposes
   * `proposal`; the seller accepts it when `accept`. Through the chat's own rules, so its
   * messages, events and notifications are those of a real conversation.
   */
  seedDemo(
    buyerId: string,
    listingId: string,
    greeting: string,
    proposal: ProposalInput,
    accept: boolean,
  ): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The chat's appointments for the calendar module (its reminders and feed). */
    chatAppointments: ChatAppointments;
    /**
     * Sends `content` from `actor` to member `recipientId` in the conversation the two are
     * having (the one with their newest message, direct or about an ad; their direct one, started
     * when there is none, while they have written nothing), with the chat's rules (blocks, sending
     * limit), and with `image` (a picture the server stored, e.g. a story's thumbnail) when given.
     * Story replies arrive in /chat this way.
     * @returns the conversation's id
     * @throws AppError chat_with_self (400), user_not_found (404), chat_blocked (403), rate_limited (429)
     */
    chatMessenger(
      actor: Actor,
      recipientId: string,
      content: string,
      image?: string | null,
    ): Promise<{ conversationId: string }>;
  }
}

/** The ads of the listings module as the chat needs them, through the listings door. */
function listingSource(app: FastifyInstance): ChatListingSource {
  return {
    async find(db: Database, ids: readonly string[]) {
      const ads = await readListings({ db, categories: app.categories }, ids, null);
      return new Map<string, ChatListingInfo>(
        ads.map((ad) => [
          ad.id,
          {
            id: ad.id,
            sellerId: ad.seller.id,
            title: ad.title,
            images: ad.images,
            priceCents: Math.round(ad.price * 100),
            priceType: ad.price_type,
            status: ad.status,
          },
        ]),
      );
    },
    async reserve(actor: Actor, listingId: string) {
      const ad = await app.setListingStatus(actor, listingId, 'reserved');
      return ad.status === 'reserved';
    },
  };
}

/**
 * Registers the `/api/chat/…` routes and `app.chatMessenger`, and adds the chat's part of the
 * one reputation (the answer rate) to the users door's member cards.
 * @param options.site.publicUrl this site's address: the scam shield lets links to it pass
 */
async function chat(app: FastifyInstance, options: { site: { publicUrl: string } }) {
  const deps: ChatDeps = {
    db: app.database.db,
    events: app.events,
    listings: listingSource(app),
    scamCheck: { ownHosts: ownHostsOf(options.site.publicUrl) },
  };
  app.memberCards.add(chatReputation);
  // Reported conversations in the one moderation queue (docs/decisions/0023-one-reports-store.md).
  app.reportTargets.register(conversationReportTarget);
  app.decorate('chatMessenger', (actor: Actor, recipientId: string, content: string, image?: string | null) =>
    sendStoryReply(deps, actor, recipientId, content, image ?? null),
  );
  app.decorate('chatAppointments', calendarAppointments(deps));
  await app.register(chatRoutes, { deps });
  await app.register(appointmentRoutes, { deps });
}

/** {@link ChatAppointments} over the chat's tables and the ads of the listings door. */
function calendarAppointments(deps: ChatDeps): ChatAppointments {
  const present = async (db: Database, rows: Parameters<typeof withConversations>[1]) => {
    const found = await withConversations({ db }, rows);
    const listingIds = [...new Set(found.flatMap(({ conversation }) => conversation.listingId ?? []))];
    const ads = await deps.listings.find(db, listingIds);
    return found.map(
      ({ row, conversation }): CalendarAppointment => ({
        id: row.id,
        conversationId: conversation.id,
        listingId: conversation.listingId,
        listingTitle: conversation.listingId ? (ads.get(conversation.listingId)?.title ?? null) : null,
        proposerId: row.proposerId,
        recipientId: row.recipientId,
        type: row.type,
        status: row.status,
        startsAt: row.startsAt,
        endsAt: row.endsAt,
        place: row.place,
        note: row.note,
        updatedAt: row.updatedAt,
      }),
    );
  };
  return {
    forMember: async (userId, from, to) =>
      present(deps.db, await selectMemberAppointments(deps.db, userId, from, to)),
    claimDueReminders: async (tx, withinMs, limit) =>
      present(tx, await claimDueReminders(tx, withinMs, limit)),
    async seedDemo(buyerId, listingId, greeting, proposal, accept) {
      const buyer = { id: buyerId, role: 'SELLER' as const };
      const { conversation } = await startConversation(deps, buyer, { listing_id: listingId });
      await sendMessage(deps, buyer, conversation.id, { content: greeting });
      const { message } = await proposeAppointment(deps, buyer, conversation.id, proposal);
      const appointmentId = message.appointment?.id;
      if (!accept || !appointmentId) return;
      const seller = { id: conversation.other_member.id, role: 'SELLER' as const };
      await answerAppointment(deps, seller, conversation.id, appointmentId, 'accept', {});
    },
  };
}

export default fp(chat, {
  name: 'chat',
  dependencies: [
    'database',
    'events',
    'auth',
    'users',
    'ratings',
    'reports',
    'categories',
    'listings',
    'media',
  ],
});
