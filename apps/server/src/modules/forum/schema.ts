import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../users/schema.ts';

const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

/**
 * Forums and their subforums (SPEC.md routes `/forum/{mainCategory}/{subCategory}`). `id` is
 * the path key: `business` for a main forum, `business/gruendung` for a subforum; `slug` is the
 * last part. Rows are seeded by migration 0012 and not changed by the application.
 */
export const forumCategories = pgTable(
  'forum_categories',
  {
    id: text('id').primaryKey(),
    parentId: text('parent_id').references((): AnyPgColumn => forumCategories.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    position: integer('position').notNull().default(0),
  },
  (table) => [index('forum_categories_parent_idx').on(table.parentId, table.position)],
);
export type ForumCategoryRow = typeof forumCategories.$inferSelect;

/**
 * Threads. Counters are kept on the row for the lists: `post_count` counts visible posts
 * including the opening post, `like_count` the likes of all its posts. `last_post_at` orders
 * the lists ("latest activity"). A thread deleted by its author or an admin keeps its row with
 * `deleted_at` and the admin's `deleted_reason`, shown to the author.
 */
export const forumThreads = pgTable(
  'forum_threads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    categoryId: text('category_id')
      .notNull()
      .references(() => forumCategories.id),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    pinned: boolean('pinned').notNull().default(false),
    locked: boolean('locked').notNull().default(false),
    postCount: integer('post_count').notNull().default(0),
    /** Highest post number handed out in this thread (numbers are never reused). */
    lastNumber: integer('last_number').notNull().default(0),
    likeCount: integer('like_count').notNull().default(0),
    viewCount: integer('view_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    lastPostAt: timestamp('last_post_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    lastPostUserId: uuid('last_post_user_id').references(() => users.id, { onDelete: 'set null' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true, precision: 3 }),
    deletedReason: text('deleted_reason'),
    moderationNote: text('moderation_note'),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('german'::regconfig, title)`),
  },
  (table) => [
    index('forum_threads_activity_idx').on(
      table.categoryId,
      table.pinned.desc(),
      table.lastPostAt.desc(),
      table.id.desc(),
    ),
    index('forum_threads_newest_idx').on(table.categoryId, table.createdAt.desc(), table.id.desc()),
    index('forum_threads_liked_idx').on(table.categoryId, table.likeCount.desc(), table.id.desc()),
    index('forum_threads_author_idx').on(table.authorId, table.createdAt.desc()),
    index('forum_threads_search_idx').using('gin', table.searchVector),
    // The few deleted threads, which the search's count leaves out by one hashed lookup per
    // post instead of reading each post's thread (docs/decisions/0010-forum-search-speed.md).
    index('forum_threads_deleted_idx').on(table.id).where(sql`${table.deletedAt} is not null`),
  ],
);
export type ForumThreadRow = typeof forumThreads.$inferSelect;

/**
 * Posts of a thread; number 1 is the opening post. `body` is the Markdown source, `body_html`
 * its sanitized rendering. `edited_at` marks an edit by the author ('bearbeitet'); a deleted
 * post keeps its row (so numbers and quotes stay stable) with `deleted_at` and the admin's
 * `deleted_reason`.
 */
export const forumPosts = pgTable(
  'forum_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => forumThreads.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    body: text('body').notNull(),
    bodyHtml: text('body_html').notNull(),
    likeCount: integer('like_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true, precision: 3 }),
    deletedAt: timestamp('deleted_at', { withTimezone: true, precision: 3 }),
    deletedByAdmin: boolean('deleted_by_admin').notNull().default(false),
    deletedReason: text('deleted_reason'),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('german'::regconfig, body)`),
  },
  (table) => [
    uniqueIndex('forum_posts_thread_number_idx').on(table.threadId, table.number),
    index('forum_posts_author_idx').on(table.authorId, table.createdAt.desc()),
    // The search's order for words with many hits: newest visible posts first
    // (docs/decisions/0010-forum-search-speed.md).
    index('forum_posts_newest_idx')
      .on(table.createdAt.desc(), table.id.desc())
      .where(sql`${table.deletedAt} is null`),
    index('forum_posts_search_idx').using('gin', table.searchVector),
  ],
);
export type ForumPostRow = typeof forumPosts.$inferSelect;

/**
 * A member's forum counters for the reputation cards: visible posts written and the likes those
 * posts received. Changed in the same transaction as the post or like they count
 * (docs/decisions/0010-forum-search-speed.md); migration 0017 filled them from the posts.
 */
export const forumMemberStats = pgTable('forum_member_stats', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  postCount: integer('post_count').notNull().default(0),
  likesReceived: integer('likes_received').notNull().default(0),
});

/** Likes: one per member and post. */
export const forumPostLikes = pgTable(
  'forum_post_likes',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => forumPosts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.postId, table.userId] })],
);

/** A member's choice for a thread: `watch` (notify on every reply) or `mute` (never notify). */
export const forumThreadSubscriptions = pgTable(
  'forum_thread_subscriptions',
  {
    threadId: uuid('thread_id')
      .notNull()
      .references(() => forumThreads.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    level: text('level', { enum: ['watch', 'mute'] }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.threadId, table.userId] }),
    check('forum_thread_subscriptions_level_check', sql`${table.level} in ('watch', 'mute')`),
  ],
);

/**
 * Counted views: one per thread, viewer and day. `viewer` is `u:<user id>` for members and
 * `a:<hashed address>` for visitors.
 */
export const forumThreadViews = pgTable(
  'forum_thread_views',
  {
    threadId: uuid('thread_id')
      .notNull()
      .references(() => forumThreads.id, { onDelete: 'cascade' }),
    viewer: text('viewer').notNull(),
    day: date('day').notNull(),
  },
  (table) => [primaryKey({ columns: [table.threadId, table.viewer, table.day] })],
);
