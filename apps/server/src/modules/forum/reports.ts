import { sql } from 'drizzle-orm';
import { type Database, selectRows } from '../../db/client.ts';
import { isoTimestamp } from '../../lib/sql.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import './events.ts';
import { plainExcerpt } from './markdown.ts';
import { adjustMemberStats } from './queries.ts';

/**
 * What the moderation module may read and change of forum posts
 * (docs/decisions/0009-reports-queue.md): the members' reports (`forum_reports`), the facts of a
 * reported post, and its removal by moderation with the reason shown to the author. Reached
 * through the forum door; moderation never runs SQL on the forum's tables.
 */

/** One member's report of a forum post, with the facts of the post. */
export interface ForumPostReportRow {
  postId: string;
  threadId: string;
  threadTitle: string;
  postNumber: number;
  authorId: string;
  /** The post's beginning as plain text (160 characters at most). */
  excerpt: string;
  reporterId: string;
  /** The reporter's own words. */
  reason: string;
  /** ISO 8601 with milliseconds. */
  createdAt: string;
  /** The post (or its thread) is deleted already. */
  deleted: boolean;
}

/** Most reports {@link readForumPostReports} answers. */
export const FORUM_REPORTS_READ_MAX = 5000;

/**
 * Reports of forum posts, oldest first, at most {@link FORUM_REPORTS_READ_MAX}: the open ones
 * (`open`: status 'open'), of the given posts only (`postIds`), filed within `[from, to)`.
 */
export async function readForumPostReports(
  db: Database,
  filter: { postIds?: readonly string[]; from?: Date; to?: Date; open?: boolean } = {},
): Promise<ForumPostReportRow[]> {
  const ids = filter.postIds;
  if (ids && ids.length === 0) return [];
  const rows = await selectRows<Omit<ForumPostReportRow, 'excerpt'> & { body: string }>(
    db,
    sql`select r.post_id as "postId", p.thread_id as "threadId", t.title as "threadTitle",
          p.number as "postNumber", p.author_id as "authorId", p.body, r.reporter_id as "reporterId",
          r.reason, ${isoTimestamp('r.created_at')} as "createdAt",
          (p.deleted_at is not null or t.deleted_at is not null) as deleted
        from forum_reports r
        join forum_posts p on p.id = r.post_id
        join forum_threads t on t.id = p.thread_id
        where true
          ${
            ids
              ? sql`and r.post_id in (${sql.join(
                  ids.map((id) => sql`${id}::uuid`),
                  sql`, `,
                )})`
              : sql``
          }
          ${filter.open ? sql`and r.status = 'open'` : sql``}
          ${filter.from ? sql`and r.created_at >= ${filter.from.toISOString()}::timestamptz` : sql``}
          ${filter.to ? sql`and r.created_at < ${filter.to.toISOString()}::timestamptz` : sql``}
        order by r.created_at, r.id
        limit ${FORUM_REPORTS_READ_MAX}`,
  );
  return rows.map(({ body, ...row }) => ({ ...row, excerpt: plainExcerpt(body) }));
}

/**
 * Marks the open reports of a post as handled, inside the moderation decision's transaction
 * (the admin queue and the admin figures then leave them out).
 * @returns how many reports it closed
 */
export async function resolvePostReportsInTransaction(tx: Database, postId: string): Promise<number> {
  const rows = await selectRows<{ id: string }>(
    tx,
    sql`update forum_reports set status = 'resolved'
        where post_id = ${postId}::uuid and status = 'open' returning id`,
  );
  return rows.length;
}

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
  const [post] = await selectRows<{ thread_id: string; number: number; author_id: string; likes: number }>(
    tx,
    sql`select p.thread_id, p.number, p.author_id, p.like_count as likes from forum_posts p
        join forum_threads t on t.id = p.thread_id
        where p.id = ${postId}::uuid and p.deleted_at is null and t.deleted_at is null
        for update of p`,
  );
  if (!post) return false;
  if (post.number === 1) {
    await tx.execute(
      sql`update forum_threads set deleted_at = now(), deleted_reason = ${reason} where id = ${post.thread_id}::uuid`,
    );
    return true;
  }
  await tx.execute(
    sql`update forum_posts set deleted_at = now(), deleted_by_admin = true, deleted_reason = ${reason}
        where id = ${postId}::uuid`,
  );
  await adjustMemberStats(tx, post.author_id, -1, -post.likes);
  await tx.execute(
    sql`update forum_threads set post_count = post_count - 1, like_count = greatest(0, like_count - ${post.likes}::int)
        where id = ${post.thread_id}::uuid`,
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
  const [post] = await selectRows<{
    thread_id: string;
    number: number;
    author_id: string;
    likes: number;
    post_deleted: boolean;
    by_admin: boolean;
    thread_deleted: boolean;
  }>(
    tx,
    sql`select p.thread_id, p.number, p.author_id, p.like_count as likes,
          p.deleted_at is not null as post_deleted, p.deleted_by_admin as by_admin,
          t.deleted_at is not null as thread_deleted
        from forum_posts p join forum_threads t on t.id = p.thread_id
        where p.id = ${postId}::uuid for update of p, t`,
  );
  if (!post) return false;
  if (post.number === 1) {
    if (!post.thread_deleted) return false;
    await tx.execute(
      sql`update forum_threads set deleted_at = null, deleted_reason = null where id = ${post.thread_id}::uuid`,
    );
    return true;
  }
  if (!post.post_deleted || !post.by_admin) return false;
  await tx.execute(
    sql`update forum_posts set deleted_at = null, deleted_by_admin = false, deleted_reason = null
        where id = ${postId}::uuid`,
  );
  await adjustMemberStats(tx, post.author_id, 1, post.likes);
  await tx.execute(
    sql`update forum_threads set post_count = post_count + 1, like_count = like_count + ${post.likes}::int
        where id = ${post.thread_id}::uuid`,
  );
  return true;
}

/** After the commit of a removal or restoration: every instance drops its cached forum counts. */
export async function announcePostModeration(events: EventBus, event: { postId: string }): Promise<void> {
  await events.publish('forum.post_moderated', event);
}

/** Visible forum posts (the admin figures). */
export async function countForumPosts(db: Database): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from forum_posts where deleted_at is null`,
  );
  return row?.n ?? 0;
}
