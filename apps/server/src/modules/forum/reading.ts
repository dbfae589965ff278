import { createHash } from 'node:crypto';
import {
  FORUM_POSTS_PAGE_SIZE,
  FORUM_THREADS_PAGE_SIZE,
  type ForumCategory,
  type ForumOverview,
  type ForumSort,
  type ForumThreadList,
  type ForumThreadPage,
  type ForumThreadSummary,
  forumThreadPageSchema,
} from '@marketplace/contract';
import { type AnyColumn, and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { rowCount, selectRows } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { displayName, findAccounts } from '../users/index.ts';
import type { ForumDeps, SharedThreadPage } from './caches.ts';
import { type ForumViewer, seesHiddenParts } from './policies.ts';
import { goneAuthor, mergeStats, toAuthor, toCategory, toPageThread, toPost, toSummary } from './present.ts';
import {
  allCategories,
  categoryNames,
  categoryStats,
  THREAD_NOT_FOUND,
  threadsByIds,
  viewerState,
} from './queries.ts';
import { type ForumThreadRow, forumPosts, forumThreads } from './schema.ts';

/**
 * The forum's read use cases: the forums with their counts, a forum's thread list, a thread's
 * page as a member or a visitor sees it (with the views it counts). The search is in `search.ts`.
 */

const FORUM_NOT_FOUND = 'Dieses Forum gibt es nicht.';

/**
 * `GET /api/forum/categories`: the three main forums (SPEC.md: business, games, sports) with
 * their subforums, thread and post counts (a main forum counts its subforums too) and latest
 * activity. Deleted threads are not counted. The counts of all forums are computed together and
 * kept in `deps.stats` (up to 15 s, forgotten after each write of this instance).
 * @param only a main forum's id: just that forum and its subforums
 */
export async function forumOverview(
  deps: Pick<ForumDeps, 'db' | 'stats' | 'categories'>,
  only?: string,
): Promise<ForumOverview> {
  const all = await allCategories(deps);
  const rows = only ? all.filter((row) => row.id === only || row.parentId === only) : all;
  const stats = await deps.stats.get('all', () =>
    categoryStats(
      deps.db,
      all.map((row) => row.id),
    ),
  );
  const mains = rows.filter((row) => row.parentId === null);
  return {
    forums: mains.map((main) => {
      const subs = rows.filter((row) => row.parentId === main.id);
      const total = mergeStats([stats.get(main.id), ...subs.map((sub) => stats.get(sub.id))]);
      return {
        ...toCategory(main, total),
        subforums: subs.map((sub) => toCategory(sub, stats.get(sub.id))),
      };
    }),
  };
}

/**
 * A forum or subforum by its path id (`business`, `business/gruendung`) with its counts and
 * its main forum. @throws AppError not_found (404) 'Dieses Forum gibt es nicht.'
 */
export async function findCategory(
  deps: Pick<ForumDeps, 'db' | 'stats' | 'categories'>,
  id: string,
): Promise<{ category: ForumCategory; parent: ForumCategory | null; ids: string[] }> {
  const family = id.split('/')[0] ?? id;
  const overview = await forumOverview(deps, family);
  for (const main of overview.forums) {
    const { subforums, ...category } = main;
    if (main.id === id) return { category, parent: null, ids: [main.id, ...subforums.map((sub) => sub.id)] };
    const sub = subforums.find((entry) => entry.id === id);
    if (sub) return { category: sub, parent: category, ids: [sub.id] };
  }
  throw new AppError('not_found', FORUM_NOT_FOUND);
}

/** Threads as lists show them, with their forums' and members' names. */
export async function toSummaries(
  deps: Pick<ForumDeps, 'db' | 'categories'>,
  rows: ForumThreadRow[],
): Promise<ForumThreadSummary[]> {
  const [names, accounts] = await Promise.all([
    categoryNames(deps),
    findAccounts(deps.db, [
      ...new Set(rows.flatMap((row) => [row.authorId, ...(row.lastPostUserId ? [row.lastPostUserId] : [])])),
    ]),
  ]);
  const members = new Map(
    accounts.map((account) => [account.id, { name: displayName(account), avatar: account.avatarUrl }]),
  );
  return rows.map((row) => toSummary(row, names, members));
}

/**
 * `GET /api/forum/threads`: one page (20) of a forum's visible threads; a main forum lists
 * the threads of all its subforums. `activity`: pinned first, then latest activity;
 * `newest`: newest first; `liked`: most likes first. Offset paging by page number.
 * @throws AppError not_found (404) for an unknown forum
 */
export async function listThreads(
  deps: Pick<ForumDeps, 'db' | 'stats' | 'categories'>,
  query: { category: string; sort: ForumSort; page: number },
): Promise<ForumThreadList> {
  const db = deps.db;
  const { category, parent, ids } = await findCategory(deps, query.category);
  // `nulls last` as in the indexes (docs/benchmarks.md "Descending indexes and NULLS LAST").
  const last = (column: AnyColumn) => sql`${column} desc nulls last`;
  const t = forumThreads;
  const order =
    query.sort === 'newest'
      ? [last(t.createdAt), last(t.id)]
      : query.sort === 'liked'
        ? [last(t.likeCount), desc(t.lastPostAt), desc(t.id)]
        : [last(t.pinned), last(t.lastPostAt), last(t.id)];
  const offset = (query.page - 1) * FORUM_THREADS_PAGE_SIZE;
  const idRows = await db
    .select({ id: t.id })
    .from(t)
    .where(and(inArray(t.categoryId, ids), isNull(t.deletedAt)))
    .orderBy(...order)
    .limit(FORUM_THREADS_PAGE_SIZE)
    .offset(offset);
  const rows = await threadsByIds(
    db,
    idRows.map((row) => row.id),
  );
  return {
    category,
    parent,
    threads: await toSummaries(deps, rows),
    total: category.thread_count,
    page: query.page,
    page_size: FORUM_THREADS_PAGE_SIZE,
  };
}

/** The thread's view count after a counted view ({@link countView}). */
const viewCountRow = z.object({ view_count: rowCount });

/**
 * Counts a view of the thread: once per viewer (`u:<member id>` or the hashed address) and day,
 * the view and the thread's counter in one statement (nothing for an unknown or deleted thread,
 * so it needs not wait for the thread's read); a view this instance counted today needs no
 * round trip. @returns the thread's view count after a counted view, else null
 */
async function countView(
  deps: Pick<ForumDeps, 'db' | 'views' | 'pages'>,
  threadId: string,
  viewer: string,
): Promise<number | null> {
  const view = `${threadId} ${viewer}`;
  if (!isUuid(threadId)) return null;
  if (deps.views.has(view, new Date().toISOString().slice(0, 10))) return null;
  const [counted] = await selectRows(
    deps.db,
    viewCountRow,
    sql`with counted as (
          insert into forum_thread_views (thread_id, viewer, day)
          select id, ${viewer}, current_date from forum_threads
          where id = ${threadId}::uuid and deleted_at is null
          on conflict do nothing
          returning thread_id
        )
        update forum_threads set view_count = view_count + 1
        where id in (select thread_id from counted)
        returning view_count`,
  );
  deps.views.add(view);
  if (!counted) return null;
  const views = counted.view_count;
  deps.pages.counted(threadId, views);
  return views;
}

/** The viewer key of a visitor without a login: a hash of the address, never the address. */
export function visitorKey(address: string): string {
  return `a:${createHash('sha256').update(`forum-view:${address}`).digest('base64url').slice(0, 22)}`;
}

/**
 * The part of page `page` of a thread that every viewer sees alike, in one round trip of two
 * statements at once: the thread with the page's posts (numbers `from + 1 … from + 20` on the
 * unique index `(thread_id, number)`), and the member cards of the users door for the page's
 * authors, the thread's author and its last poster (`deps.cards`, given the ids as a subquery
 * of this module's tables). Forums and their counts come from the door's caches. A card
 * missing because a reply came between the two statements is read afterwards
 * (docs/decisions/0010-forum-search-speed.md).
 * @throws AppError not_found (404) for an unknown thread
 */
async function sharedThreadPage(
  deps: Pick<ForumDeps, 'db' | 'cards' | 'stats' | 'categories'>,
  threadId: string,
  page: number,
): Promise<SharedThreadPage> {
  const db = deps.db;
  if (!isUuid(threadId)) throw new AppError('not_found', THREAD_NOT_FOUND);
  const from = (page - 1) * FORUM_POSTS_PAGE_SIZE;
  const to = from + FORUM_POSTS_PAGE_SIZE;
  const onPage = sql`${forumPosts.number} > ${from} and ${forumPosts.number} <= ${to}`;
  const [rows, cards] = await Promise.all([
    db
      .select({ thread: forumThreads, post: forumPosts })
      .from(forumThreads)
      .leftJoin(forumPosts, and(eq(forumPosts.threadId, forumThreads.id), onPage))
      .where(eq(forumThreads.id, threadId))
      .orderBy(forumPosts.number),
    deps.cards.read(
      sql`select p.author_id from forum_posts p
          where p.thread_id = ${threadId}::uuid and p.number > ${from} and p.number <= ${to}
          union all select t.author_id from forum_threads t where t.id = ${threadId}::uuid
          union all select t.last_post_user_id from forum_threads t where t.id = ${threadId}::uuid`,
    ),
    // The forums and their counts, so finding this thread's forum below waits for nothing.
    forumOverview(deps),
  ]);
  const thread = rows[0]?.thread;
  if (!thread) throw new AppError('not_found', THREAD_NOT_FOUND);
  const posts = rows.flatMap((row) => (row.post ? [row.post] : []));
  const missing = [
    ...new Set([thread.authorId, ...(thread.lastPostUserId ? [thread.lastPostUserId] : [])]),
    ...posts.map((post) => post.authorId),
  ].filter((id) => !cards.has(id));
  if (missing.length > 0) for (const [id, card] of await deps.cards.read(missing)) cards.set(id, card);
  const [{ category, parent }, names] = await Promise.all([
    findCategory(deps, thread.categoryId),
    categoryNames(deps),
  ]);
  const summary = toSummary(thread, names, cards);
  const authors = new Map([...cards].map(([id, card]) => [id, toAuthor(card)]));
  return { thread, summary, category, parent, posts, authors };
}

/**
 * `GET /api/forum/threads/{id}`: the thread with one page (20) of its posts in order (deleted
 * posts keep their place, without text; their author and admins see the reason), and what
 * `viewer` may do with the thread and each post (`can`, `policies.ts`; all false for null).
 * Counts a view once per viewer and day. A deleted thread is seen only by its author (with the
 * reason) and admins. What all viewers see alike comes from `deps.pages` (fresh for a second,
 * forgotten after each forum write); the viewer's likes and watch level are one query alongside
 * it, and so is a view (one statement, only for a viewer's first view of the day)
 * (docs/decisions/0010-forum-search-speed.md).
 * @param viewerKey who counts the view (see `countView`); null counts none
 * @throws AppError not_found (404)
 */
export async function threadPage(
  deps: Pick<ForumDeps, 'db' | 'cards' | 'stats' | 'views' | 'pages' | 'categories'>,
  viewer: ForumViewer | null,
  viewerKey: string | null,
  threadId: string,
  page: number,
): Promise<ForumThreadPage> {
  const from = (page - 1) * FORUM_POSTS_PAGE_SIZE;
  const [shared, mine] = await Promise.all([
    deps.pages.get(threadId, page, () => sharedThreadPage(deps, threadId, page)),
    viewer ? viewerState(deps.db, viewer.id, threadId, from) : null,
    viewerKey ? countView(deps, threadId, viewerKey) : null,
  ]);
  const { thread, summary, category, parent, posts, authors } = shared;
  if (thread.deletedAt && !seesHiddenParts(viewer, thread.authorId))
    throw new AppError('not_found', THREAD_NOT_FOUND);
  const head = toPageThread(thread, summary, deps.pages.viewCount(thread.id, summary.view_count), viewer);
  return {
    thread: head,
    category,
    parent,
    posts: posts.map((post) =>
      toPost(
        post,
        authors.get(post.authorId) ?? goneAuthor(post.authorId),
        mine?.liked.has(post.id) ?? false,
        viewer,
        thread,
      ),
    ),
    total: thread.lastNumber,
    page,
    page_size: FORUM_POSTS_PAGE_SIZE,
    can_reply: head.can.reply,
    can_moderate: head.can.moderate,
    subscription: mine?.level ?? null,
  };
}

/**
 * `GET /api/forum/threads/{id}` for a visitor without a login, sent as finished JSON: the view is
 * counted first (one statement, only the visitor's first view of the day); the answer is then
 * the one kept for every visitor (up to `PUBLIC_ANSWER_MS`, forgotten after each forum write;
 * its `can` is all false), computed anew when this view was counted so that it shows the
 * visitor's own view. A member's request never reads it (`threadPage`).
 * @throws AppError not_found (404)
 */
export async function publicThreadPage(
  deps: Pick<ForumDeps, 'db' | 'cards' | 'stats' | 'views' | 'pages' | 'categories'>,
  reply: FastifyReply,
  viewerKey: string,
  threadId: string,
  page: number,
): Promise<FastifyReply> {
  const counted = await countView(deps, threadId, viewerKey);
  return deps.pages.answers.send(
    reply,
    forumThreadPageSchema,
    `thread|${threadId}|${page}`,
    () => threadPage(deps, null, null, threadId, page),
    counted !== null,
  );
}
