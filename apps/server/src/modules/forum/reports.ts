import { forumPageOfPost } from '@marketplace/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import type { ReportTargetType } from '../reports/index.ts';
import './events.ts';
import { plainExcerpt } from './markdown.ts';
import { adjustMemberStats } from './queries.ts';
import { forumPosts, forumThreads } from './schema.ts';

/**
 * What the moderation module may read and change of forum posts
 * (docs/decisions/0023-one-reports-store.md): the kind `forum_post` of the one reports store
 * (the facts of reported posts), and a post's removal by moderation with the reason shown to
 * the author. Reached through the forum door; moderation never runs SQL on the forum's tables.
 */

/** Where a post is read: its page of the thread, scrolled to the post. */
function postLink(threadId: string, postNumber: number): string {
  return `/forum/thread/${threadId}?page=${forumPageOfPost(postNumber)}#post-${postNumber}`;
}

/**
 * Forum posts by name, for the administrators' audit log: per existing post (also one deleted
 * by its author or the moderation, whose place stays) its thread's current title and the link
 * to the post. Posts no longer stored are left out. One statement for all ids.
 * @param postIds ids of posts (UUIDs)
 */
export async function forumPostNames(
  db: Database,
  postIds: readonly string[],
): Promise<Map<string, { name: string; link: string }>> {
  if (postIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: forumPosts.id,
      threadId: forumPosts.threadId,
      title: forumThreads.title,
      number: forumPosts.number,
    })
    .from(forumPosts)
    .innerJoin(forumThreads, eq(forumThreads.id, forumPosts.threadId))
    .where(inArray(forumPosts.id, [...postIds]));
  return new Map(rows.map((row) => [row.id, { name: row.title, link: postLink(row.threadId, row.number) }]));
}

/** The kind `forum_post` of reported things, registered at start (`app.reportTargets`). */
export const forumPostReportTarget: ReportTargetType = {
  type: 'forum_post',
  perReportedMember: false,
  async facts(db, things) {
    if (things.length === 0) return [];
    const rows = await db
      .select({
        postId: forumPosts.id,
        threadId: forumPosts.threadId,
        threadTitle: forumThreads.title,
        postNumber: forumPosts.number,
        authorId: forumPosts.authorId,
        body: forumPosts.body,
        postDeletedAt: forumPosts.deletedAt,
        threadDeletedAt: forumThreads.deletedAt,
      })
      .from(forumPosts)
      .innerJoin(forumThreads, eq(forumThreads.id, forumPosts.threadId))
      .where(
        inArray(
          forumPosts.id,
          things.map((thing) => thing.targetId),
        ),
      );
    return rows.map((post) => {
      const deleted = post.postDeletedAt !== null || post.threadDeletedAt !== null;
      return {
        targetType: 'forum_post',
        targetId: post.postId,
        title: post.threadTitle,
        excerpt: plainExcerpt(post.body),
        link: postLink(post.threadId, post.postNumber),
        image: null,
        status: deleted ? 'deleted' : 'visible',
        affectedId: post.authorId,
        gone: deleted,
      };
    });
  },
};

/** What removing or restoring a post by moderation changes: its thread, number, author and likes. */
const moderatedPostColumns = {
  threadId: forumPosts.threadId,
  number: forumPosts.number,
  authorId: forumPosts.authorId,
  likes: forumPosts.likeCount,
};

/**
 * Removes a post by moderation inside the caller's transaction, as an ADMIN's deletion in the
 * forum does: the post keeps its place without text and shows `reason` to its author; the
 * thread's and the author's counters follow. The opening post takes its thread with it (the
 * reason shows on the thread's page). Call {@link announcePostModeration} after the commit.
 * @returns false when the post or its thread is deleted already
 */
export async function removePostInTransaction(
  tx: Database,
  postId: string,
  reason: string,
): Promise<boolean> {
  const [post] = await tx
    .select(moderatedPostColumns)
    .from(forumPosts)
    .innerJoin(forumThreads, eq(forumThreads.id, forumPosts.threadId))
    .where(and(eq(forumPosts.id, postId), isNull(forumPosts.deletedAt), isNull(forumThreads.deletedAt)))
    .for('update', { of: forumPosts });
  if (!post) return false;
  if (post.number === 1) {
    await tx.execute(
      sql`update forum_threads set deleted_at = now(), deleted_reason = ${reason} where id = ${post.threadId}::uuid`,
    );
    return true;
  }
  await tx.execute(
    sql`update forum_posts set deleted_at = now(), deleted_by_admin = true, deleted_reason = ${reason}
        where id = ${postId}::uuid`,
  );
  await adjustMemberStats(tx, post.authorId, -1, -post.likes);
  await tx.execute(
    sql`update forum_threads set post_count = post_count - 1, like_count = greatest(0, like_count - ${post.likes}::int)
        where id = ${post.threadId}::uuid`,
  );
  return true;
}

/**
 * Undoes {@link removePostInTransaction} (an appeal reversed the removal), inside the caller's
 * transaction: the post, or for the opening post its thread, is visible again and the counters
 * follow. Call {@link announcePostModeration} after the commit.
 * @returns false when there is nothing to restore
 */
export async function restorePostInTransaction(tx: Database, postId: string): Promise<boolean> {
  const [post] = await tx
    .select({
      ...moderatedPostColumns,
      postDeletedAt: forumPosts.deletedAt,
      byAdmin: forumPosts.deletedByAdmin,
      threadDeletedAt: forumThreads.deletedAt,
    })
    .from(forumPosts)
    .innerJoin(forumThreads, eq(forumThreads.id, forumPosts.threadId))
    .where(eq(forumPosts.id, postId))
    .for('update', { of: [forumPosts, forumThreads] });
  if (!post) return false;
  if (post.number === 1) {
    if (post.threadDeletedAt === null) return false;
    await tx.execute(
      sql`update forum_threads set deleted_at = null, deleted_reason = null where id = ${post.threadId}::uuid`,
    );
    return true;
  }
  if (post.postDeletedAt === null || !post.byAdmin) return false;
  await tx.execute(
    sql`update forum_posts set deleted_at = null, deleted_by_admin = false, deleted_reason = null
        where id = ${postId}::uuid`,
  );
  await adjustMemberStats(tx, post.authorId, 1, post.likes);
  await tx.execute(
    sql`update forum_threads set post_count = post_count + 1, like_count = like_count + ${post.likes}::int
        where id = ${post.threadId}::uuid`,
  );
  return true;
}

/** After the commit of a removal or restoration: every instance drops its cached forum counts. */
export async function announcePostModeration(events: EventBus, event: { postId: string }): Promise<void> {
  await events.publish('forum.post_moderated', event);
}

/** Visible forum posts (the admin figures). */
export async function countForumPosts(db: Database): Promise<number> {
  return db.$count(forumPosts, isNull(forumPosts.deletedAt));
}
