import { FORUM_NEW_ACCOUNT_DAYS, FORUM_POSTS_PAGE_SIZE } from '@marketplace/contract';
import { and, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Database, rowDate, selectRows } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { displayName, findAccounts, membersNamed } from '../users/index.ts';
import type { CategoryStats, ForumDeps } from './caches.ts';
import { mentionedNames } from './markdown.ts';
import { iso } from './present.ts';
import {
  type ForumCategoryRow,
  type ForumPostRow,
  type ForumThreadRow,
  forumCategories,
  forumPosts,
  forumThreadSubscriptions,
  forumThreads,
} from './schema.ts';

/**
 * The forum's SQL reads (and the counters other writes change inside their transaction): forums
 * and their counts, threads and posts by id, who muted or watches a thread, a member's own
 * state on a page. The use cases in `reading.ts`, `search.ts` and `service.ts` build on them.
 */

export const THREAD_NOT_FOUND = 'Dieses Thema gibt es nicht.';
export const POST_NOT_FOUND = 'Diesen Beitrag gibt es nicht.';

/** How many milliseconds an hour has. */
export const HOUR_MS = 60 * 60 * 1000;

/**
 * Changes a member's forum counters (`forum_member_stats`: visible posts written, likes those
 * posts received) by `posts` and `likes`, inside the caller's transaction, so the reputation
 * cards never count a post's author's whole history on each read.
 */
export async function adjustMemberStats(
  tx: Database,
  userId: string,
  posts: number,
  likes: number,
): Promise<void> {
  await tx.execute(
    sql`insert into forum_member_stats (user_id, post_count, likes_received)
        values (${userId}::uuid, greatest(0, ${posts}::int), greatest(0, ${likes}::int))
        on conflict (user_id) do update
        set post_count = greatest(0, forum_member_stats.post_count + ${posts}::int),
            likes_received = greatest(0, forum_member_stats.likes_received + ${likes}::int)`,
  );
}

/**
 * Select-list columns `"forumPosts"` and `"forumLikes"` (visible posts written, likes those
 * posts received; null for a member without posts) of the member `userId` (an SQL expression
 * such as `u.id`), for the users door's one statement of member cards (docs/decisions/0006: read,
 * never written, in one query for speed). From the counters `forum_member_stats`, two lookups by
 * primary key per row (docs/decisions/0010-forum-search-speed.md).
 */
export function forumStandingColumns(userId: SQL): SQL {
  return sql`(select s.post_count from forum_member_stats s where s.user_id = ${userId}) as "forumPosts",
    (select s.likes_received from forum_member_stats s where s.user_id = ${userId}) as "forumLikes"`;
}

/** All forums and subforums in menu order, kept in `deps.categories`. */
export function allCategories(deps: Pick<ForumDeps, 'db' | 'categories'>): Promise<ForumCategoryRow[]> {
  return deps.categories.get('all', () =>
    deps.db.select().from(forumCategories).orderBy(forumCategories.position, forumCategories.id),
  );
}

/** Forum ids to names. */
export async function categoryNames(
  deps: Pick<ForumDeps, 'db' | 'categories'>,
): Promise<Map<string, string>> {
  return new Map((await allCategories(deps)).map((row) => [row.id, row.name]));
}

/** Display names of members by id (gone members are missing). */
async function authorNames(db: Database, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const accounts = await findAccounts(db, [...new Set(ids)]);
  return new Map(accounts.map((account) => [account.id, displayName(account)]));
}

/** The thread with the newest activity of a forum ({@link categoryStats}). */
const latestThreadRow = z.object({
  category_id: z.string(),
  id: z.string(),
  title: z.string(),
  last_post_at: rowDate,
  last_post_user_id: z.string().nullable(),
});

/**
 * Thread and post counts and the newest visible thread activity per category id, for the
 * categories `ids` (a forum page needs only its own forum family, not the whole forum).
 */
export async function categoryStats(db: Database, ids: string[]): Promise<Map<string, CategoryStats>> {
  if (ids.length === 0) return new Map();
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const counts = await db
    .select({
      categoryId: forumThreads.categoryId,
      threads: count(),
      posts: sql`coalesce(sum(${forumThreads.postCount}), 0)`.mapWith(Number),
    })
    .from(forumThreads)
    .where(and(isNull(forumThreads.deletedAt), inArray(forumThreads.categoryId, ids)))
    .groupBy(forumThreads.categoryId);
  const latest = await selectRows(
    db,
    latestThreadRow,
    sql`select c.id as category_id, t.id, t.title, t.last_post_at, t.last_post_user_id
        from unnest(array[${list}]::text[]) as c(id)
        cross join lateral (
          select id, title, last_post_at, last_post_user_id from forum_threads
          where category_id = c.id and deleted_at is null
          order by last_post_at desc, id desc limit 1
        ) t`,
  );
  const names = await authorNames(
    db,
    latest.map((row) => row.last_post_user_id).filter((id): id is string => !!id),
  );
  const stats = new Map<string, CategoryStats>();
  for (const row of counts)
    stats.set(row.categoryId, { threads: row.threads, posts: row.posts, activity: null });
  for (const row of latest) {
    const entry = stats.get(row.category_id);
    if (!entry) continue;
    entry.activity = {
      thread_id: row.id,
      thread_title: row.title,
      at: iso(row.last_post_at),
      author_name: row.last_post_user_id ? (names.get(row.last_post_user_id) ?? null) : null,
    };
  }
  return stats;
}

/** Threads by id, in the order of `ids`. */
export async function threadsByIds(db: Database, ids: string[]): Promise<ForumThreadRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(forumThreads)
    .where(
      sql`${forumThreads.id} in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)).filter((row): row is ForumThreadRow => !!row);
}

/** A thread by id, deleted or not. @throws AppError not_found (404) 'Dieses Thema gibt es nicht.' */
export async function findThread(db: Database, id: string): Promise<ForumThreadRow> {
  if (!isUuid(id)) throw new AppError('not_found', THREAD_NOT_FOUND);
  const [row] = await db.select().from(forumThreads).where(eq(forumThreads.id, id));
  if (!row) throw new AppError('not_found', THREAD_NOT_FOUND);
  return row;
}

/**
 * A visible post by id with its thread (deleted or not), in one statement.
 * @throws AppError not_found (404) 'Diesen Beitrag gibt es nicht.', also for a deleted post
 */
export async function findPost(
  db: Database,
  postId: string,
): Promise<{ post: ForumPostRow; thread: ForumThreadRow }> {
  if (!isUuid(postId)) throw new AppError('not_found', POST_NOT_FOUND);
  const [row] = await db
    .select({ post: forumPosts, thread: forumThreads })
    .from(forumPosts)
    .innerJoin(forumThreads, eq(forumThreads.id, forumPosts.threadId))
    .where(eq(forumPosts.id, postId));
  if (!row || row.post.deletedAt) throw new AppError('not_found', POST_NOT_FOUND);
  return row;
}

/** Whether the member's account is young enough for the hourly limits of new accounts. */
export async function isNewAccount(db: Database, userId: string): Promise<boolean> {
  const [account] = await findAccounts(db, [userId]);
  if (!account) throw new AppError('unauthorized');
  return Date.now() - new Date(account.createdAt).getTime() < FORUM_NEW_ACCOUNT_DAYS * 24 * HOUR_MS;
}

/**
 * Ids of the members named in the `@mentions` of `body`, never `authorId`. `@name` names a
 * member by the name the site shows everywhere (the nickname, else the first name),
 * case-insensitively; when several other members are shown by that name, it names the one whose
 * nickname it is, and nobody when that is not exactly one (no guessing who was meant).
 */
export async function mentionedMembers(db: Database, body: string, authorId: string): Promise<string[]> {
  const names = mentionedNames(body);
  if (names.length === 0) return [];
  const candidates = (await membersNamed(db, names)).filter((member) => member.id !== authorId);
  const ids = new Set<string>();
  for (const name of names) {
    const shown = candidates.filter((member) => member.shownName === name);
    const meant = shown.length > 1 ? candidates.filter((member) => member.nickname === name) : shown;
    if (meant.length === 1 && meant[0]) ids.add(meant[0].id);
  }
  return [...ids];
}

/** Members who set the thread to `level` (muted, or watching). */
export async function subscribedMembers(
  db: Database,
  threadId: string,
  level: 'watch' | 'mute',
): Promise<string[]> {
  const rows = await db
    .select({ userId: forumThreadSubscriptions.userId })
    .from(forumThreadSubscriptions)
    .where(and(eq(forumThreadSubscriptions.threadId, threadId), eq(forumThreadSubscriptions.level, level)));
  return rows.map((row) => row.userId);
}

/** The author of post `postId` when it belongs to thread `threadId` (none for another thread's post). */
export async function postAuthorIn(db: Database, threadId: string, postId: string): Promise<string[]> {
  if (!isUuid(postId)) return [];
  const rows = await db
    .select({ authorId: forumPosts.authorId })
    .from(forumPosts)
    .where(and(eq(forumPosts.id, postId), eq(forumPosts.threadId, threadId)));
  return rows.map((row) => row.authorId);
}

/** A member's likes on a page of a thread and their watch level of it ({@link viewerState}). */
const viewerStateRow = z.object({
  liked: z.array(z.string()).nullable(),
  level: z.enum(forumThreadSubscriptions.level.enumValues).nullable(),
});

/**
 * A member's own state on one page of a thread, in one statement: the posts of numbers
 * `from + 1 … from + 20` they liked, and their watch level of the thread.
 */
export async function viewerState(
  db: Database,
  viewerId: string,
  threadId: string,
  from: number,
): Promise<{ liked: Set<string>; level: 'watch' | 'mute' | null }> {
  if (!isUuid(threadId)) return { liked: new Set(), level: null };
  const [row] = await selectRows(
    db,
    viewerStateRow,
    sql`select
          (select json_agg(l.post_id) from forum_post_likes l join forum_posts p on p.id = l.post_id
           where l.user_id = ${viewerId}::uuid and p.thread_id = ${threadId}::uuid
             and p.number > ${from} and p.number <= ${from + FORUM_POSTS_PAGE_SIZE}) as liked,
          (select level from forum_thread_subscriptions
           where thread_id = ${threadId}::uuid and user_id = ${viewerId}::uuid) as level`,
  );
  return { liked: new Set(row?.liked ?? []), level: row?.level ?? null };
}
