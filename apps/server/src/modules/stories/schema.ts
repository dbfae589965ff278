import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { listings } from '../listings/schema.ts';
import { users } from '../users/schema.ts';

/** Kinds of story media (SPEC.md §3 "media_type"). */
export const STORY_MEDIA_TYPES = ['image', 'video'] as const;

/**
 * Stories (SPEC.md §3 "Story"): an image or video of a member, live until `expires_at`
 * (24 hours after creation). `media_name` is a photo of the image pipeline or a video in the
 * media storage's folder `stories`; `thumbnail_name` is the photo again, or a video's poster (the
 * first frame the client sent, through the image pipeline), null when it sent none. `listing_id`
 * links one of the owner's ads; deleting the ad only drops the link.
 */
export const stories = pgTable(
  'stories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mediaType: text('media_type', { enum: STORY_MEDIA_TYPES }).notNull(),
    mediaName: text('media_name').notNull(),
    thumbnailName: text('thumbnail_name'),
    mimeType: text('mime_type').notNull(),
    caption: text('caption'),
    /** Seconds the client shows it; null for an image (about 5 s) or an unknown video length. */
    duration: integer('duration'),
    listingId: uuid('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (table) => [
    index('stories_user_idx').on(table.userId, table.expiresAt),
    index('stories_expires_idx').on(table.expiresAt),
    check('stories_caption_length', sql`char_length(${table.caption}) <= 500`),
  ],
);
export type StoryRow = typeof stories.$inferSelect;

/** Who saw a story, once per member (the first view counts; SPEC.md §3 "Story insights"). */
export const storyViews = pgTable(
  'story_views',
  {
    storyId: uuid('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    viewerId: uuid('viewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.storyId, table.viewerId] }),
    index('story_views_viewer_idx').on(table.viewerId),
  ],
);

/** Reactions ('heart'), one per member and story. */
export const storyReactions = pgTable(
  'story_reactions',
  {
    storyId: uuid('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reaction: text('reaction').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.storyId, table.userId] })],
);

/** Replies, counted for the insights; the text itself lives in the chat message. */
export const storyReplies = pgTable(
  'story_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storyId: uuid('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [index('story_replies_story_idx').on(table.storyId)],
);
