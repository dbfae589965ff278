import {
  FORUM_NEW_ACCOUNT_REPLIES_PER_HOUR,
  FORUM_NEW_ACCOUNT_THREADS_PER_HOUR,
  type ForumModerateThreadBody,
  type ForumPost,
  type ForumPostPermissions,
  type ForumThreadSummary,
} from '@marketplace/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { Emit } from '../../realtime/event-bus.ts';
import { countRequest, type RequestLimit } from '../auth/index.ts';
import { fileReport } from '../reports/index.ts';
import type { MemberCards } from '../users/index.ts';
import { type ForumDeps, forgetCounts } from './caches.ts';
import { plainExcerpt, renderMarkdown } from './markdown.ts';
import { type ForumViewer, postPermissions, removesAsModerator, threadPermissions } from './policies.ts';
import { goneAuthor, toAuthor, toPost } from './present.ts';
import {
  adjustMemberStats,
  allCategories,
  findPost,
  findThread,
  HOUR_MS,
  isNewAccount,
  mentionedMembers,
  POST_NOT_FOUND,
  postAuthorIn,
  subscribedMembers,
  THREAD_NOT_FOUND,
} from './queries.ts';
import { toSummaries } from './reading.ts';
import {
  type ForumPostRow,
  type ForumThreadRow,
  forumPostLikes,
  forumPosts,
  forumThreadSubscriptions,
  forumThreads,
} from './schema.ts';
import './events.ts';

/**
 * The forum's writes (SPEC.md routes `/forum…`): threads, replies, edits, deletions, moderation
 * of a thread, likes, watching and reports. Each checks the forum policy (`policies.ts`) that also
 * decides the `can` of the answers, so a button and the server agree
 * (docs/decisions/0006-module-doors.md point 5), and publishes its events after the commit.
 */

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

const THREAD_LOCKED = 'Dieses Thema ist geschlossen. Antworten sind nicht mehr möglich.';

const txOf = (transaction: unknown) => transaction as Database;

/** A post as `actor` sees it right after writing it, with their author card. */
async function ownPost(
  cards: MemberCards,
  actor: ForumViewer,
  row: ForumPostRow,
  thread: ForumThreadRow,
): Promise<ForumPost> {
  const card = (await cards.read([actor.id])).get(actor.id);
  return toPost(row, card ? toAuthor(card) : goneAuthor(actor.id), false, actor, thread);
}

/**
 * Refuses a reply the thread policy does not allow: 404 for a deleted thread, 403 for a locked
 * one (or without a verified e-mail, which the route checks first).
 */
function assertMayReply(actor: ForumViewer, thread: ForumThreadRow): void {
  if (thread.deletedAt) throw new AppError('not_found', THREAD_NOT_FOUND);
  if (threadPermissions(actor, thread).reply) return;
  throw thread.locked ? new AppError('forbidden', THREAD_LOCKED) : new AppError('email_not_verified');
}

/**
 * `POST /api/forum/threads`: a new thread with its opening post (number 1), written in one
 * transaction. Accounts younger than 7 days open at most 3 threads per hour, counted
 * atomically with the write (docs/decisions/0005). `forum.mentioned` for the mentioned members is
 * emitted in the same transaction (their notifications are durable reactions, decision 0022).
 * @throws AppError not_found (404) for an unknown forum; rate_limited (429, German)
 */
export async function createThread(
  deps: ForumDeps,
  actor: ForumViewer,
  input: { category_id: string; title: string; body: string },
): Promise<{ id: string }> {
  const categories = await allCategories(deps);
  if (!categories.some((row) => row.id === input.category_id))
    throw new AppError('validation', 'Bitte wähle ein Forum, das es gibt.');
  const limited = await isNewAccount(deps.db, actor.id);
  const html = renderMarkdown(input.body);
  const created = await deps.events.transaction(deps.db, async (tx, emit) => {
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
    const mentioned = await mentionedMembers(tx, input.body, actor.id);
    if (mentioned.length > 0)
      emit('forum.mentioned', {
        threadId: thread.id,
        threadTitle: thread.title,
        postId: post.id,
        postNumber: 1,
        authorId: actor.id,
        mentionedIds: mentioned,
        excerpt: plainExcerpt(input.body),
      });
    return { thread, postId: post.id };
  });
  forgetCounts(deps);
  return { id: created.thread.id };
}

/**
 * Emits the events of a new reply inside its transaction `tx`: `forum.replied` for the thread's
 * author, the author of `reply_to` and the watchers, `forum.mentioned` for the `@names`; never
 * to the replier, nor to members who muted the thread.
 */
async function emitReplyEvents(
  tx: Database,
  emit: Emit,
  authorId: string,
  thread: { id: string; title: string; authorId: string },
  post: { id: string; number: number },
  input: { body: string; reply_to?: string | null | undefined },
): Promise<void> {
  const mutedIds = await subscribedMembers(tx, thread.id, 'mute');
  const mentioned = await mentionedMembers(tx, input.body, authorId);
  const watchers = await subscribedMembers(tx, thread.id, 'watch');
  const repliedTo = input.reply_to ? await postAuthorIn(tx, thread.id, input.reply_to) : [];
  const muted = new Set(mutedIds);
  const mentionedIds = mentioned.filter((id) => !muted.has(id));
  const recipients = new Set([thread.authorId, ...watchers, ...repliedTo]);
  for (const id of [authorId, ...muted, ...mentionedIds]) recipients.delete(id);
  const common = {
    threadId: thread.id,
    threadTitle: thread.title,
    postId: post.id,
    postNumber: post.number,
    authorId,
    excerpt: plainExcerpt(input.body),
  };
  if (recipients.size > 0) emit('forum.replied', { ...common, recipientIds: [...recipients] });
  if (mentionedIds.length > 0) emit('forum.mentioned', { ...common, mentionedIds });
}

/**
 * `POST /api/forum/threads/{id}/posts`: a reply. The post number comes from the thread row,
 * which the update locks, so parallel replies get consecutive numbers; the thread's counters
 * and latest activity change in the same transaction. Accounts younger than 7 days write at
 * most 10 replies per hour. In the same transaction: `forum.replied` for the thread's author,
 * the author of `reply_to` and watchers, `forum.mentioned` for `@names` (not for those who
 * muted); their notifications are durable reactions (decision 0022).
 * The thread's policy (`threadPermissions(...).reply`) is checked before and inside the write.
 * @throws AppError not_found (404); forbidden (403) when the thread is locked; rate_limited (429)
 */
export async function createPost(
  deps: ForumDeps,
  actor: ForumViewer,
  threadId: string,
  input: { body: string; reply_to?: string | null | undefined },
): Promise<ForumPost> {
  assertMayReply(actor, await findThread(deps.db, threadId));
  const limited = await isNewAccount(deps.db, actor.id);
  const html = renderMarkdown(input.body);
  const { post, thread } = await deps.events.transaction(deps.db, async (tx, emit) => {
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
    assertMayReply(actor, locked);
    const [stored] = await tx
      .insert(forumPosts)
      .values({ threadId, authorId: actor.id, number: locked.lastNumber, body: input.body, bodyHtml: html })
      .returning();
    if (!stored) throw new Error('post not stored');
    await adjustMemberStats(tx, actor.id, 1, 0);
    await emitReplyEvents(tx, emit, actor.id, locked, stored, input);
    return { post: stored, thread: locked };
  });
  forgetCounts(deps);
  return ownPost(deps.cards, actor, post, thread);
}

/**
 * `PATCH /api/forum/posts/{id}`: the author changes the text (marked 'bearbeitet'), as
 * `postPermissions(...).edit` allows: not in a locked thread unless an ADMIN.
 * @throws AppError not_found (404); forbidden (403)
 */
export async function editPost(
  deps: Pick<ForumDeps, 'db' | 'cards' | 'stats' | 'searchCounts' | 'pages'>,
  actor: ForumViewer,
  postId: string,
  body: string,
): Promise<ForumPost> {
  const db = deps.db;
  const { post, thread } = await findPost(db, postId);
  if (!postPermissions(actor, post, thread).edit)
    throw new AppError(
      'forbidden',
      post.authorId === actor.id
        ? THREAD_LOCKED
        : 'Nur wer den Beitrag geschrieben hat, kann ihn bearbeiten.',
    );
  const [updated] = await db
    .update(forumPosts)
    .set({ body, bodyHtml: renderMarkdown(body), editedAt: sql`now()` })
    .where(and(eq(forumPosts.id, postId), sql`${forumPosts.deletedAt} is null`))
    .returning();
  if (!updated) throw new AppError('not_found', POST_NOT_FOUND);
  forgetCounts(deps);
  return ownPost(deps.cards, actor, updated, thread);
}

/**
 * Checks a deletion against the policy (`can.delete`) and returns whether it is a moderator's
 * (`can.moderate`: an ADMIN removing another member's text) with its reason.
 * @throws AppError forbidden (403); validation (422) for a moderator's deletion without a reason
 */
function deletion(
  can: Pick<ForumPostPermissions, 'delete' | 'moderate'>,
  reason: string | undefined,
): { byAdmin: boolean; reason: string | null } {
  if (!can.delete) throw new AppError('forbidden', 'Du kannst nur deine eigenen Beiträge löschen.');
  if (!can.moderate) return { byAdmin: false, reason: null };
  if (!reason) throw new AppError('validation', 'Bitte gib einen Grund für die Löschung an.');
  return { byAdmin: true, reason };
}

/**
 * `DELETE /api/forum/posts/{id}`: the author deletes an own post, an ADMIN any post with a
 * reason the author sees (`postPermissions(...).delete` and `.moderate`). The post keeps its
 * place without text; the thread's counters follow in the same transaction. Deleting the
 * opening post deletes the thread.
 * @throws AppError not_found (404); forbidden (403); validation (422) without an admin's reason
 */
export async function deletePost(
  deps: Pick<ForumDeps, 'db' | 'stats' | 'searchCounts' | 'pages'>,
  actor: ForumViewer,
  postId: string,
  reason?: string,
): Promise<void> {
  const db = deps.db;
  const { post, thread } = await findPost(db, postId);
  if (post.number === 1) return deleteThread(deps, actor, post.threadId, reason);
  const how = deletion(postPermissions(actor, post, thread), reason);
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
 * reason the author sees on the thread's page (`threadPermissions(...).delete`).
 * @throws AppError not_found; forbidden; validation
 */
export async function deleteThread(
  deps: Pick<ForumDeps, 'db' | 'stats' | 'searchCounts' | 'pages'>,
  actor: ForumViewer,
  threadId: string,
  reason?: string,
): Promise<void> {
  const db = deps.db;
  const thread = await findThread(db, threadId);
  if (thread.deletedAt) throw new AppError('not_found', THREAD_NOT_FOUND);
  const how = deletion(
    {
      delete: threadPermissions(actor, thread).delete,
      moderate: removesAsModerator(actor, thread.authorId),
    },
    reason,
  );
  await db
    .update(forumThreads)
    .set({ deletedAt: sql`now()`, deletedReason: how.reason })
    .where(eq(forumThreads.id, threadId));
  forgetCounts(deps);
}

/**
 * `PATCH /api/forum/threads/{id}` (ADMIN only: `threadPermissions(...).moderate`, which the
 * route's role check mirrors): pin or unpin, lock or unlock, move to another forum; `reason`
 * becomes the moderation note the author sees.
 * @throws AppError not_found (404); admin_only (403); validation (422) for an unknown target forum
 */
export async function moderateThread(
  deps: Pick<ForumDeps, 'db' | 'stats' | 'searchCounts' | 'pages' | 'categories'>,
  actor: ForumViewer,
  threadId: string,
  change: ForumModerateThreadBody,
): Promise<ForumThreadSummary> {
  const db = deps.db;
  const thread = await findThread(db, threadId);
  if (!threadPermissions(actor, thread).moderate) throw new AppError('admin_only');
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
 * post (`postPermissions(...).like`); the counters of the post and its thread change in the same
 * transaction. A new like emits `forum.liked` in it. @returns the post's likes afterwards
 * @throws AppError not_found (404); validation (400) for one's own post
 */
export async function setLike(
  deps: ForumDeps,
  actor: ForumViewer,
  postId: string,
  like: boolean,
): Promise<{ liked: boolean; like_count: number }> {
  const { post, thread } = await findPost(deps.db, postId);
  if (!postPermissions(actor, post, thread).like)
    throw new AppError('validation', 'Du kannst deinen eigenen Beitrag nicht liken.');
  const result = await deps.events.transaction(deps.db, async (tx, emit) => {
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
    if (step === 1)
      emit('forum.liked', {
        threadId: thread.id,
        threadTitle: thread.title,
        postId,
        postNumber: post.number,
        likerId: actor.id,
        authorId: post.authorId,
      });
    return { count: updated?.likeCount ?? 0 };
  });
  // The post's, the thread's and the author's likes show on thread pages.
  deps.pages.invalidate();
  return { liked: like, like_count: result.count };
}

/**
 * `PUT /api/forum/threads/{id}/subscription`: watch (every reply notifies), mute (nothing
 * notifies, not even mentions) or back to the default (null), as `threadPermissions(...).watch`
 * allows (every member). @throws AppError not_found (404); forbidden (403)
 */
export async function setSubscription(
  db: Database,
  actor: ForumViewer,
  threadId: string,
  level: 'watch' | 'mute' | null,
): Promise<{ level: 'watch' | 'mute' | null }> {
  const thread = await findThread(db, threadId);
  if (!threadPermissions(actor, thread).watch) throw new AppError('forbidden');
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
 * queue); not one's own post (`postPermissions(...).report`), and only with a verified e-mail
 * (the route checks it first). Emits `forum.post_reported` with the report.
 * @throws AppError not_found; validation (422) for one's own post; conflict (409) when reported already
 */
export async function reportPost(
  deps: Pick<ForumDeps, 'db' | 'events'>,
  actor: ForumViewer,
  postId: string,
  reason: string,
): Promise<void> {
  const { post, thread } = await findPost(deps.db, postId);
  if (!postPermissions(actor, post, thread).report)
    throw new AppError('validation', 'Du kannst deinen eigenen Beitrag nicht melden.');
  await deps.events.transaction(deps.db, async (tx, emit) => {
    const filed = await fileReport(
      tx,
      {
        targetType: 'forum_post',
        targetId: postId,
        reportedId: post.authorId,
        reporterId: actor.id,
        reason,
        comment: null,
      },
      'refuse',
    );
    if (filed === 'refused') throw new AppError('conflict', 'Du hast diesen Beitrag schon gemeldet.');
    // The reporter's confirmation (DSA Art. 16 (5)) is a durable reaction.
    emit('forum.post_reported', {
      postId,
      reporterId: actor.id,
      threadId: thread.id,
      threadTitle: thread.title,
    });
  });
}
