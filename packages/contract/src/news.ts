import { z } from 'zod';
import { postalCodeSchema } from './listings.ts';
import { userText } from './text.ts';

/*
 * Local news ("Lokale News", SPEC.md §2 /lokale-news; its content is not shown there, so this is
 * what a reader of a local newspaper's site expects): articles with a teaser, a Markdown body, an
 * image, a place and a category, written by ADMINs and by the members an ADMIN made editors
 * ('Redakteur:in'), listed per place and radius, each on its own page and in an RSS feed.
 */

/** The categories of an article; the web names them in German. */
export const NEWS_CATEGORIES = ['politik', 'kultur', 'sport', 'wirtschaft', 'verkehr', 'vereine'] as const;
export const newsCategorySchema = z.enum(NEWS_CATEGORIES, { error: 'Bitte wähle eine Rubrik.' });
export type NewsCategory = z.infer<typeof newsCategorySchema>;

/** The categories' German names: in the filter, on the cards, in the feed. */
export const NEWS_CATEGORY_NAMES: Record<NewsCategory, string> = {
  politik: 'Politik',
  kultur: 'Kultur',
  sport: 'Sport',
  wirtschaft: 'Wirtschaft',
  verkehr: 'Verkehr',
  vereine: 'Vereine',
};

export const NEWS_TITLE_MIN_LENGTH = 5;
export const NEWS_TITLE_MAX_LENGTH = 120;
export const NEWS_TEASER_MIN_LENGTH = 20;
export const NEWS_TEASER_MAX_LENGTH = 300;
export const NEWS_BODY_MIN_LENGTH = 50;
export const NEWS_BODY_MAX_LENGTH = 20_000;
/** Words a reader reads per minute, for an article's reading time (rounded up, at least 1). */
export const NEWS_WORDS_PER_MINUTE = 200;
/** The radius choices of the list (km); without one the whole country. */
export const NEWS_RADIUS_CHOICES = [5, 10, 25, 50, 100] as const;
/** The radius (km) around a place that comes without one. */
export const NEWS_DEFAULT_RADIUS_KM = 25;
/** Articles per page of the list. */
export const NEWS_PAGE_SIZE = 12;
/** Most articles the RSS feed carries. */
export const NEWS_FEED_SIZE = 30;

/** An uploaded photo as `POST /api/upload` answers it (its `detail` variant). */
export const NEWS_IMAGE_PATTERN = /^\/api\/images\/[a-f0-9]{32}-detail\.webp$/;

/** A required text of `min` to `max` characters, refused with German 422s naming the field. */
const requiredText = (field: string, missing: string, min: number, max: number, multiline = false) =>
  userText({ multiline, error: missing })
    .trim()
    .min(1, missing)
    .min(min, `${field} muss mindestens ${min} Zeichen lang sein.`)
    .max(max, `${field} darf höchstens ${max} Zeichen lang sein.`);

/**
 * `POST /api/news` body (and, every field optional, `PATCH /api/news/{id}`): the article as its
 * author writes it. `body` is Markdown (rendered and sanitized on the server like forum posts);
 * `image` an URL answered by `POST /api/upload` or null; `postal_code` a German postal code, its
 * main town is the article's place.
 */
export const newsArticleBodySchema = z.object({
  title: requiredText(
    'Der Titel',
    'Bitte gib einen Titel ein.',
    NEWS_TITLE_MIN_LENGTH,
    NEWS_TITLE_MAX_LENGTH,
  ),
  teaser: requiredText(
    'Der Vorspann',
    'Bitte gib einen Vorspann ein.',
    NEWS_TEASER_MIN_LENGTH,
    NEWS_TEASER_MAX_LENGTH,
  ),
  body: requiredText(
    'Der Text',
    'Bitte schreibe den Artikel.',
    NEWS_BODY_MIN_LENGTH,
    NEWS_BODY_MAX_LENGTH,
    true,
  ),
  category: newsCategorySchema,
  postal_code: postalCodeSchema,
  image: z
    .string()
    .regex(NEWS_IMAGE_PATTERN, 'Bitte lade das Bild über den Upload hoch.')
    .nullable()
    .default(null),
});
export type NewsArticleBody = z.input<typeof newsArticleBodySchema>;

/** `PATCH /api/news/{id}` body: any fields of {@link newsArticleBodySchema}. */
export const newsArticleUpdateSchema = newsArticleBodySchema
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Bitte ändere mindestens ein Feld.');
export type NewsArticleUpdate = z.input<typeof newsArticleUpdateSchema>;

/** `GET /api/news` query: the newest articles, optionally near a place, of one category, one page. */
export const newsListQuerySchema = z.object({
  /** A postal code or place name; unknown ones are a 422. Empty: the whole country. */
  plz: userText().trim().max(100).optional(),
  /** Radius around `plz` in km; {@link NEWS_DEFAULT_RADIUS_KM} when `plz` comes without one. */
  radius: z.coerce.number().int().min(1).max(500).optional(),
  category: newsCategorySchema.optional(),
  limit: z.coerce.number().int().min(1).max(50).default(NEWS_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
});
export type NewsListQuery = z.input<typeof newsListQuerySchema>;

/** The author of an article as readers see them. */
export const newsAuthorSchema = z.object({ id: z.string(), name: z.string() });

/** An article as lists show it. */
export const newsArticleSummarySchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  teaser: z.string(),
  category: newsCategorySchema,
  postal_code: z.string(),
  place: z.string(),
  image: z.string().nullable(),
  author: newsAuthorSchema,
  /** ISO 8601 time of publication. */
  published_at: z.string(),
  reading_minutes: z.number().int().min(1),
  /** Distance from the asked place in km, rounded; null without a place. */
  distance_km: z.number().nullable(),
});
export type NewsArticleSummary = z.infer<typeof newsArticleSummarySchema>;

/** `GET /api/news`: one page of articles and the place they were chosen around. */
export const newsListSchema = z.object({
  articles: z.array(newsArticleSummarySchema),
  total: z.number().int(),
  /** The resolved place of `plz` ('50667 Köln'), null for the whole country. */
  place: z.object({ postal_code: z.string(), place: z.string() }).nullable(),
  radius: z.number().int().nullable(),
});
export type NewsList = z.infer<typeof newsListSchema>;

/** One article with its rendered body, its permissions for the reader and related articles. */
export const newsArticleSchema = newsArticleSummarySchema.extend({
  /** The Markdown source (for its author's editor). */
  body: z.string(),
  /** The body as sanitized HTML. */
  html: z.string(),
  /** ISO 8601 time of the last change. */
  updated_at: z.string(),
  /** What the reader may do with it (the server decides; the page shows buttons by these). */
  can: z.object({ edit: z.boolean(), delete: z.boolean() }),
  /** Up to 4 articles of the same category or nearby, newest first. */
  related: z.array(newsArticleSummarySchema),
});
export type NewsArticle = z.infer<typeof newsArticleSchema>;

/** `GET /api/news/{id}` parameters: an id or an address `slug-id`. */
export const newsArticleParamsSchema = z.object({ id: z.string().max(200) });

/** `GET /api/news/mine`: the articles the reader may edit (an editor's own; an ADMIN's all). */
export const newsWriterSchema = z.object({
  /** Whether the reader may write at all (ADMIN or editor). */
  can_write: z.boolean(),
  articles: z.array(newsArticleSummarySchema),
});
export type NewsWriter = z.infer<typeof newsWriterSchema>;

/** `GET`/`PUT /api/admin/members/{id}/news-editor`: whether a member writes local news. */
export const newsEditorSchema = z.object({ editor: z.boolean() });
export type NewsEditor = z.infer<typeof newsEditorSchema>;

/** The article's address: `/lokale-news/{slug}-{id}`. */
export function newsArticlePath(article: { id: string; slug: string }): string {
  return `/lokale-news/${article.slug ? `${article.slug}-` : ''}${article.id}`;
}

/** Reading time in minutes of a Markdown text ({@link NEWS_WORDS_PER_MINUTE}), at least 1. */
export function newsReadingMinutes(markdown: string): number {
  const words = markdown.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.ceil(words / NEWS_WORDS_PER_MINUTE));
}
