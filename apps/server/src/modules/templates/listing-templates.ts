import type { listingTemplateCreateSchema, listingTemplateUpdateSchema } from '@marketplace/contract';
import {
  LISTING_TEMPLATES_FULL,
  LISTING_TEMPLATES_MAX,
  type ListingTemplate,
  type ListingTemplateList,
} from '@marketplace/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { CategoryTree } from '../categories/index.ts';
import { lockTemplatesOf } from './lock.ts';
import { type ListingTemplateRow, listingTemplates } from './schema.ts';

/** What the ad-template calls need from the running application. */
export interface ListingTemplateDeps {
  db: Database;
  categories: CategoryTree;
}

type CreateBody = z.output<typeof listingTemplateCreateSchema>;
type UpdateBody = z.output<typeof listingTemplateUpdateSchema>;

const NOT_FOUND = 'Diese Vorlage gibt es nicht.';

/** An ad template as the API answers it (contract `listingTemplateSchema`), price in euros. */
function present(row: ListingTemplateRow, categories: CategoryTree): ListingTemplate {
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    description: row.description,
    category: row.category,
    category_name: row.category ? (categories.resolve(row.category)?.name ?? null) : null,
    price: row.priceCents === null ? null : row.priceCents / 100,
    price_type: row.priceType,
    offer_type: row.offerType,
    postal_code: row.postalCode,
    location: row.location,
    attributes: row.attributes,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * The stored columns of a body's ad fields: the category as its slug (a numeric id or slug the
 * site does not know is a 422), the price in integer cents.
 * @throws AppError validation (422) for an unknown category
 */
function columnsOf(categories: CategoryTree, body: Partial<Omit<CreateBody, 'name'>>) {
  let category: string | null | undefined = body.category;
  if (body.category) {
    const resolved = categories.resolve(body.category);
    if (!resolved) throw new AppError('validation', "Feld 'category': Diese Kategorie gibt es nicht.");
    category = resolved.slug;
  }
  return {
    ...(body.title !== undefined ? { title: body.title } : {}),
    ...(body.description !== undefined ? { description: body.description } : {}),
    ...(category !== undefined ? { category: category || null } : {}),
    ...(body.price !== undefined
      ? { priceCents: body.price === null ? null : Math.round(body.price * 100) }
      : {}),
    ...(body.price_type !== undefined ? { priceType: body.price_type } : {}),
    ...(body.offer_type !== undefined ? { offerType: body.offer_type } : {}),
    ...(body.postal_code !== undefined ? { postalCode: body.postal_code } : {}),
    ...(body.location !== undefined ? { location: body.location } : {}),
    ...(body.attributes !== undefined ? { attributes: body.attributes } : {}),
  };
}

/** `GET /api/listing-templates`: the member's ad templates, last changed first, with the most allowed. */
export async function listListingTemplates(
  deps: ListingTemplateDeps,
  userId: string,
): Promise<ListingTemplateList> {
  const rows = await deps.db
    .select()
    .from(listingTemplates)
    .where(eq(listingTemplates.userId, userId))
    .orderBy(desc(listingTemplates.updatedAt), desc(listingTemplates.id));
  return { templates: rows.map((row) => present(row, deps.categories)), max: LISTING_TEMPLATES_MAX };
}

/**
 * `GET /api/listing-templates/{id}`: one of the member's ad templates (to prefill the ad form).
 * @throws AppError not_found (404) for unknown ids and other members' templates
 */
export async function getListingTemplate(
  deps: ListingTemplateDeps,
  userId: string,
  id: string,
): Promise<ListingTemplate> {
  if (!isUuid(id)) throw new AppError('not_found', NOT_FOUND);
  const [row] = await deps.db
    .select()
    .from(listingTemplates)
    .where(and(eq(listingTemplates.id, id), eq(listingTemplates.userId, userId)));
  if (!row) throw new AppError('not_found', NOT_FOUND);
  return present(row, deps.categories);
}

/**
 * `POST /api/listing-templates`: keeps an ad's fields (no photos) under `name`. Count and insert
 * run in one transaction under the member's advisory lock, so parallel requests never pass
 * {@link LISTING_TEMPLATES_MAX}.
 * @throws AppError validation (422) for an unknown category; conflict (409) beyond 50 templates
 */
export async function createListingTemplate(
  deps: ListingTemplateDeps,
  userId: string,
  body: CreateBody,
): Promise<ListingTemplate> {
  const columns = columnsOf(deps.categories, body);
  return deps.db.transaction(async (tx) => {
    await lockTemplatesOf(tx, 'listing_templates', userId);
    const [counted] = await tx
      .select({ total: count() })
      .from(listingTemplates)
      .where(eq(listingTemplates.userId, userId));
    // 409, not 422: the request is valid; it succeeds once a template is deleted.
    if ((counted?.total ?? 0) >= LISTING_TEMPLATES_MAX)
      throw new AppError('conflict', LISTING_TEMPLATES_FULL);
    const [row] = await tx
      .insert(listingTemplates)
      .values({ userId, name: body.name, ...columns })
      .returning();
    if (!row) throw new Error('saving an ad template answered no row');
    return present(row, deps.categories);
  });
}

/**
 * `PATCH /api/listing-templates/{id}`: renames and/or changes the fields; `updated_at` moves.
 * @throws AppError not_found (404) for unknown ids and other members' templates; validation (422)
 *   for an unknown category
 */
export async function updateListingTemplate(
  deps: ListingTemplateDeps,
  userId: string,
  id: string,
  body: UpdateBody,
): Promise<ListingTemplate> {
  if (!isUuid(id)) throw new AppError('not_found', NOT_FOUND);
  const { name, ...fields } = body;
  const [row] = await deps.db
    .update(listingTemplates)
    .set({
      ...(name !== undefined ? { name } : {}),
      ...columnsOf(deps.categories, fields),
      updatedAt: new Date(),
    })
    .where(and(eq(listingTemplates.id, id), eq(listingTemplates.userId, userId)))
    .returning();
  if (!row) throw new AppError('not_found', NOT_FOUND);
  return present(row, deps.categories);
}

/**
 * `DELETE /api/listing-templates/{id}`.
 * @throws AppError not_found (404) for unknown ids and other members' templates
 */
export async function deleteListingTemplate(db: Database, userId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw new AppError('not_found', NOT_FOUND);
  const removed = await db
    .delete(listingTemplates)
    .where(and(eq(listingTemplates.id, id), eq(listingTemplates.userId, userId)))
    .returning({ id: listingTemplates.id });
  if (removed.length === 0) throw new AppError('not_found', NOT_FOUND);
}
