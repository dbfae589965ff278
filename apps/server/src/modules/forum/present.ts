import type {
  ForumAuthor,
  ForumCategory,
  ForumPost,
  ForumThreadPage,
  ForumThreadSummary,
} from '@marketplace/contract';
import { displayName, type MemberCard } from '../users/index.ts';
import type { CategoryStats } from './caches.ts';
import { type ForumViewer, postPermissions, seesHiddenParts, threadPermissions } from './policies.ts';
import type { ForumCategoryRow, ForumPostRow, ForumThreadRow } from './schema.ts';

/**
 * The forum's rows in the contract's shapes (`packages/contract/src/forum.ts`), with what the
 * viewer may do from `policies.ts` (docs/decisions/0006-module-doors.md point 5).
 */

/** The name shown for a member whose account is gone. */
export const GONE_NAME = 'Ehemaliges Mitglied';

/** ISO 8601 in UTC with milliseconds, as every answer writes times. */
export const iso = (value: Date | string) => new Date(value).toISOString();

/** A forum or subforum with its counts (zero without `stats`). */
export function toCategory(row: ForumCategoryRow, stats: CategoryStats | undefined): ForumCategory {
  return {
    id: row.id,
    parent_id: row.parentId,
    slug: row.slug,
    name: row.name,
    description: row.description,
    thread_count: stats?.threads ?? 0,
    post_count: stats?.posts ?? 0,
    last_activity: stats?.activity ?? null,
  };
}

/** Adds the counts of the subforums to their main forum; the newest activity wins. */
export function mergeStats(parts: (CategoryStats | undefined)[]): CategoryStats {
  const merged: CategoryStats = { threads: 0, posts: 0, activity: null };
  for (const part of parts) {
    if (!part) continue;
    merged.threads += part.threads;
    merged.posts += part.posts;
    if (part.activity && (!merged.activity || part.activity.at > merged.activity.at))
      merged.activity = part.activity;
  }
  return merged;
}

/**
 * The forum's author card of a member card of the users door (name, avatar, member since,
 * verified badge, marketplace rating, forum posts and likes received, all from the one
 * reputation, SPEC.md "Forum").
 */
export function toAuthor(card: MemberCard): ForumAuthor {
  const { reputation } = card;
  return {
    id: card.id,
    name: card.name,
    avatar: card.avatar,
    member_since: reputation.member_since,
    email_verified: reputation.email_verified,
    rating: reputation.rating,
    review_count: reputation.review_count,
    post_count: reputation.forum_posts,
    likes_received: reputation.forum_likes,
    is_admin: card.role === 'ADMIN',
    reputation,
  };
}

/** The author card of a member whose account is gone. */
export const goneAuthor = (id: string): ForumAuthor => ({
  id,
  name: GONE_NAME,
  avatar: null,
  member_since: new Date(0).toISOString(),
  email_verified: false,
  rating: null,
  review_count: 0,
  post_count: 0,
  likes_received: 0,
  is_admin: false,
});

/** What a thread summary shows of a member. */
export type SummaryMember = { name: string; avatar: string | null };

/** A thread as lists and its page show it, with its forum's name and its members' names. */
export function toSummary(
  row: ForumThreadRow,
  categoryNames: Map<string, string>,
  members: Map<string, SummaryMember>,
): ForumThreadSummary {
  const author = members.get(row.authorId);
  const last = row.lastPostUserId ? members.get(row.lastPostUserId) : undefined;
  return {
    id: row.id,
    category_id: row.categoryId,
    category_name: categoryNames.get(row.categoryId) ?? row.categoryId,
    title: row.title,
    author: {
      id: row.authorId,
      name: author?.name ?? GONE_NAME,
      avatar: author?.avatar ?? null,
    },
    pinned: row.pinned,
    locked: row.locked,
    reply_count: Math.max(0, row.postCount - 1),
    like_count: row.likeCount,
    view_count: row.viewCount,
    created_at: iso(row.createdAt),
    last_post_at: iso(row.lastPostAt),
    last_post_author: last?.name ?? null,
  };
}

/**
 * The head of a thread's page: its summary (with `viewCount`), whether and why it is deleted and
 * the moderation note (both for its author and ADMINs only), and what `viewer` may do with it
 * (`can`, from `threadPermissions`; all false for null).
 */
export function toPageThread(
  row: ForumThreadRow,
  summary: ForumThreadSummary,
  viewCount: number,
  viewer: ForumViewer | null,
): ForumThreadPage['thread'] {
  const sees = seesHiddenParts(viewer, row.authorId);
  return {
    ...summary,
    view_count: viewCount,
    deleted: row.deletedAt !== null,
    deleted_reason: row.deletedAt && sees ? row.deletedReason : null,
    moderation_note: sees ? row.moderationNote : null,
    can: threadPermissions(viewer, row),
  };
}

/**
 * A post as the API answers it (contract `forumPostSchema`): a deleted post keeps its place
 * without text (its author and ADMINs see the reason), and carries what `viewer` may do with it
 * (`can`, from `postPermissions`; all false for null; `can_edit` and `can_delete` repeat it).
 * @param liked whether `viewer` liked it
 */
export function toPost(
  row: ForumPostRow,
  author: ForumAuthor,
  liked: boolean,
  viewer: ForumViewer | null,
  thread: ForumThreadRow,
): ForumPost {
  const deleted = row.deletedAt !== null;
  const can = postPermissions(viewer, row, thread);
  return {
    id: row.id,
    thread_id: row.threadId,
    number: row.number,
    author,
    body: deleted ? '' : row.body,
    html: deleted ? '' : row.bodyHtml,
    like_count: row.likeCount,
    liked,
    created_at: iso(row.createdAt),
    edited_at: row.editedAt ? iso(row.editedAt) : null,
    deleted,
    deleted_by_admin: row.deletedByAdmin,
    deleted_reason: deleted && seesHiddenParts(viewer, row.authorId) ? row.deletedReason : null,
    can_edit: can.edit,
    can_delete: can.delete,
    can,
  };
}

/** The display name of a search hit's author from `memberNameColumn` (null: a gone member). */
export function authorName(
  author: { id: string; nickname: string | null; firstName: string | null } | null,
): string {
  return author ? displayName(author) : GONE_NAME;
}
