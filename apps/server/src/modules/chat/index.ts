import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client.ts';
import { readListings } from '../listings/index.ts';
import type { Actor } from '../users/index.ts';
import type { ChatDeps, ChatListingInfo, ChatListingSource } from './deps.ts';
import { sendStoryReply } from './messages.ts';
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

declare module 'fastify' {
  interface FastifyInstance {
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
  await app.register(chatRoutes, { deps });
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
