import {
  forumPageOfPost,
  MODERATION_ACTIONS_BY_TARGET,
  type ModerationReportGroup,
  type ModerationReportTarget,
  REPORT_REASON_LABELS,
} from '@marketplace/contract';
import type { Database } from '../../db/client.ts';
import { readConversationReports } from '../chat/index.ts';
import { readForumPostReports } from '../forum/index.ts';
import { findModeratedListings, readListingReports } from '../listings/index.ts';
import { readStoryReports } from '../stories/index.ts';
import { displayName, findAccounts, readMemberReports } from '../users/index.ts';
import * as queries from './queries.ts';

/**
 * The reports of every kind as the queue sees them (docs/decisions/0009-reports-queue.md): ad
 * reports through the listings door, forum post reports through the forum door, conversation
 * reports through the chat door, story reports through the stories door, member reports through
 * the users door. Moderation reads them; it owns none of them.
 */

/** What the queue groups by: a target, and for a conversation the reported member in it. */
export interface ReportTargetKey {
  targetType: ModerationReportTarget;
  targetId: string;
  /**
   * A conversation's reported member: both members of a conversation may report each other, and
   * each side is a target of its own. Undefined for the other kinds.
   */
  memberId?: string | undefined;
}

/** The key of a report's or a fact's target in the maps of this file. */
export function targetKey(target: ReportTargetKey): string {
  return target.targetType === 'conversation'
    ? `conversation:${target.targetId}:${target.memberId ?? ''}`
    : `${target.targetType}:${target.targetId}`;
}

/** One member's report of any kind. */
export interface ReportItem extends ReportTargetKey {
  reporterId: string;
  reason: string;
  comment: string | null;
  /** ISO 8601 with milliseconds. */
  createdAt: string;
}

/** What a decision needs to know of a reported target. */
export interface TargetFacts extends ReportTargetKey {
  /** The ad's title, the post's thread title, 'Unterhaltung zu „…“', the story's caption or 'Foto-Story', the member's name. */
  title: string;
  excerpt: string | null;
  link: string;
  image: string | null;
  status: string;
  /** The member the decision concerns: seller, author, reported member. */
  affectedId: string;
  /** Removed or deleted already: no longer in the queue. */
  gone: boolean;
}

/** A report's reason in German: the label of its kind, or the reporter's own words (forum). */
export function reasonLabel(targetType: ModerationReportTarget, reason: string): string {
  return REPORT_REASON_LABELS[targetType][reason] ?? reason;
}

/**
 * Only the reports filed after the last keep/remove/suspend decision of an ADMIN on their target
 * (for a conversation: on its reported member there).
 */
async function stillOpen(db: Database, reports: ReportItem[]): Promise<ReportItem[]> {
  const types = [...new Set(reports.map((r) => r.targetType))];
  const decided = new Map<string, number>();
  for (const type of types) {
    const ids = [...new Set(reports.filter((r) => r.targetType === type).map((r) => r.targetId))];
    for (const [id, at] of await queries.lastDecisions(db, type, ids)) decided.set(`${type}:${id}`, at);
  }
  return reports.filter((report) => {
    const at = decided.get(
      report.targetType === 'conversation'
        ? `conversation:${report.targetId}:${report.memberId ?? ''}`
        : `${report.targetType}:${report.targetId}`,
    );
    return at === undefined || new Date(report.createdAt).getTime() > at;
  });
}

/** A story's name in the queue and the statement of reasons: its caption's start, else its kind. */
function storyTitle(caption: string | null, mediaUrl: string | null): string {
  const text = caption?.replace(/\s+/g, ' ').trim() ?? '';
  if (text) return text.length > 80 ? `${text.slice(0, 79)}…` : text;
  return mediaUrl?.startsWith('/api/stories/media/') ? 'Video-Story' : 'Foto-Story';
}

/**
 * The open reports with the facts of their targets (keyed by {@link targetKey}), of one target
 * (`only`; a conversation without `memberId`: both of its sides) or of all. Ads, conversations,
 * stories and members: filed after the last decision on them; forum posts: still 'open' in the
 * forum. Reports of removed ads, deleted posts and expired or deleted stories are left out.
 */
export async function openReportsWithFacts(
  db: Database,
  only?: ReportTargetKey,
): Promise<{ reports: ReportItem[]; facts: Map<string, TargetFacts> }> {
  const want = (type: ModerationReportTarget) => !only || only.targetType === type;
  const ids = only ? [only.targetId] : undefined;
  const [ads, posts, allChats, storyReports, memberReports] = await Promise.all([
    want('listing') ? readListingReports(db, ids ? { listingIds: ids } : {}) : [],
    want('forum_post') ? readForumPostReports(db, { open: true, ...(ids ? { postIds: ids } : {}) }) : [],
    want('conversation') ? readConversationReports(db, ids ? { conversationIds: ids } : {}) : [],
    want('story') ? readStoryReports(db, { live: true, ...(ids ? { storyIds: ids } : {}) }) : [],
    want('user') ? readMemberReports(db, ids ? { memberIds: ids } : {}) : [],
  ]);
  const chats = only?.memberId ? allChats.filter((r) => r.reportedId === only.memberId) : allChats;
  const facts = new Map<string, TargetFacts>();
  const listingIds = [...new Set(ads.map((r) => r.listingId))];
  const listings = await findModeratedListings(db, listingIds);
  for (const ad of listings.values())
    facts.set(`listing:${ad.id}`, {
      targetType: 'listing',
      targetId: ad.id,
      title: ad.title,
      excerpt: null,
      link: `/listing/${ad.id}`,
      image: ad.image,
      status: ad.status,
      affectedId: ad.sellerId,
      gone: ad.status === 'removed',
    });
  for (const post of posts)
    facts.set(`forum_post:${post.postId}`, {
      targetType: 'forum_post',
      targetId: post.postId,
      title: post.threadTitle,
      excerpt: post.excerpt,
      link: `/forum/thread/${post.threadId}?page=${forumPageOfPost(post.postNumber)}#post-${post.postNumber}`,
      image: null,
      status: post.deleted ? 'deleted' : 'visible',
      affectedId: post.authorId,
      gone: post.deleted,
    });
  // One target per conversation and reported member: when the other member reports back, that
  // side is decided on its own.
  for (const chat of chats) {
    const target = {
      targetType: 'conversation' as const,
      targetId: chat.conversationId,
      memberId: chat.reportedId,
    };
    const key = targetKey(target);
    if (facts.has(key)) continue;
    facts.set(key, {
      ...target,
      title: chat.listingTitle ? `Unterhaltung zu „${chat.listingTitle}“` : 'Unterhaltung unter Mitgliedern',
      excerpt: null,
      link: `/admin/members/${chat.reportedId}`,
      image: null,
      status: 'open',
      affectedId: chat.reportedId,
      gone: false,
    });
  }
  for (const story of storyReports) {
    const key = `story:${story.storyId}`;
    if (facts.has(key)) continue;
    facts.set(key, {
      targetType: 'story',
      targetId: story.storyId,
      title: storyTitle(story.caption, story.mediaUrl),
      excerpt: story.caption,
      // The photo or video itself: a story has no page of its own.
      link: story.mediaUrl ?? '',
      image: story.pictureUrl,
      status: story.live ? 'live' : 'expired',
      affectedId: story.ownerId,
      gone: !story.live,
    });
  }
  const members = new Map(
    (await findAccounts(db, [...new Set(memberReports.map((r) => r.reportedId))])).map((a) => [a.id, a]),
  );
  for (const report of memberReports) {
    const key = `user:${report.reportedId}`;
    const member = members.get(report.reportedId);
    if (facts.has(key) || !member) continue;
    facts.set(key, {
      targetType: 'user',
      targetId: member.id,
      title: displayName(member),
      excerpt: null,
      link: `/admin/members/${member.id}`,
      image: member.avatarUrl,
      status: 'active',
      affectedId: member.id,
      gone: false,
    });
  }
  const all: ReportItem[] = [
    ...ads.map((r) => ({
      targetType: 'listing' as const,
      targetId: r.listingId,
      reporterId: r.reporterId,
      reason: r.reason,
      comment: r.comment,
      createdAt: r.createdAt,
    })),
    ...posts.map((r) => ({
      targetType: 'forum_post' as const,
      targetId: r.postId,
      reporterId: r.reporterId,
      reason: r.reason,
      comment: null,
      createdAt: r.createdAt,
    })),
    // Each report against the member it names: a counter-report is a target of its own.
    ...chats.map((r) => ({
      targetType: 'conversation' as const,
      targetId: r.conversationId,
      memberId: r.reportedId,
      reporterId: r.reporterId,
      reason: r.reason,
      comment: r.text,
      createdAt: r.createdAt,
    })),
    ...storyReports.map((r) => ({
      targetType: 'story' as const,
      targetId: r.storyId,
      reporterId: r.reporterId,
      reason: r.reason,
      comment: r.text,
      createdAt: r.createdAt,
    })),
    ...memberReports.map((r) => ({
      targetType: 'user' as const,
      targetId: r.reportedId,
      reporterId: r.reporterId,
      reason: r.reason,
      comment: r.text,
      createdAt: r.createdAt,
    })),
  ];
  const decidedByForum = all.filter((r) => r.targetType === 'forum_post');
  const derived = await stillOpen(
    db,
    all.filter((r) => r.targetType !== 'forum_post'),
  );
  const reports = [...derived, ...decidedByForum]
    .filter((r) => {
      const fact = facts.get(targetKey(r));
      return fact !== undefined && !fact.gone;
    })
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return { reports, facts };
}

/**
 * The queue's groups: one per target (a conversation: per reported member in it), with counts per
 * reason; the group with the oldest report first.
 */
export async function reportGroups(
  db: Database,
  reports: readonly ReportItem[],
  facts: ReadonlyMap<string, TargetFacts>,
): Promise<ModerationReportGroup[]> {
  const byTarget = new Map<string, ReportItem[]>();
  for (const report of reports) {
    const key = targetKey(report);
    byTarget.set(key, [...(byTarget.get(key) ?? []), report]);
  }
  const affected = [...new Set([...byTarget.keys()].flatMap((key) => facts.get(key)?.affectedId ?? []))];
  const names = new Map((await findAccounts(db, affected)).map((a) => [a.id, displayName(a)]));
  const groups: ModerationReportGroup[] = [];
  for (const [key, list] of byTarget) {
    const fact = facts.get(key);
    const first = list[0];
    if (!fact || !first) continue;
    const counts = new Map<string, number>();
    for (const report of list) counts.set(report.reason, (counts.get(report.reason) ?? 0) + 1);
    groups.push({
      kind: 'reports',
      target_type: fact.targetType,
      target_id: fact.targetId,
      title: fact.title,
      excerpt: fact.excerpt,
      link: fact.link,
      image: fact.image,
      status: fact.status,
      seller_id: fact.affectedId,
      seller_name: names.get(fact.affectedId) ?? 'Benutzer',
      actions: [...MODERATION_ACTIONS_BY_TARGET[fact.targetType]],
      reports_count: list.length,
      reasons: [...counts]
        .map(([reason, count]) => ({ reason, label: reasonLabel(fact.targetType, reason), count }))
        .sort((a, b) => b.count - a.count),
      reports: list.map((report) => ({
        reason: report.reason,
        reason_label: reasonLabel(fact.targetType, report.reason),
        comment: report.comment,
        created_at: report.createdAt,
      })),
      first_reported_at: first.createdAt,
    });
  }
  return groups.sort((a, b) => a.first_reported_at.localeCompare(b.first_reported_at));
}
