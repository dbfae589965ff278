import { isViewMilestone } from '@marketplace/contract';
import type { EventBus } from '../../realtime/event-bus.ts';
import { displayName, findAccounts } from '../users/index.ts';
import { MemberCardCache } from './member-card-cache.ts';
import * as queries from './queries.ts';
import {
  type NotificationDeps,
  notificationMessage,
  notifyFollowersOfNewListing,
  notifyMember,
  toNotification,
} from './service.ts';
import { conversationLink, forumPostLink, notificationTexts } from './texts.ts';
import '../chat/events.ts';
import '../favorites/events.ts';
import '../follows/events.ts';
import '../forum/events.ts';
import '../listings/events.ts';
import '../moderation/events.ts';
import '../payments/events.ts';
import '../stories/events.ts';
import '../users/events.ts';
import '../verification/events.ts';

/** Members who saved an ad and still hear about its changes live (the rest reload it). */
const SAVERS_MAX = 1000;

/**
 * Turns the other modules' domain events into notifications and socket messages
 * (ARCHITECTURE.md "realtime": handlers never write to sockets; this is the one place).
 * `on` handlers run once, in the instance that published the event, and reach sockets on every
 * instance through `realtime.deliver`; `onEveryInstance` handlers serve only this instance's
 * sockets, without another trip through the bus.
 */
export function subscribeToDomainEvents(events: EventBus, deps: NotificationDeps): void {
  const { hub } = deps.realtime;
  const cards = new MemberCardCache();

  // Someone follows me: the follow lists refresh live, and a notification (SPEC.md §6).
  events.on('user.followed', async ({ followerId, followeeId }) => {
    const follower = await cards.get(deps.db, followerId);
    if (!follower) return;
    await deps.realtime.deliver([
      {
        userIds: [followeeId],
        message: {
          type: 'new_follower',
          follower_id: followerId,
          follower_name: follower.name,
          follower_avatar: follower.avatar,
        },
      },
    ]);
  });
  events.react('user.followed', 'notifications.follow', async ({ followerId, followeeId }, reaction) => {
    const follower = await cards.get(reaction.tx, followerId);
    if (!follower) return;
    await notifyMember(deps, reaction, followeeId, notificationTexts.follow(follower.name, followerId), {
      userId: followerId,
      listingId: null,
    });
  });

  // A member I follow posts an ad.
  events.react(
    'listing.created',
    'notifications.new_listing',
    async ({ listingId, sellerId, title }, reaction) => {
      const seller = await cards.get(reaction.tx, sellerId);
      if (!seller) return;
      await notifyFollowersOfNewListing(
        deps,
        reaction,
        sellerId,
        listingId,
        notificationTexts.newListing(seller.name, listingId, title),
      );
    },
  );

  // Someone saves my ad.
  events.react(
    'favorite.added',
    'notifications.favorite',
    async ({ userId, listingId, sellerId }, reaction) => {
      if (userId === sellerId) return;
      const saver = await cards.get(reaction.tx, userId);
      const title = await queries.selectListingTitle(reaction.tx, listingId);
      if (!saver || title === undefined) return;
      await notifyMember(deps, reaction, sellerId, notificationTexts.favorite(saver.name, listingId, title), {
        userId,
        listingId,
      });
    },
  );

  // My ad reached 10, 50, 100, 500, 1000, ... views.
  events.react(
    'listing.viewed',
    'notifications.views',
    async ({ listingId, sellerId, views }, reaction) => {
      const title = await queries.selectListingTitle(reaction.tx, listingId);
      if (title === undefined) return;
      await notifyMember(deps, reaction, sellerId, notificationTexts.views(views, listingId, title), {
        userId: null,
        listingId,
      });
    },
    { when: ({ views }) => isViewMilestone(views) },
  );

  // Someone reacted to my story (SPEC.md §6: reply and react).
  events.react('story.reacted', 'notifications.story_reaction', async ({ ownerId, userId }, reaction) => {
    const reactor = await cards.get(reaction.tx, userId);
    if (!reactor) return;
    await notifyMember(deps, reaction, ownerId, notificationTexts.storyReaction(reactor.name), {
      userId,
      listingId: null,
    });
  });

  // An ADMIN decided on my seller verification (DSA Art. 30): approved, or rejected with the reason.
  events.react(
    'verification.decided',
    'notifications.verification_decided',
    async ({ userId, approved, kind, reason }, reaction) => {
      await notifyMember(
        deps,
        reaction,
        userId,
        notificationTexts.verificationDecided(approved, kind, reason),
        {
          userId: null,
          listingId: null,
        },
      );
    },
  );

  // An order of mine was paid, cancelled or lapsed (decision 0040).
  events.react(
    'order.changed',
    'notifications.order_changed',
    async ({ userId, status, option, listingTitle, grossCents }, reaction) => {
      await notifyMember(
        deps,
        reaction,
        userId,
        notificationTexts.orderChanged(status, option, listingTitle, grossCents),
        { userId: null, listingId: null },
      );
    },
  );

  // A chat message for me: the live `new_message`, and one notification per unread conversation.
  events.on('message.created', async (event) => {
    const sender = await cards.get(deps.db, event.senderId);
    await deps.realtime.deliver([
      {
        userIds: [event.recipientId],
        message: {
          type: 'new_message',
          conversation_id: event.conversationId,
          message_id: event.messageId,
          sender_id: event.senderId,
          sender_name: sender?.name ?? 'Benutzer',
          listing_id: event.listingId,
          preview: event.preview,
          created_at: new Date().toISOString(),
          // The recipient's tabs only: the scam shield's warning (docs/decisions/0031).
          warning: event.warning,
        },
      },
    ]);
  });
  events.react(
    'message.created',
    'notifications.message',
    async (event, reaction) => {
      const sender = await cards.get(reaction.tx, event.senderId);
      await notifyMember(
        deps,
        reaction,
        event.recipientId,
        // A flagged message's lure (a number, a link) goes neither into the bell nor into a mail.
        notificationTexts.message(
          sender?.name ?? 'Benutzer',
          event.conversationId,
          event.warning ? notificationTexts.flaggedPreview : event.preview,
        ),
        { userId: event.senderId, listingId: event.listingId },
        { collapseByLink: true },
      );
    },
    {
      // Appointment steps notify through `appointment.changed` (modules/calendar), not twice.
      when: (event) => !event.kind?.startsWith('appointment'),
    },
  );

  // I read a conversation: its message notification becomes read too, and my tabs hear of the
  // changed row as `notification` (is_read true), so the bell refetches its count (SPEC.md §3, §7).
  events.react(
    'conversation.read',
    'notifications.conversation_read',
    async ({ conversationId, readerId }, reaction) => {
      const rows = await queries.markReadByLink(
        reaction.tx,
        readerId,
        'message',
        conversationLink(conversationId),
      );
      reaction.afterCommit(() =>
        deps.realtime.deliver(
          rows.map((row) => ({ userIds: [readerId], message: notificationMessage(toNotification(row)) })),
        ),
      );
    },
  );

  // Forum: replies to my thread or post (or one I watch), mentions of me, likes of my posts.
  events.react('forum.replied', 'notifications.forum_reply', async (event, reaction) => {
    const author = await cards.get(reaction.tx, event.authorId);
    const text = notificationTexts.forumReply(
      author?.name ?? 'Benutzer',
      event.threadTitle,
      forumPostLink(event.threadId, event.postNumber),
      event.excerpt,
    );
    for (const userId of event.recipientIds)
      await notifyMember(deps, reaction, userId, text, { userId: event.authorId, listingId: null });
  });
  events.react('forum.mentioned', 'notifications.forum_mention', async (event, reaction) => {
    const author = await cards.get(reaction.tx, event.authorId);
    const text = notificationTexts.forumMention(
      author?.name ?? 'Benutzer',
      event.threadTitle,
      forumPostLink(event.threadId, event.postNumber),
      event.excerpt,
    );
    for (const userId of event.mentionedIds)
      await notifyMember(deps, reaction, userId, text, { userId: event.authorId, listingId: null });
  });
  events.react('forum.liked', 'notifications.forum_like', async (event, reaction) => {
    const liker = await cards.get(reaction.tx, event.likerId);
    if (!liker) return;
    await notifyMember(
      deps,
      reaction,
      event.authorId,
      notificationTexts.forumLike(
        liker.name,
        event.threadTitle,
        forumPostLink(event.threadId, event.postNumber),
      ),
      { userId: event.likerId, listingId: null },
    );
  });

  // Notice and action (DSA Art. 16, 17, 20): the reporter's confirmation and outcome, the
  // affected member's statement of reasons and the outcome of their appeal; these are mailed
  // whatever the member's e-mail setting, as the law requires them to be sent.
  events.react(
    'listing.reported',
    'notifications.report_received',
    async ({ listingId, reporterId, title }, reaction) => {
      await notifyMember(
        deps,
        reaction,
        reporterId,
        notificationTexts.reportReceived(listingId, title),
        { userId: null, listingId },
        { alwaysMail: true },
      );
    },
  );
  events.react(
    'forum.post_reported',
    'notifications.report_received',
    async ({ reporterId, threadId, threadTitle }, reaction) => {
      await notifyMember(
        deps,
        reaction,
        reporterId,
        notificationTexts.otherReportReceived('forum_post', threadTitle, `/forum/thread/${threadId}`),
        { userId: null, listingId: null },
        { alwaysMail: true },
      );
    },
  );
  events.react(
    'conversation.reported',
    'notifications.report_received',
    async ({ conversationId, reporterId }, reaction) => {
      await notifyMember(
        deps,
        reaction,
        reporterId,
        notificationTexts.otherReportReceived('conversation', '', conversationLink(conversationId)),
        { userId: null, listingId: null },
        { alwaysMail: true },
      );
    },
  );
  events.react(
    'story.reported',
    'notifications.report_received',
    async ({ ownerId, reporterId }, reaction) => {
      const [owner] = await findAccounts(reaction.tx, [ownerId]);
      await notifyMember(
        deps,
        reaction,
        reporterId,
        notificationTexts.otherReportReceived(
          'story',
          owner ? displayName(owner) : 'einem Mitglied',
          '/stories',
        ),
        { userId: null, listingId: null },
        { alwaysMail: true },
      );
    },
  );
  events.react(
    'member.reported',
    'notifications.report_received',
    async ({ reportedId, reporterId }, reaction) => {
      const [member] = await findAccounts(reaction.tx, [reportedId]);
      await notifyMember(
        deps,
        reaction,
        reporterId,
        notificationTexts.otherReportReceived(
          'user',
          member ? displayName(member) : 'Mitglied',
          `/user/${reportedId}`,
        ),
        { userId: null, listingId: null },
        { alwaysMail: true },
      );
    },
  );
  events.react(
    'moderation.decided',
    'notifications.decision',
    async ({ decisionId, affectedUserId, action, targetType, targetTitle, reporterIds }, reaction) => {
      if (affectedUserId)
        await notifyMember(
          deps,
          reaction,
          affectedUserId,
          {
            ...notificationTexts.statementOfReasons(decisionId, action, targetTitle, targetType),
            mailLink: deps.decisionLink(decisionId, affectedUserId),
          },
          { userId: null, listingId: null },
          { alwaysMail: true },
        );
      for (const reporterId of reporterIds)
        await notifyMember(
          deps,
          reaction,
          reporterId,
          notificationTexts.reportDecided(
            targetTitle,
            action === 'remove' || action === 'suspend',
            targetType,
          ),
          { userId: null, listingId: null },
          { alwaysMail: true },
        );
    },
  );
  events.react(
    'moderation.appeal_decided',
    'notifications.appeal_decided',
    async ({ decisionId, userId, outcome, targetType, action, targetTitle }, reaction) => {
      await notifyMember(
        deps,
        reaction,
        userId,
        {
          ...notificationTexts.appealDecided(
            decisionId,
            targetTitle,
            outcome === 'reversed',
            targetType,
            action,
          ),
          mailLink: deps.decisionLink(decisionId, userId),
        },
        { userId: null, listingId: null },
        { alwaysMail: true },
      );
    },
  );
  for (const type of [
    'listing.reported',
    'forum.post_reported',
    'conversation.reported',
    'story.reported',
    'member.reported',
    'moderation.decided',
    'moderation.appealed',
    'moderation.appeal_decided',
  ] as const) {
    events.onEveryInstance(type, () => {
      hub.deliver([], { type: 'admin_update', topic: 'reports' }, true);
    });
  }

  // Status and content changes of an ad: its seller and the members who saved it.
  events.on('listing.status_changed', async ({ listingId, sellerId, status, previousStatus }) => {
    const savers = await queries.selectSaverIds(deps.db, listingId, SAVERS_MAX);
    await deps.realtime.deliver([
      {
        userIds: [sellerId, ...savers],
        message: {
          type: 'listing_status_changed',
          listing_id: listingId,
          status,
          previous_status: previousStatus,
        },
      },
    ]);
  });
  events.on('listing.updated', async ({ listingId, sellerId }) => {
    const savers = await queries.selectSaverIds(deps.db, listingId, SAVERS_MAX);
    await deps.realtime.deliver([
      { userIds: [sellerId, ...savers], message: { type: 'listing_update', listing_id: listingId } },
    ]);
  });

  // My other tabs follow what I save (SPEC.md §4 "Favorites ... kept in sync with live updates").
  events.onEveryInstance('favorite.added', ({ userId, listingId, favoritesCount }) => {
    hub.deliver([userId], {
      type: 'favorite_update',
      action: 'added',
      listing_id: listingId,
      favorites_count: favoritesCount,
    });
  });
  events.onEveryInstance('favorite.removed', ({ userId, listingId, favoritesCount }) => {
    hub.deliver([userId], {
      type: 'favorite_update',
      action: 'removed',
      listing_id: listingId,
      favorites_count: favoritesCount,
    });
  });

  // My own account changed or is gone.
  events.onEveryInstance('user.updated', ({ userId }) => {
    cards.forget(userId);
    hub.deliver([userId], { type: 'user_status_update', user_id: userId, status: 'updated' });
  });
  events.onEveryInstance('user.deleted', ({ userId }) => {
    cards.forget(userId);
    hub.deliver([userId], { type: 'user_status_update', user_id: userId, status: 'deleted' });
    hub.disconnect(userId, 1008, 'Konto gelöscht');
    hub.deliver([], { type: 'admin_update', topic: 'users' }, true);
  });

  // Administrators' statistics (SPEC.md §6 "refreshed on an admin-update event").
  for (const type of ['listing.created', 'listing.deleted', 'listing.status_changed'] as const) {
    events.onEveryInstance(type, () => {
      hub.deliver([], { type: 'admin_update', topic: 'listings' }, true);
    });
  }
}
