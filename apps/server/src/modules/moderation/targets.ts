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
import { displayName, findAccounts } from '../users/index.ts';
import * as queries from './queries.ts';

/**
 * The reports of every kind as the queue sees them (docs/decisions/0009-reports-queue.md): ad
 * reports through the listings door, forum post reports through the forum door, conversation
 * reports through the chat door. Moderation reads them; it owns none of them.
 */

/** One member's report of any kind. */
export interface ReportItem {
  targetType: ModerationReportTarget;
  targetId: string;
  reporterId: string;
  reason: string;
  comment: string | null;
  /** ISO 8601 with milliseconds. */
  createdAt: string;
}

/** What a decision needs to know of a reported target. */
export interface TargetFacts {
  targetType: ModerationReportTarget;
  targetId: string;
  /** The ad's title, the post's thread title, or 'Unterhaltung zu „…“'. */
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

/** Only the reports filed after the last keep/remove/suspend decision on their target. */
async function stillOpen(db: Database, reports: ReportItem[]): Promise<ReportItem[]> {
  const types = [...new Set(reports.map((r) => r.targetType))];
  const decided = new Map<string, number>();
  for (const type of types) {
    const ids = [...new Set(reports.filter((r) => r.targetType === type).map((r) => r.targetId))];
    for (const [id, at] of await queries.lastDecisions(db, type, ids)) decided.set(`${type}:${id}`, at);
  }
  return reports.filter((report) => {
    const at = decided.get(`${report.targetType}:${report.targetId}`);
    return at === undefined || new Date(report.createdAt).getTime() > at;
  });
}

/**
 * The open reports with the facts of their targets, of one target (`only`) or of all. Ads and
 * conversations: filed after the last decision on them; forum posts: still 'open' in the forum.
 */
export async function openReportsWithFacts(
  db: Database,
  only?: { targetType: ModerationReportTarget; targetId: string },
): Promise<{ reports: ReportItem[]; facts: Map<string, TargetFacts> }> {
  const want = (type: ModerationReportTarget) => !only || only.targetType === type;
  const ids = only ? [only.targetId] : undefined;
  const [ads, posts, chats] = await Promise.all([
    want('listing') ? readListingReports(db, ids ? { listingIds: ids } : {}) : [],
    want('forum_post') ? readForumPostReports(db, { open: true, ...(ids ? { postIds: ids } : {}) }) : [],
    want('conversation') ? readConversationReports(db, ids ? { conversationIds: ids } : {}) : [],
  ]);
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
  for (const chat of chats) {
    const key = `conversation:${chat.conversationId}`;
    if (facts.has(key)) continue;
    facts.set(key, {
      targetType: 'conversation',
      targetId: chat.conversationId,
      title: chat.listingTitle ? `Unterhaltung zu „${chat.listingTitle}“` : 'Unterhaltung unter Mitgliedern',
      excerpt: null,
      link: `/admin/members/${chat.reportedId}`,
      image: null,
      status: 'open',
      affectedId: chat.reportedId,
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
    // Only reports against the member the first report named: the reported member of a
    // conversation is the other side of its first reporter.
    ...chats
      .filter((r) => facts.get(`conversation:${r.conversationId}`)?.affectedId === r.reportedId)
      .map((r) => ({
        targetType: 'conversation' as const,
        targetId: r.conversationId,
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
      const fact = facts.get(`${r.targetType}:${r.targetId}`);
      return fact !== undefined && !fact.gone;
    })
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return { reports, facts };
}

/** The queue's groups: one per target, with counts per reason; the group with the oldest report first. */
export async function reportGroups(
  db: Database,
  reports: readonly ReportItem[],
  facts: ReadonlyMap<string, TargetFacts>,
): Promise<ModerationReportGroup[]> {
  const byTarget = new Map<string, ReportItem[]>();
  for (const report of reports) {
    const key = `${report.targetType}:${report.targetId}`;
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
