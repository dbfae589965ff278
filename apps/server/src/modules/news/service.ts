import {
  NEWS_DEFAULT_RADIUS_KM,
  type NewsArticle,
  type NewsArticleSummary,
  type NewsCategory,
  type NewsList,
  type NewsWriter,
  newsReadingMinutes,
} from '@marketplace/contract';
import slugify from '@sindresorhus/slugify';
import { and, count, desc, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { distanceKm, type GeoPoint, withinRadiusSql } from '../../lib/geo.ts';
import { isUuid } from '../../lib/ids.ts';
import { recordAdminAction } from '../admin/index.ts';
import { renderMarkdown } from '../forum/index.ts';
import { findPlace, locate } from '../places/index.ts';
import { displayName, getAccount, memberNameColumn, memberNameRow } from '../users/index.ts';
import { type NewsArticleRow, newsArticles, newsEditors } from './schema.ts';

/** Related articles an article page shows. */
export const NEWS_RELATED_MAX = 4;
/** Distance (km) within which an article of another category counts as related. */
const NEWS_RELATED_RADIUS_KM = 50;

/** Who acts: the member behind the request (`request.user`), or null for a visitor. */
export interface NewsActor {
  id: string;
  role: 'ADMIN' | 'SELLER';
}

/** An article as written, checked by the contract's `newsArticleBodySchema`. */
export interface NewsArticleInput {
  title: string;
  teaser: string;
  body: string;
  category: NewsCategory;
  postal_code: string;
  image: string | null;
}

/** The list's filters, checked by the contract's `newsListQuerySchema`. */
export interface NewsListFilters {
  plz?: string | undefined;
  radius?: number | undefined;
  category?: NewsCategory | undefined;
  limit: number;
  offset: number;
}

const selection = {
  article: newsArticles,
  author: sql`${memberNameColumn(sql`${newsArticles.authorId}`)}`.as('author'),
};

/** Whether a member is an editor ('Redakteur:in', {@link setNewsEditor}). */
export async function isNewsEditor(db: Database, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: newsEditors.userId })
    .from(newsEditors)
    .where(eq(newsEditors.userId, userId));
  return rows.length > 0;
}

/** Policy: ADMINs and editors write local news. */
export async function canWriteNews(db: Database, actor: NewsActor | null): Promise<boolean> {
  if (!actor) return false;
  return actor.role === 'ADMIN' || isNewsEditor(db, actor.id);
}

/** Policy: ADMINs edit and delete every article, editors their own (while they are editors). */
export async function canEditArticle(
  db: Database,
  actor: NewsActor | null,
  article: Pick<NewsArticleRow, 'authorId'>,
): Promise<boolean> {
  if (!actor) return false;
  if (actor.role === 'ADMIN') return true;
  return article.authorId === actor.id && (await isNewsEditor(db, actor.id));
}

/** The place of a postal code, or a German 422. */
async function placeOf(db: Database, postalCode: string) {
  const place = await findPlace(db, postalCode, '');
  if (!place) throw new AppError('validation', 'postal_code: Diese Postleitzahl kennen wir nicht.');
  return place;
}

/** The address part of a title: lower-case ASCII words with hyphens, at most 80 characters. */
function slugOf(title: string): string {
  return slugify(title, { locale: 'de' }).slice(0, 80).replace(/-+$/, '') || 'artikel';
}

function summary(
  row: { article: NewsArticleRow; author: unknown },
  origin: GeoPoint | null,
): NewsArticleSummary {
  const { article } = row;
  const name = memberNameRow.parse(row.author);
  return {
    id: article.id,
    slug: article.slug,
    title: article.title,
    teaser: article.teaser,
    category: article.category,
    postal_code: article.postalCode,
    place: article.place,
    image: article.image,
    author: { id: article.authorId, name: name ? displayName(name) : 'Redaktion' },
    published_at: article.publishedAt.toISOString(),
    reading_minutes: newsReadingMinutes(article.body),
    distance_km: origin ? Math.round(distanceKm(origin, article)) : null,
  };
}

/**
 * The newest articles (`limit` from `offset`), within `radius` km (default
 * {@link NEWS_DEFAULT_RADIUS_KM}) of the place `plz` names (a postal code or a place name, as
 * the ads' location filter reads it), of one `category`; without `plz` of the whole country.
 * @throws AppError validation (422) for a place nobody knows
 */
export async function listArticles(db: Database, filters: NewsListFilters): Promise<NewsList> {
  const conditions: SQL[] = [];
  let origin: { postalCode: string; place: string; latitude: number; longitude: number } | null = null;
  let radius: number | null = null;
  if (filters.plz) {
    origin = await locate(db, filters.plz);
    if (!origin)
      throw new AppError('validation', 'plz: Diesen Ort oder diese Postleitzahl kennen wir nicht.');
    radius = filters.radius ?? NEWS_DEFAULT_RADIUS_KM;
    conditions.push(withinRadiusSql('news_articles', origin, radius));
  }
  if (filters.category) conditions.push(eq(newsArticles.category, filters.category));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await db
    .select(selection)
    .from(newsArticles)
    .where(where)
    .orderBy(desc(newsArticles.publishedAt), desc(newsArticles.id))
    .limit(filters.limit)
    .offset(filters.offset);
  const [total] = await db.select({ n: count() }).from(newsArticles).where(where);
  return {
    articles: rows.map((row) => summary(row, origin)),
    total: total?.n ?? 0,
    place: origin ? { postal_code: origin.postalCode, place: origin.place } : null,
    radius,
  };
}

/** The uuid at the end of an article's address (`{slug}-{uuid}` or the bare uuid), else null. */
export function articleIdOf(address: string): string | null {
  const id = address.slice(-36);
  return isUuid(id) ? id.toLowerCase() : null;
}

/** One stored article with its author's name parts, or null. */
async function findArticle(db: Database, id: string) {
  const [row] = await db.select(selection).from(newsArticles).where(eq(newsArticles.id, id));
  return row ?? null;
}

/**
 * One article by its address (`{slug}-{id}` or the id) with its rendered body, the reader's
 * permissions and up to {@link NEWS_RELATED_MAX} related articles: the newest others of the same
 * category or within {@link NEWS_RELATED_RADIUS_KM} km.
 * @throws AppError news_article_not_found (404)
 */
export async function readArticle(
  db: Database,
  address: string,
  viewer: NewsActor | null,
): Promise<NewsArticle> {
  const id = articleIdOf(address);
  const row = id ? await findArticle(db, id) : null;
  if (!row) throw new AppError('news_article_not_found');
  const { article } = row;
  const related = await db
    .select(selection)
    .from(newsArticles)
    .where(
      and(
        ne(newsArticles.id, article.id),
        or(
          eq(newsArticles.category, article.category),
          withinRadiusSql('news_articles', article, NEWS_RELATED_RADIUS_KM),
        ),
      ),
    )
    .orderBy(desc(newsArticles.publishedAt), desc(newsArticles.id))
    .limit(NEWS_RELATED_MAX);
  const editable = await canEditArticle(db, viewer, article);
  return {
    ...summary(row, null),
    body: article.body,
    html: article.html,
    updated_at: article.updatedAt.toISOString(),
    can: { edit: editable, delete: editable },
    related: related.map((other) => summary(other, null)),
  };
}

/**
 * The writer's page: whether the member may write, and the articles they may edit (an editor's
 * own, an ADMIN's all), newest first, at most 100.
 */
export async function writerArticles(db: Database, actor: NewsActor): Promise<NewsWriter> {
  const canWrite = await canWriteNews(db, actor);
  if (!canWrite) return { can_write: false, articles: [] };
  const rows = await db
    .select(selection)
    .from(newsArticles)
    .where(actor.role === 'ADMIN' ? undefined : eq(newsArticles.authorId, actor.id))
    .orderBy(desc(newsArticles.publishedAt), desc(newsArticles.id))
    .limit(100);
  return { can_write: true, articles: rows.map((row) => summary(row, null)) };
}

/**
 * Publishes an article of an ADMIN or editor: its place from the postal code, its body rendered
 * and sanitized ({@link renderMarkdown}, as forum posts).
 * @returns the article as its page shows it
 * @throws AppError news_write_forbidden (403), validation (422) for an unknown postal code
 */
export async function createArticle(
  db: Database,
  actor: NewsActor,
  input: NewsArticleInput,
  publishedAt?: Date,
): Promise<NewsArticle> {
  if (!(await canWriteNews(db, actor))) throw new AppError('news_write_forbidden');
  const place = await placeOf(db, input.postal_code);
  const [created] = await db
    .insert(newsArticles)
    .values({
      slug: slugOf(input.title),
      title: input.title,
      teaser: input.teaser,
      body: input.body,
      html: renderMarkdown(input.body),
      category: input.category,
      postalCode: place.postalCode,
      place: place.place,
      latitude: place.latitude,
      longitude: place.longitude,
      image: input.image,
      authorId: actor.id,
      ...(publishedAt ? { publishedAt, updatedAt: publishedAt } : {}),
    })
    .returning({ id: newsArticles.id });
  if (!created) throw new Error('insert returned no row');
  return readArticle(db, created.id, actor);
}

/** The article `id` and whether `actor` may change it. @throws 404, 403 */
async function editableArticle(db: Database, actor: NewsActor, address: string): Promise<NewsArticleRow> {
  const id = articleIdOf(address);
  const row = id ? await findArticle(db, id) : null;
  if (!row) throw new AppError('news_article_not_found');
  if (!(await canEditArticle(db, actor, row.article))) {
    throw new AppError((await canWriteNews(db, actor)) ? 'news_edit_forbidden' : 'news_write_forbidden');
  }
  return row.article;
}

/**
 * Changes the given fields of an article (its author while an editor, or an ADMIN); a new title
 * gives a new address part, a new postal code a new place, a new body a new rendering.
 * @throws AppError news_article_not_found (404), news_write_forbidden or news_edit_forbidden
 *   (403), validation (422)
 */
export async function updateArticle(
  db: Database,
  actor: NewsActor,
  address: string,
  input: Partial<NewsArticleInput>,
): Promise<NewsArticle> {
  const article = await editableArticle(db, actor, address);
  const place = input.postal_code ? await placeOf(db, input.postal_code) : null;
  await db
    .update(newsArticles)
    .set({
      ...(input.title !== undefined ? { title: input.title, slug: slugOf(input.title) } : {}),
      ...(input.teaser !== undefined ? { teaser: input.teaser } : {}),
      ...(input.body !== undefined ? { body: input.body, html: renderMarkdown(input.body) } : {}),
      ...(input.category !== undefined ? { category: input.category } : {}),
      ...(input.image !== undefined ? { image: input.image } : {}),
      ...(place
        ? {
            postalCode: place.postalCode,
            place: place.place,
            latitude: place.latitude,
            longitude: place.longitude,
          }
        : {}),
      updatedAt: new Date(),
    })
    .where(eq(newsArticles.id, article.id));
  return readArticle(db, article.id, actor);
}

/**
 * Deletes an article (its author while an editor, or an ADMIN).
 * @throws AppError news_article_not_found (404), news_write_forbidden or news_edit_forbidden (403)
 */
export async function deleteArticle(db: Database, actor: NewsActor, address: string): Promise<void> {
  const article = await editableArticle(db, actor, address);
  await db.delete(newsArticles).where(eq(newsArticles.id, article.id));
}

/**
 * Makes a member an editor or ends it ('Redakteur:in' on the admin member page), with the
 * audit log entry `news_editor_granted` or `news_editor_revoked` in the same transaction;
 * setting what is already so changes and records nothing.
 * @throws AppError user_not_found (404)
 */
export async function setNewsEditor(
  db: Database,
  adminId: string,
  memberId: string,
  editor: boolean,
): Promise<{ editor: boolean }> {
  if (!isUuid(memberId)) throw new AppError('user_not_found');
  await getAccount(db, memberId);
  await db.transaction(async (tx) => {
    const changed = editor
      ? await tx
          .insert(newsEditors)
          .values({ userId: memberId, grantedBy: adminId })
          .onConflictDoNothing()
          .returning({ id: newsEditors.userId })
      : await tx
          .delete(newsEditors)
          .where(eq(newsEditors.userId, memberId))
          .returning({ id: newsEditors.userId });
    if (changed.length === 0) return;
    await recordAdminAction(tx, {
      adminId,
      action: editor ? 'news_editor_granted' : 'news_editor_revoked',
      targetType: 'user',
      targetId: memberId,
      reason: '',
    });
  });
  return { editor };
}

/** Whether a member is an editor, for the admin member page. @throws user_not_found (404) */
export async function readNewsEditor(db: Database, memberId: string): Promise<{ editor: boolean }> {
  if (!isUuid(memberId)) throw new AppError('user_not_found');
  await getAccount(db, memberId);
  return { editor: await isNewsEditor(db, memberId) };
}

/** The ids and last changes of all articles, newest first (the sitemap), at most 50,000. */
export function articleAddresses(db: Database) {
  return db
    .select({ id: newsArticles.id, slug: newsArticles.slug, updatedAt: newsArticles.updatedAt })
    .from(newsArticles)
    .orderBy(desc(newsArticles.publishedAt))
    .limit(50_000);
}
