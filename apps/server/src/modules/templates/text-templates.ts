import {
  DEFAULT_TEXT_TEMPLATES,
  TEXT_TEMPLATES_FULL,
  TEXT_TEMPLATES_MAX,
  type TextTemplate,
  type TextTemplateList,
} from '@marketplace/contract';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { lockTemplatesOf } from './lock.ts';
import { type TextTemplateRow, textTemplateDefaults, textTemplates } from './schema.ts';

const NOT_FOUND = 'Diese Textvorlage gibt es nicht.';
const KIND = 'text_templates';

function present(row: TextTemplateRow): TextTemplate {
  return { id: row.id, text: row.text, position: row.position, updated_at: row.updatedAt.toISOString() };
}

async function selectOrdered(db: Database, userId: string): Promise<TextTemplateRow[]> {
  return db
    .select()
    .from(textTemplates)
    .where(eq(textTemplates.userId, userId))
    .orderBy(asc(textTemplates.position), asc(textTemplates.createdAt), asc(textTemplates.id));
}

/**
 * `GET /api/text-templates`: the member's text templates in their order, with the most allowed.
 * The first call of a member stores {@link DEFAULT_TEXT_TEMPLATES} and marks the member as given
 * them, in one transaction under the member's lock, so they come exactly once, also when the
 * first calls run in parallel, and never again after they were deleted.
 */
export async function listTextTemplates(db: Database, userId: string): Promise<TextTemplateList> {
  const [given] = await db
    .select({ userId: textTemplateDefaults.userId })
    .from(textTemplateDefaults)
    .where(eq(textTemplateDefaults.userId, userId));
  if (!given) {
    await db.transaction(async (tx) => {
      await lockTemplatesOf(tx, KIND, userId);
      const marked = await tx
        .insert(textTemplateDefaults)
        .values({ userId })
        .onConflictDoNothing()
        .returning({ userId: textTemplateDefaults.userId });
      if (marked.length === 0) return;
      const [last] = await tx
        .select({ position: sql<number | null>`max(${textTemplates.position})` })
        .from(textTemplates)
        .where(eq(textTemplates.userId, userId));
      const start = (last?.position ?? -1) + 1;
      await tx
        .insert(textTemplates)
        .values(DEFAULT_TEXT_TEMPLATES.map((text, index) => ({ userId, text, position: start + index })));
    });
  }
  return { templates: (await selectOrdered(db, userId)).map(present), max: TEXT_TEMPLATES_MAX };
}

/**
 * `POST /api/text-templates`: adds a text template at the end of the member's order. Count and
 * insert run in one transaction under the member's advisory lock, so parallel requests never
 * pass {@link TEXT_TEMPLATES_MAX}.
 * @throws AppError conflict (409) beyond 100 text templates
 */
export async function createTextTemplate(db: Database, userId: string, text: string): Promise<TextTemplate> {
  return db.transaction(async (tx) => {
    await lockTemplatesOf(tx, KIND, userId);
    const [counted] = await tx
      .select({ total: count(), last: sql<number | null>`max(${textTemplates.position})` })
      .from(textTemplates)
      .where(eq(textTemplates.userId, userId));
    if ((counted?.total ?? 0) >= TEXT_TEMPLATES_MAX) throw new AppError('conflict', TEXT_TEMPLATES_FULL);
    const [row] = await tx
      .insert(textTemplates)
      .values({ userId, text, position: (counted?.last ?? -1) + 1 })
      .returning();
    if (!row) throw new Error('saving a text template answered no row');
    return present(row);
  });
}

/**
 * `PATCH /api/text-templates/{id}`: changes the text.
 * @throws AppError not_found (404) for unknown ids and other members' text templates
 */
export async function updateTextTemplate(
  db: Database,
  userId: string,
  id: string,
  text: string,
): Promise<TextTemplate> {
  if (!isUuid(id)) throw new AppError('not_found', NOT_FOUND);
  const [row] = await db
    .update(textTemplates)
    .set({ text, updatedAt: new Date() })
    .where(and(eq(textTemplates.id, id), eq(textTemplates.userId, userId)))
    .returning();
  if (!row) throw new AppError('not_found', NOT_FOUND);
  return present(row);
}

/**
 * `DELETE /api/text-templates/{id}`.
 * @throws AppError not_found (404) for unknown ids and other members' text templates
 */
export async function deleteTextTemplate(db: Database, userId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw new AppError('not_found', NOT_FOUND);
  const removed = await db
    .delete(textTemplates)
    .where(and(eq(textTemplates.id, id), eq(textTemplates.userId, userId)))
    .returning({ id: textTemplates.id });
  if (removed.length === 0) throw new AppError('not_found', NOT_FOUND);
}

/**
 * `PUT /api/text-templates/order`: puts the member's text templates in the order of `ids`, which
 * must name each of them exactly once; all positions change in one transaction under the
 * member's lock.
 * @returns the list in its new order
 * @throws AppError validation (422) when `ids` is not exactly the member's text templates
 */
export async function orderTextTemplates(
  db: Database,
  userId: string,
  ids: string[],
): Promise<TextTemplateList> {
  await db.transaction(async (tx) => {
    await lockTemplatesOf(tx, KIND, userId);
    const current = await tx
      .select({ id: textTemplates.id })
      .from(textTemplates)
      .where(eq(textTemplates.userId, userId));
    const known = new Set(current.map((row) => row.id));
    const named = new Set(ids);
    if (named.size !== ids.length || ids.length !== known.size || ids.some((id) => !known.has(id))) {
      throw new AppError(
        'validation',
        "Feld 'ids': Bitte gib jede deiner Textvorlagen genau einmal an, in der neuen Reihenfolge.",
      );
    }
    for (const [position, id] of ids.entries()) {
      await tx
        .update(textTemplates)
        .set({ position })
        .where(and(eq(textTemplates.id, id), eq(textTemplates.userId, userId)));
    }
  });
  return { templates: (await selectOrdered(db, userId)).map(present), max: TEXT_TEMPLATES_MAX };
}
