import { createHash } from 'node:crypto';
import {
  FORUM_NEW_ACCOUNT_DAYS,
  FORUM_NEW_ACCOUNT_REPLIES_PER_HOUR,
  FORUM_NEW_ACCOUNT_THREADS_PER_HOUR,
  FORUM_POSTS_PAGE_SIZE,
  FORUM_THREADS_PAGE_SIZE,
  type ForumActivity,
  type ForumAuthor,
  type ForumCategory,
  type ForumModerateThreadBody,
  type ForumOverview,
  type ForumPost,
  type ForumSearchResult,
  type ForumSort,
  type ForumThreadList,
  type ForumThreadPage,
  type ForumThreadSummary,
  forumSearchResultSchema,
  forumThreadPageSchema,
} from '@marketplace/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { type Database, selectRows } from '../../db/client.ts';
import { CountCache } from '../../lib/count-cache.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { MAX_PUBLIC_ANSWERS, PUBLIC_ANSWER_MS, PublicAnswerCache } from '../../lib/public-answers.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import { countRequest, type RequestLimit } from '../auth/index.ts';
import {
  type Actor,
  displayName,
  findAccounts,
  isAdmin,
  type MemberCard,
  memberCards,
  memberNameColumn,
} from '../users/index.ts';
import { mentionedNames, plainExcerpt, renderMarkdown } from './markdown.ts';
import {
  type ForumCategoryRow,
  type ForumPostRow,
  type ForumThreadRow,
  forumCategories,
  forumPostLikes,
  forumPosts,
  forumReports,
  forumThreadSubscriptions,
  forumThreads,
} from './schema.ts';
import './events.ts';

/** What the forum needs from the running application. */
export interface ForumDeps {
  db: Database;
  /** Carries `forum.replied`, `forum.mentioned` and `forum.liked` to the notifications. */
  events: EventBus;
  /**
   * Thread and post counts and latest activity of every forum (key `all`), kept for
   * {@link FORUM_STATS_CACHE_MS} and forgotten after each write of this instance
   * (docs/decisions/0010-forum-search-speed.md).
   */
  stats: CountCache<Map<string, CategoryStats>>;
  /**
   * The forums and subforums (key `all`), which only migrations change, kept for
   * {@link FORUM_STATS_CACHE_MS} so no page waits for them.
   */
  categories: CountCache<ForumCategoryRow[]>;
  /**
   * The search's capped hit counts per search text, kept for {@link FORUM_STATS_CACHE_MS} and
   * forgotten after each write of this instance (as the marketplace's search totals).
   */
  searchCounts: CountCache<number>;
  /** Views this instance has counted today (a repeated view needs no write). */
  views: CountedViews;
  /**
   * What every viewer of a thread page sees alike, kept for {@link PUBLIC_ANSWER_MS} and
   * forgotten after each forum write of this instance (docs/decisions/0010-forum-search-speed.md).
   */
  pages: ThreadPages;
}

/**
 * Views (thread and viewer) an instance has already counted today, so a repeated view of a
 * thread page needs no round trip (the database would ignore it anyway). Owned by the forum
 * plugin; it starts over each UTC day and when it holds 100,000 views.
 */
export class CountedViews {
  private day = '';
  private seen = new Set<string>();

  /** Whether `view` was counted today (also starts a new day). */
  has(view: string, day: string): boolean {
    if (day !== this.day) {
      this.day = day;
      this.seen = new Set();
    }
    return this.seen.has(view);
  }

  /** Remembers that `view` was counted today. */
  add(view: string): void {
    if (this.seen.size >= 100_000) this.seen.clear();
    this.seen.add(view);
  }
}

/**
 * What every viewer of one page of a thread sees alike: the thread, its summary and forum, the
 * page's posts and their authors' cards. Per-viewer parts (own likes, watching, permissions,
 * deletion reasons) are added per request.
 */
interface SharedThreadPage {
  thread: ForumThreadRow;
  summary: ForumThreadSummary;
  category: ForumCategory;
  parent: ForumCategory | null;
  posts: ForumPostRow[];
  authors: Map<string, ForumAuthor>;
}

/**
 * The shared parts of thread pages (key: thread id and page), owned by the forum's routes:
 * each is fresh for {@link PUBLIC_ANSWER_MS} (as the marketplace's public answers) and until
 * `invalidate` after a forum write of this instance or a change of a member's card; concurrent
 * misses share one computation (`CountCache`). Beside them the finished JSON of the answers
 * for visitors without a login (thread pages and searches, `answers`), forgotten alike. It also
 * remembers the highest view count this instance has counted per thread, so a page read from
 * the cache never shows fewer views than the viewer's own counted view
 * (docs/decisions/0010-forum-search-speed.md).
 */
export class ThreadPages {
  private readonly pages = new CountCache<SharedThreadPage>(PUBLIC_ANSWER_MS, MAX_PUBLIC_ANSWERS);
  private viewCounts = new Map<string, number>();
  /** Finished answers for visitors without a login: thread pages and searches. */
  readonly answers = new PublicAnswerCache();

  /** The shared page `page` of thread `threadId`: cached while fresh, else from `compute`. */
  get(threadId: string, page: number, compute: () => Promise<SharedThreadPage>): Promise<SharedThreadPage> {
    return this.pages.get(`${threadId}|${page}`, compute);
  }

  /** Notes the thread's view count after this instance counted a view. */
  counted(threadId: string, viewCount: number): void {
    if (this.viewCounts.size >= MAX_PUBLIC_ANSWERS * 20) this.viewCounts = new Map();
    this.viewCounts.set(threadId, Math.max(viewCount, this.viewCounts.get(threadId) ?? 0));
  }

  /** The thread's view count to show: the page's, or a higher one this instance counted since. */
  viewCount(threadId: string, fromPage: number): number {
    return Math.max(fromPage, this.viewCounts.get(threadId) ?? 0);
  }

  /** Forgets every shared page and answer (a forum write or a changed member card may show on any). */
  invalidate(): void {
    this.pages.invalidate();
    this.answers.invalidate();
  }
}

/** Forgets the counts and pages this instance keeps, after a write that may change them has committed. */
function forgetCounts(deps: Pick<ForumDeps, 'stats' | 'searchCounts' | 'pages'>): void {
  deps.stats.invalidate();
  deps.searchCounts.invalidate();
  deps.pages.invalidate();
}

/** How long the forums' counts and latest activity are kept, in ms. */
export const FORUM_STATS_CACHE_MS = 15_000;

const HOUR_MS = 60 * 60 * 1000;

/** New threads of a new account per hour (contract `FORUM_NEW_ACCOUNT_THREADS_PER_HOUR`). */
export const FORUM_THREAD_LIMIT: RequestLimit = {
  bucket: 'forum-thread',
  max: FORUM_NEW_ACCOUNT_THREADS_PER_HOUR,
  windowMs: HOUR_MS,
  reason: `Neue Mitglieder können höchstens ${FORUM_NEW_ACCOUNT_THREADS_PER_HOUR} Themen pro Stunde eröffnen.`,
};

/** Replies of a new account per hour (contract `FORUM_NEW_ACCOUNT_REPLIES_PER_HOUR`). */
export const FORUM_REPLY_LIMIT: RequestLimit = {
  bucket: 'forum-reply',
  max: FORUM_NEW_ACCOUNT_REPLIES_PER_HOUR,
  windowMs: HOUR_MS,
  reason: `Neue Mitglieder können höchstens ${FORUM_NEW_ACCOUNT_REPLIES_PER_HOUR} Antworten pro Stunde schreiben.`,
};

const THREAD_NOT_FOUND = 'Dieses Thema gibt es nicht.';
const POST_NOT_FOUND = 'Diesen Beitrag gibt es nicht.';
const FORUM_NOT_FOUND = 'Dieses Forum gibt es nicht.';
const THREAD_LOCKED = 'Dieses Thema ist geschlossen. Antworten sind nicht mehr möglich.';

const iso = (value: Date | string) => new Date(value).toISOString();
const txOf = (transaction: unknown) => transaction as Database;

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

// ---------------------------------------------------------------------------------------------
// Categories

/** All forums and subforums in menu order, kept in `deps.categories`. */
function allCategories(deps: Pick<ForumDeps, 'db' | 'categories'>): Promise<ForumCategoryRow[]> {
  return deps.categories.get('all', () =>
    deps.db.select().from(forumCategories).orderBy(forumCategories.position, forumCategories.id),
  );
}

/** Counts and the newest visible thread activity of one forum or subforum. */
export interface CategoryStats {
  threads: number;
  posts: number;
  activity: ForumActivity | null;
}

/**
 * Thread and post counts and the newest visible thread activity per category id, for the
 * categories `ids` (a forum page needs only its own forum family, not the whole forum).
 */
async function categoryStats(db: Database, ids: string[]): Promise<Map<string, CategoryStats>> {
  if (ids.length === 0) return new Map();
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const counts = await selectRows<{ category_id: string; threads: number | string; posts: number | string }>(
    db,
    sql`select category_id, count(*) as threads, coalesce(sum(post_count), 0) as posts
        from forum_threads where deleted_at is null and category_id in (${list}) group by category_id`,
  );
  const latest = await selectRows<{
    category_id: string;
    id: string;
    title: string;
    last_post_at: Date | string;
    last_post_user_id: string | null;
  }>(
    db,
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
    stats.set(row.category_id, { threads: Number(row.threads), posts: Number(row.posts), activity: null });
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

function toCategory(row: ForumCategoryRow, stats: CategoryStats | undefined): ForumCategory {
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
function mergeStats(parts: (CategoryStats | undefined)[]): CategoryStats {
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

// ---------------------------------------------------------------------------------------------
// Authors

/** Display names of members by id (gone members are missing). */
async function authorNames(db: Database, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const accounts = await findAccounts(db, [...new Set(ids)]);
  return new Map(accounts.map((account) => [account.id, displayName(account)]));
}

/**
 * The forum's author card of a member card of the users door (name, avatar, member since,
 * verified badge, marketplace rating, forum posts and likes received, all from the one
 * reputation, SPEC.md "Forum").
 */
function toAuthor(card: MemberCard): ForumAuthor {
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

/** Author cards of members by id, in one statement of the users door (`memberCards`). */
async function authorCards(db: Database, ids: string[]): Promise<Map<string, ForumAuthor>> {
  const cards = await memberCards(db, ids);
  return new Map([...cards].map(([id, card]) => [id, toAuthor(card)]));
}

const GONE_AUTHOR = (id: string): ForumAuthor => ({
  id,
  name: 'Ehemaliges Mitglied',
  avatar: null,
  member_since: new Date(0).toISOString(),
  email_verified: false,
  rating: null,
  review_count: 0,
  post_count: 0,
  likes_received: 0,
  is_admin: false,
});

// ---------------------------------------------------------------------------------------------
// Threads

/** What a thread summary shows of a member. */
type SummaryMember = { name: string; avatar: string | null };

/** A thread as lists and its page show it, with its forum's name and its members' names. */
function toSummary(
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
      name: author?.name ?? 'Ehemaliges Mitglied',
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

/** Forum ids to names. */
async function categoryNames(deps: Pick<ForumDeps, 'db' | 'categories'>): Promise<Map<string, string>> {
  return new Map((await allCategories(deps)).map((row) => [row.id, row.name]));
}

async function toSummaries(
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
  const order =
    query.sort === 'newest'
      ? sql`created_at desc nulls last, id desc nulls last`
      : query.sort === 'liked'
        ? sql`like_count desc nulls last, last_post_at desc, id desc`
        : sql`pinned desc nulls last, last_post_at desc nulls last, id desc nulls last`;
  const inCategories = sql`category_id in (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}) and deleted_at is null`;
  const offset = (query.page - 1) * FORUM_THREADS_PAGE_SIZE;
  const idRows = await selectRows<{ id: string }>(
    db,
    sql`select id from forum_threads where ${inCategories} order by ${order}
        limit ${FORUM_THREADS_PAGE_SIZE} offset ${offset}`,
  );
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

/** Threads by id, in the order of `ids`. */
async function threadsByIds(db: Database, ids: string[]): Promise<ForumThreadRow[]> {
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

async function findThread(db: Database, id: string): Promise<ForumThreadRow> {
  if (!isUuid(id)) throw new AppError('not_found', THREAD_NOT_FOUND);
  const [row] = await db.select().from(forumThreads).where(eq(forumThreads.id, id));
  if (!row) throw new AppError('not_found', THREAD_NOT_FOUND);
  return row;
}

/** Whether the member's account is young enough for the hourly limits of new accounts. */
async function isNewAccount(db: Database, userId: string): Promise<boolean> {
  const [account] = await findAccounts(db, [userId]);
  if (!account) throw new AppError('unauthorized');
  return Date.now() - new Date(account.createdAt).getTime() < FORUM_NEW_ACCOUNT_DAYS * 24 * HOUR_MS;
}

/** Ids of members named in `@mentions` (nickname, case-insensitive), without `authorId`. */
async function mentionedMembers(db: Database, body: string, authorId: string): Promise<string[]> {
  const names = mentionedNames(body);
  if (names.length === 0) return [];
  // A read of the users' nicknames; the users module has no lookup by nickname.
  const rows = await selectRows<{ id: string }>(
    db,
    sql`select id from users where lower(nickname) in (${sql.join(
      names.map((name) => sql`${name}`),
      sql`, `,
    )})`,
  );
  return rows.map((row) => row.id).filter((id) => id !== authorId);
}

/** Members who muted the thread. */
async function mutedMembers(db: Database, threadId: string): Promise<Set<string>> {
  const rows = await db
    .select({ userId: forumThreadSubscriptions.userId })
    .from(forumThreadSubscriptions)
    .where(and(eq(forumThreadSubscriptions.threadId, threadId), eq(forumThreadSubscriptions.level, 'mute')));
  return new Set(rows.map((row) => row.userId));
}

/**
 * `POST /api/forum/threads`: a new thread with its opening post (number 1), written in one
 * transaction. Accounts younger than 7 days open at most 3 threads per hour, counted
 * atomically with the write (docs/decisions/0005). Mentioned members are told after the commit.
 * @throws AppError not_found (404) for an unknown forum; rate_limited (429, German)
 */
export async function createThread(
  deps: ForumDeps,
  actor: Actor,
  input: { category_id: string; title: string; body: string },
): Promise<{ id: string }> {
  const categories = await allCategories(deps);
  if (!categories.some((row) => row.id === input.category_id))
    throw new AppError('validation', 'Bitte wähle ein Forum, das es gibt.');
  const limited = await isNewAccount(deps.db, actor.id);
  const html = renderMarkdown(input.body);
  const created = await deps.db.transaction(async (transaction) => {
    const tx = txOf(transaction);
    if (limited) await countRequest(tx, FORUM_THREAD_LIMIT, actor.id);
    const [thread] = await tx
      .insert(forumThreads)
      .values({
        categoryId: input.category_id,
        authorId: actor.id,
        title: input.title,
        postCount: 1,
        lastNumber: 1,
        lastPostUserId: actor.id,
      })
      .returning();
    if (!thread) throw new Error('thread not stored');
    const [post] = await tx
      .insert(forumPosts)
      .values({ threadId: thread.id, authorId: actor.id, number: 1, body: input.body, bodyHtml: html })
      .returning({ id: forumPosts.id });
    if (!post) throw new Error('post not stored');
    await adjustMemberStats(tx, actor.id, 1, 0);
    return { thread, postId: post.id };
  });
  forgetCounts(deps);
  const mentioned = await mentionedMembers(deps.db, input.body, actor.id);
  if (mentioned.length > 0)
    await deps.events.publish('forum.mentioned', {
      threadId: created.thread.id,
      threadTitle: created.thread.title,
      postId: created.postId,
      postNumber: 1,
      authorId: actor.id,
      mentionedIds: mentioned,
      excerpt: plainExcerpt(input.body),
    });
  return { id: created.thread.id };
}

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
  const [counted] = await selectRows<{ view_count: number | string }>(
    deps.db,
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
  const views = Number(counted.view_count);
  deps.pages.counted(threadId, views);
  return views;
}

/** The viewer key of a visitor without a login: a hash of the address, never the address. */
export function visitorKey(address: string): string {
  return `a:${createHash('sha256').update(`forum-view:${address}`).digest('base64url').slice(0, 22)}`;
}

function toPost(
  row: ForumPostRow,
  author: ForumAuthor,
  liked: boolean,
  viewer: Actor | null,
  thread: ForumThreadRow,
): ForumPost {
  const own = viewer?.id === row.authorId;
  const admin = isAdmin(viewer);
  const deleted = row.deletedAt !== null;
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
    deleted_reason: deleted && (own || admin) ? row.deletedReason : null,
    can_edit: !deleted && own && (!thread.locked || admin),
    can_delete: !deleted && (own || admin),
  };
}

/**
 * The part of page `page` of a thread that every viewer sees alike, in one round trip of two
 * statements at once: the thread with the page's posts (numbers `from + 1 … from + 20` on the
 * unique index `(thread_id, number)`), and the member cards of the users door for the page's
 * authors, the thread's author and its last poster (`memberCards`, given the ids as a subquery
 * of this module's tables). Forums and their counts come from the door's caches. A card
 * missing because a reply came between the two statements is read afterwards
 * (docs/decisions/0010-forum-search-speed.md).
 * @throws AppError not_found (404) for an unknown thread
 */
async function sharedThreadPage(
  deps: Pick<ForumDeps, 'db' | 'stats' | 'categories'>,
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
    memberCards(
      db,
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
  if (missing.length > 0) for (const [id, card] of await memberCards(db, missing)) cards.set(id, card);
  const [{ category, parent }, names] = await Promise.all([
    findCategory(deps, thread.categoryId),
    categoryNames(deps),
  ]);
  const summary = toSummary(thread, names, cards);
  const authors = new Map([...cards].map(([id, card]) => [id, toAuthor(card)]));
  return { thread, summary, category, parent, posts, authors };
}

/**
 * A member's own state on one page of a thread, in one statement: the posts of numbers
 * `from + 1 … from + 20` they liked, and their watch level of the thread.
 */
async function viewerState(
  db: Database,
  viewerId: string,
  threadId: string,
  from: number,
): Promise<{ liked: Set<string>; level: 'watch' | 'mute' | null }> {
  if (!isUuid(threadId)) return { liked: new Set(), level: null };
  const [row] = await selectRows<{ liked: string[] | null; level: 'watch' | 'mute' | null }>(
    db,
    sql`select
          (select json_agg(l.post_id) from forum_post_likes l join forum_posts p on p.id = l.post_id
           where l.user_id = ${viewerId}::uuid and p.thread_id = ${threadId}::uuid
             and p.number > ${from} and p.number <= ${from + FORUM_POSTS_PAGE_SIZE}) as liked,
          (select level from forum_thread_subscriptions
           where thread_id = ${threadId}::uuid and user_id = ${viewerId}::uuid) as level`,
  );
  return { liked: new Set(row?.liked ?? []), level: row?.level ?? null };
}

/**
 * `GET /api/forum/threads/{id}`: the thread with one page (20) of its posts in order (deleted
 * posts keep their place, without text; their author and admins see the reason). Counts a view
 * once per viewer and day. A deleted thread is seen only by its author (with the reason) and
 * admins. What all viewers see alike comes from `deps.pages` (fresh for a second, forgotten
 * after each forum write); the viewer's likes and watch level are one query alongside it, and so
 * is a view (one statement, only for a viewer's first view of the day)
 * (docs/decisions/0010-forum-search-speed.md).
 * @param viewerKey who counts the view (see `countView`); null counts none
 * @throws AppError not_found (404)
 */
export async function threadPage(
  deps: Pick<ForumDeps, 'db' | 'stats' | 'views' | 'pages' | 'categories'>,
  viewer: Actor | null,
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
  const admin = isAdmin(viewer);
  if (thread.deletedAt && !admin && viewer?.id !== thread.authorId)
    throw new AppError('not_found', THREAD_NOT_FOUND);
  const own = viewer?.id === thread.authorId;
  return {
    thread: {
      ...summary,
      view_count: deps.pages.viewCount(thread.id, summary.view_count),
      deleted: thread.deletedAt !== null,
      deleted_reason: thread.deletedAt && (own || admin) ? thread.deletedReason : null,
      moderation_note: own || admin ? thread.moderationNote : null,
    },
    category,
    parent,
    posts: posts.map((post) =>
      toPost(
        post,
        authors.get(post.authorId) ?? GONE_AUTHOR(post.authorId),
        mine?.liked.has(post.id) ?? false,
        viewer,
        thread,
      ),
    ),
    total: thread.lastNumber,
    page,
    page_size: FORUM_POSTS_PAGE_SIZE,
    can_reply: !!viewer && !thread.locked && !thread.deletedAt,
    can_moderate: admin,
    subscription: mine?.level ?? null,
  };
}

/**
 * `GET /api/forum/threads/{id}` for a visitor without a login, sent as finished JSON: the view is
 * counted first (one statement, only the visitor's first view of the day); the answer is then
 * the one kept for every visitor (up to {@link PUBLIC_ANSWER_MS}, forgotten after each forum
 * write), computed anew when this view was counted so that it shows the visitor's own view.
 * @throws AppError not_found (404)
 */
export async function publicThreadPage(
  deps: Pick<ForumDeps, 'db' | 'stats' | 'views' | 'pages' | 'categories'>,
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

/**
 * `POST /api/forum/threads/{id}/posts`: a reply. The post number comes from the thread row,
 * which the update locks, so parallel replies get consecutive numbers; the thread's counters
 * and latest activity change in the same transaction. Accounts younger than 7 days write at
 * most 10 replies per hour. After the commit: `forum.replied` for the thread's author, the
 * author of `reply_to` and watchers, `forum.mentioned` for `@names` (not for those who muted).
 * @throws AppError not_found (404); forbidden (403) when the thread is locked; rate_limited (429)
 */
export async function createPost(
  deps: ForumDeps,
  actor: Actor,
  threadId: string,
  input: { body: string; reply_to?: string | null | undefined },
): Promise<ForumPost> {
  const before = await findThread(deps.db, threadId);
  if (before.deletedAt) throw new AppError('not_found', THREAD_NOT_FOUND);
  if (before.locked) throw new AppError('forbidden', THREAD_LOCKED);
  const limited = await isNewAccount(deps.db, actor.id);
  const html = renderMarkdown(input.body);
  const { post, thread } = await deps.db.transaction(async (transaction) => {
    const tx = txOf(transaction);
    if (limited) await countRequest(tx, FORUM_REPLY_LIMIT, actor.id);
    const [locked] = await tx
      .update(forumThreads)
      .set({
        lastNumber: sql`${forumThreads.lastNumber} + 1`,
        postCount: sql`${forumThreads.postCount} + 1`,
        lastPostAt: sql`now()`,
        lastPostUserId: actor.id,
      })
      .where(and(eq(forumThreads.id, threadId), sql`${forumThreads.deletedAt} is null`))
      .returning();
    if (!locked) throw new AppError('not_found', THREAD_NOT_FOUND);
    // Locked meanwhile: the update rolls back with the error.
    if (locked.locked) throw new AppError('forbidden', THREAD_LOCKED);
    const [stored] = await tx
      .insert(forumPosts)
      .values({ threadId, authorId: actor.id, number: locked.lastNumber, body: input.body, bodyHtml: html })
      .returning();
    if (!stored) throw new Error('post not stored');
    await adjustMemberStats(tx, actor.id, 1, 0);
    return { post: stored, thread: locked };
  });
  forgetCounts(deps);

  const [muted, mentioned, watchers, repliedTo] = await Promise.all([
    mutedMembers(deps.db, threadId),
    mentionedMembers(deps.db, input.body, actor.id),
    deps.db
      .select({ userId: forumThreadSubscriptions.userId })
      .from(forumThreadSubscriptions)
      .where(
        and(eq(forumThreadSubscriptions.threadId, threadId), eq(forumThreadSubscriptions.level, 'watch')),
      ),
    input.reply_to && isUuid(input.reply_to)
      ? deps.db
          .select({ authorId: forumPosts.authorId })
          .from(forumPosts)
          .where(and(eq(forumPosts.id, input.reply_to), eq(forumPosts.threadId, threadId)))
      : Promise.resolve([]),
  ]);
  const mentionedIds = mentioned.filter((id) => !muted.has(id));
  const recipients = new Set([
    thread.authorId,
    ...watchers.map((row) => row.userId),
    ...repliedTo.map((row) => row.authorId),
  ]);
  for (const id of [actor.id, ...muted, ...mentionedIds]) recipients.delete(id);
  const excerpt = plainExcerpt(input.body);
  const common = {
    threadId,
    threadTitle: thread.title,
    postId: post.id,
    postNumber: post.number,
    authorId: actor.id,
    excerpt,
  };
  if (recipients.size > 0)
    await deps.events.publish('forum.replied', { ...common, recipientIds: [...recipients] });
  if (mentionedIds.length > 0) await deps.events.publish('forum.mentioned', { ...common, mentionedIds });

  const authors = await authorCards(deps.db, [actor.id]);
  return toPost(post, authors.get(actor.id) ?? GONE_AUTHOR(actor.id), false, actor, thread);
}

async function findPost(db: Database, postId: string): Promise<ForumPostRow> {
  if (!isUuid(postId)) throw new AppError('not_found', POST_NOT_FOUND);
  const [row] = await db.select().from(forumPosts).where(eq(forumPosts.id, postId));
  if (!row || row.deletedAt) throw new AppError('not_found', POST_NOT_FOUND);
  return row;
}

/**
 * `PATCH /api/forum/posts/{id}`: only the author changes the text (marked 'bearbeitet'); not
 * in a locked thread. @throws AppError not_found (404); forbidden (403)
 */
export async function editPost(
  deps: Pick<ForumDeps, 'db' | 'stats' | 'searchCounts' | 'pages'>,
  actor: Actor,
  postId: string,
  body: string,
): Promise<ForumPost> {
  const db = deps.db;
  const post = await findPost(db, postId);
  if (post.authorId !== actor.id)
    throw new AppError('forbidden', 'Nur wer den Beitrag geschrieben hat, kann ihn bearbeiten.');
  const thread = await findThread(db, post.threadId);
  if (thread.locked && !isAdmin(actor)) throw new AppError('forbidden', THREAD_LOCKED);
  const [updated] = await db
    .update(forumPosts)
    .set({ body, bodyHtml: renderMarkdown(body), editedAt: sql`now()` })
    .where(and(eq(forumPosts.id, postId), sql`${forumPosts.deletedAt} is null`))
    .returning();
  if (!updated) throw new AppError('not_found', POST_NOT_FOUND);
  forgetCounts(deps);
  const authors = await authorCards(db, [actor.id]);
  return toPost(updated, authors.get(actor.id) ?? GONE_AUTHOR(actor.id), false, actor, thread);
}

/** Checks who may delete and returns whether it is a moderator's deletion with its reason. */
function deletion(
  actor: Actor,
  authorId: string,
  reason: string | undefined,
): { byAdmin: boolean; reason: string | null } {
  if (actor.id === authorId) return { byAdmin: false, reason: null };
  if (!isAdmin(actor)) throw new AppError('forbidden', 'Du kannst nur deine eigenen Beiträge löschen.');
  if (!reason) throw new AppError('validation', 'Bitte gib einen Grund für die Löschung an.');
  return { byAdmin: true, reason };
}

/**
 * `DELETE /api/forum/posts/{id}`: the author deletes an own post, an ADMIN any post with a
 * reason the author sees. The post keeps its place without text; the thread's counters follow
 * in the same transaction. Deleting the opening post deletes the thread.
 * @throws AppError not_found (404); forbidden (403); validation (422) without an admin's reason
 */
export async function deletePost(
  deps: Pick<ForumDeps, 'db' | 'stats' | 'searchCounts' | 'pages'>,
  actor: Actor,
  postId: string,
  reason?: string,
): Promise<void> {
  const db = deps.db;
  const post = await findPost(db, postId);
  if (post.number === 1) return deleteThread(deps, actor, post.threadId, reason);
  const how = deletion(actor, post.authorId, reason);
  await db.transaction(async (transaction) => {
    const tx = txOf(transaction);
    const [done] = await tx
      .update(forumPosts)
      .set({ deletedAt: sql`now()`, deletedByAdmin: how.byAdmin, deletedReason: how.reason })
      .where(and(eq(forumPosts.id, postId), sql`${forumPosts.deletedAt} is null`))
      .returning({ likes: forumPosts.likeCount });
    if (!done) throw new AppError('not_found', POST_NOT_FOUND);
    await adjustMemberStats(tx, post.authorId, -1, -done.likes);
    await tx
      .update(forumThreads)
      .set({
        postCount: sql`${forumThreads.postCount} - 1`,
        likeCount: sql`greatest(0, ${forumThreads.likeCount} - ${done.likes})`,
      })
      .where(eq(forumThreads.id, post.threadId));
  });
  forgetCounts(deps);
}

/**
 * `DELETE /api/forum/threads/{id}`: the author deletes an own thread, an ADMIN any thread with a
 * reason the author sees on the thread's page. @throws AppError not_found; forbidden; validation
 */
export async function deleteThread(
  deps: Pick<ForumDeps, 'db' | 'stats' | 'searchCounts' | 'pages'>,
  actor: Actor,
  threadId: string,
  reason?: string,
): Promise<void> {
  const db = deps.db;
  const thread = await findThread(db, threadId);
  if (thread.deletedAt) throw new AppError('not_found', THREAD_NOT_FOUND);
  const how = deletion(actor, thread.authorId, reason);
  await db
    .update(forumThreads)
    .set({ deletedAt: sql`now()`, deletedReason: how.reason })
    .where(eq(forumThreads.id, threadId));
  forgetCounts(deps);
}

/**
 * `PATCH /api/forum/threads/{id}` (ADMIN only; the route checks the role): pin or unpin, lock or
 * unlock, move to another forum; `reason` becomes the moderation note the author sees.
 * @throws AppError not_found (404); validation (422) for an unknown target forum
 */
export async function moderateThread(
  deps: Pick<ForumDeps, 'db' | 'stats' | 'searchCounts' | 'pages' | 'categories'>,
  threadId: string,
  change: ForumModerateThreadBody,
): Promise<ForumThreadSummary> {
  const db = deps.db;
  const thread = await findThread(db, threadId);
  if (change.category_id !== undefined) {
    const categories = await allCategories(deps);
    if (!categories.some((row) => row.id === change.category_id))
      throw new AppError('validation', 'Dieses Forum gibt es nicht.');
  }
  const [updated] = await db
    .update(forumThreads)
    .set({
      ...(change.pinned !== undefined ? { pinned: change.pinned } : {}),
      ...(change.locked !== undefined ? { locked: change.locked } : {}),
      ...(change.category_id !== undefined ? { categoryId: change.category_id } : {}),
      ...(change.reason !== undefined ? { moderationNote: change.reason } : {}),
    })
    .where(eq(forumThreads.id, thread.id))
    .returning();
  if (!updated) throw new AppError('not_found', THREAD_NOT_FOUND);
  forgetCounts(deps);
  const [summary] = await toSummaries(deps, [updated]);
  if (!summary) throw new AppError('not_found', THREAD_NOT_FOUND);
  return summary;
}

/**
 * `POST` and `DELETE /api/forum/posts/{id}/like`: one like per member and post, not on one's own
 * post; the counters of the post and its thread change in the same transaction. A new like is
 * published as `forum.liked`. @returns the post's likes afterwards
 * @throws AppError not_found (404); validation (400) for one's own post
 */
export async function setLike(
  deps: ForumDeps,
  actor: Actor,
  postId: string,
  like: boolean,
): Promise<{ liked: boolean; like_count: number }> {
  const post = await findPost(deps.db, postId);
  if (post.authorId === actor.id)
    throw new AppError('validation', 'Du kannst deinen eigenen Beitrag nicht liken.');
  const result = await deps.db.transaction(async (transaction) => {
    const tx = txOf(transaction);
    const changed = like
      ? await tx
          .insert(forumPostLikes)
          .values({ postId, userId: actor.id })
          .onConflictDoNothing()
          .returning({ postId: forumPostLikes.postId })
      : await tx
          .delete(forumPostLikes)
          .where(and(eq(forumPostLikes.postId, postId), eq(forumPostLikes.userId, actor.id)))
          .returning({ postId: forumPostLikes.postId });
    const step = changed.length === 0 ? 0 : like ? 1 : -1;
    const [updated] = await tx
      .update(forumPosts)
      .set({ likeCount: sql`${forumPosts.likeCount} + ${step}` })
      .where(eq(forumPosts.id, postId))
      .returning({ likeCount: forumPosts.likeCount });
    if (step !== 0) {
      await tx
        .update(forumThreads)
        .set({ likeCount: sql`${forumThreads.likeCount} + ${step}` })
        .where(eq(forumThreads.id, post.threadId));
      await adjustMemberStats(tx, post.authorId, 0, step);
    }
    return { isNew: step === 1, count: updated?.likeCount ?? 0 };
  });
  // The post's, the thread's and the author's likes show on thread pages.
  deps.pages.invalidate();
  if (result.isNew) {
    const thread = await findThread(deps.db, post.threadId);
    await deps.events.publish('forum.liked', {
      threadId: thread.id,
      threadTitle: thread.title,
      postId,
      postNumber: post.number,
      likerId: actor.id,
      authorId: post.authorId,
    });
  }
  return { liked: like, like_count: result.count };
}

/**
 * `PUT /api/forum/threads/{id}/subscription`: watch (every reply notifies), mute (nothing
 * notifies, not even mentions) or back to the default (null). @throws AppError not_found (404)
 */
export async function setSubscription(
  db: Database,
  actor: Actor,
  threadId: string,
  level: 'watch' | 'mute' | null,
): Promise<{ level: 'watch' | 'mute' | null }> {
  const thread = await findThread(db, threadId);
  if (level === null) {
    await db
      .delete(forumThreadSubscriptions)
      .where(
        and(eq(forumThreadSubscriptions.threadId, thread.id), eq(forumThreadSubscriptions.userId, actor.id)),
      );
  } else {
    await db
      .insert(forumThreadSubscriptions)
      .values({ threadId: thread.id, userId: actor.id, level })
      .onConflictDoUpdate({
        target: [forumThreadSubscriptions.threadId, forumThreadSubscriptions.userId],
        set: { level, updatedAt: sql`now()` },
      });
  }
  return { level };
}

/**
 * `POST /api/forum/posts/{id}/report`: one report per member and post (stored for the admin
 * queue); not one's own post. @throws AppError not_found; conflict (409) when reported already
 */
export async function reportPost(db: Database, actor: Actor, postId: string, reason: string): Promise<void> {
  const post = await findPost(db, postId);
  if (post.authorId === actor.id)
    throw new AppError('validation', 'Du kannst deinen eigenen Beitrag nicht melden.');
  const stored = await db
    .insert(forumReports)
    .values({ postId, reporterId: actor.id, reason })
    .onConflictDoNothing()
    .returning({ id: forumReports.id });
  if (stored.length === 0) throw new AppError('conflict', 'Du hast diesen Beitrag schon gemeldet.');
}

/** The display name of a hit's author from `memberNameColumn` (null: a gone member). */
function authorName(
  author: { id: string; nickname: string | null; firstName: string | null } | string | null,
) {
  const parts = typeof author === 'string' ? JSON.parse(author) : author;
  return parts ? displayName(parts) : 'Ehemaliges Mitglied';
}

/** The forum search counts at most this many hits; beyond it the answer says 'über 1.000'. */
export const FORUM_SEARCH_COUNT_CAP = 1000;

/**
 * `GET /api/forum/search`: visible posts whose text, or whose thread's title (for the opening
 * post), matches the words (PostgreSQL full text, 'german' configuration, web search syntax),
 * newest first, 20 per page. `total` counts up to {@link FORUM_SEARCH_COUNT_CAP} hits;
 * `total_capped` says there are more (then only the first 1,000 can be paged to).
 * docs/decisions/0010-forum-search-speed.md: the capped count stops early, and it decides the
 * plan: up to 1,000 hits are read through the text indexes and sorted; a word with more hits
 * walks the date index `forum_posts_newest_idx` from the newest post and stops after the page.
 */
export async function searchForum(
  deps: Pick<ForumDeps, 'db' | 'searchCounts' | 'categories'>,
  q: string,
  page: number,
): Promise<ForumSearchResult> {
  const db = deps.db;
  const query = sql`websearch_to_tsquery('german', ${q})`;
  const cap = FORUM_SEARCH_COUNT_CAP;
  const hits = await deps.searchCounts.get(q, async () => {
    // The text hits first; only when they are 1,000 or fewer can the title hits of opening
    // posts change the capped count, so only then is the title branch read (PostgreSQL
    // evaluates the `else` subquery on demand). A post of a deleted thread is left out by a
    // hashed lookup in the few deleted threads (partial index `forum_threads_deleted_idx`),
    // not by reading each post's thread. docs/decisions/0010, "The uncached count".
    const [counted] = await selectRows<{ hits: number | string }>(
      db,
      sql`with text_hits as materialized (
            select p.id from forum_posts p
            where p.search_vector @@ ${query} and p.deleted_at is null
              and p.thread_id not in (select d.id from forum_threads d where d.deleted_at is not null)
            limit ${cap + 1}
          )
          select case when (select count(*) from text_hits) > ${cap} then ${cap + 1}
            else (select count(distinct id) from (
              select id from text_hits
              union all
              (select p.id from forum_threads t join forum_posts p on p.thread_id = t.id and p.number = 1
               where t.search_vector @@ ${query} and t.deleted_at is null and p.deleted_at is null
               limit ${cap + 1})
            ) found) end as hits`,
    );
    return Math.min(Number(counted?.hits ?? 0), cap + 1);
  });
  const offset = (page - 1) * FORUM_THREADS_PAGE_SIZE;
  // The author's name parts come with each hit (users door's `memberNameColumn`).
  const columns = sql`p.id, p.number, p.body, p.created_at, p.author_id, t.id as thread_id, t.title, t.category_id,
    ${memberNameColumn(sql`p.author_id`)} as author`;
  type Row = {
    id: string;
    number: number;
    body: string;
    created_at: Date | string;
    author_id: string;
    thread_id: string;
    title: string;
    category_id: string;
    author: { id: string; nickname: string | null; firstName: string | null } | string | null;
  };
  const rows =
    hits === 0 || offset >= Math.min(hits, cap)
      ? []
      : hits <= cap
        ? // Few hits: read them all through the two text indexes, then sort.
          await selectRows<Row>(
            db,
            sql`with found as materialized (
                  select p.id from forum_posts p where p.search_vector @@ ${query} and p.deleted_at is null
                  union
                  select p.id from forum_threads t join forum_posts p on p.thread_id = t.id and p.number = 1
                  where t.search_vector @@ ${query}
                )
                select ${columns}
                from found f join forum_posts p on p.id = f.id join forum_threads t on t.id = p.thread_id
                where t.deleted_at is null and p.deleted_at is null
                order by p.created_at desc, p.id desc
                limit ${FORUM_THREADS_PAGE_SIZE} offset ${offset}`,
          )
        : // Many hits: newest first along the date index, testing each post, until the page is full.
          await selectRows<Row>(
            db,
            sql`select ${columns}
                from forum_posts p join forum_threads t on t.id = p.thread_id
                where p.deleted_at is null and t.deleted_at is null
                  and (p.search_vector @@ ${query} or (p.number = 1 and t.search_vector @@ ${query}))
                order by p.created_at desc nulls last, p.id desc nulls last
                limit ${FORUM_THREADS_PAGE_SIZE} offset ${offset}`,
          );
  const names = await categoryNames(deps);
  return {
    hits: rows.map((row) => ({
      thread_id: row.thread_id,
      thread_title: row.title,
      category_id: row.category_id,
      category_name: names.get(row.category_id) ?? row.category_id,
      post_id: row.id,
      post_number: Number(row.number),
      author_name: authorName(row.author),
      excerpt: plainExcerpt(row.body, 240),
      created_at: iso(row.created_at),
    })),
    total: Math.min(hits, cap),
    total_capped: hits > cap,
    page,
    page_size: FORUM_THREADS_PAGE_SIZE,
  };
}

/**
 * `GET /api/forum/search`, sent as finished JSON: the same for every visitor, kept up to
 * {@link PUBLIC_ANSWER_MS} and forgotten after each forum write of this instance
 * (docs/decisions/0010-forum-search-speed.md). @see searchForum
 */
export function publicSearch(
  deps: Pick<ForumDeps, 'db' | 'searchCounts' | 'pages' | 'categories'>,
  reply: FastifyReply,
  q: string,
  page: number,
): Promise<FastifyReply> {
  return deps.pages.answers.send(reply, forumSearchResultSchema, `search|${page}|${q}`, () =>
    searchForum(deps, q, page),
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
