import { NEWS_CATEGORIES } from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/schema.ts';

/**
 * Local news articles (/lokale-news, contract news.ts). `body` is the author's Markdown, `html`
 * its sanitized rendering made once per write (as forum posts). The place is the main town of
 * `postal_code` with its centroid, copied from the places module when written, so the radius
 * filter reads one table. An article goes with its author's account.
 */
export const newsArticles = pgTable(
  'news_articles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The title as an address part ('neue-radwege-in-koeln'), for `/lokale-news/{slug}-{id}`. */
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    teaser: text('teaser').notNull(),
    body: text('body').notNull(),
    html: text('html').notNull(),
    category: text('category', { enum: NEWS_CATEGORIES }).notNull(),
    postalCode: text('postal_code').notNull(),
    place: text('place').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** URL of an uploaded photo (`/api/images/<id>-detail.webp`), or none. */
    image: text('image'),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    publishedAt: timestamp('published_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'news_articles_category',
      sql`${table.category} in ('politik', 'kultur', 'sport', 'wirtschaft', 'verkehr', 'vereine')`,
    ),
    index('news_articles_published_idx').on(table.publishedAt.desc(), table.id),
    index('news_articles_category_idx').on(table.category, table.publishedAt.desc()),
    index('news_articles_author_idx').on(table.authorId, table.publishedAt.desc()),
    index('news_articles_position_idx').on(table.latitude, table.longitude),
  ],
);

export type NewsArticleRow = typeof newsArticles.$inferSelect;

/**
 * The members an ADMIN made editors ('Redakteur:in' on the admin member page): they write local
 * news and edit and delete their own articles. `granted_by` is the ADMIN (none once that account
 * is gone); each change is in the audit log.
 */
export const newsEditors = pgTable('news_editors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  grantedBy: uuid('granted_by').references(() => users.id, { onDelete: 'set null' }),
  grantedAt: timestamp('granted_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});
