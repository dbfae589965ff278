import type { listingQuerySchema } from '@marketplace/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { withinRadiusSql } from '../../lib/geo.ts';
import { isUuid } from '../../lib/ids.ts';
import { type Location, locate } from '../places/index.ts';
import { verifiedSellerCondition } from '../verification/index.ts';
import type { ListingReadDeps } from './deps.ts';
import { VISIBLE } from './queries.ts';
import type { TextQuery } from './terms.ts';

/**
 * The filters of an ad list request (`GET /api/listings`) as SQL conditions on the ad `l`:
 * category, price, offer and price type, seller, verified sellers, place and radius, attributes,
 * and the search text. The pages that read them are in `search-pages.ts`.
 */

export type ListingQuery = z.infer<typeof listingQuerySchema>;

/** The filters of a list request as SQL, with the searcher's location and a cache signature. */
export interface Filters {
  where: SQL[];
  origin: Location | null;
  radiusKm: number | null;
  signature: string;
}

const ATTRIBUTE_KEY = /^[a-z0-9_]{1,50}$/;

export function invalid(parameter: string, message: string): never {
  throw new AppError('validation', `Parameter '${parameter}': ${message}`);
}

/** `attr.<key>=<value>`, `attr.<key>.min`, `attr.<key>.max` as SQL on the `attributes` column. */
function attributeConditions(query: ListingQuery): { where: SQL[]; signature: [string, string][] } {
  const where: SQL[] = [];
  const signature: [string, string][] = [];
  for (const [name, raw] of Object.entries(query)) {
    if (!name.startsWith('attr.') || typeof raw !== 'string') continue;
    const value = raw.trim();
    if (value === '') continue;
    const match = /^attr\.(.+?)(?:\.(min|max))?$/.exec(name);
    const key = match?.[1] ?? '';
    if (!ATTRIBUTE_KEY.test(key)) invalid(name, 'Unbekanntes Merkmal.');
    signature.push([name, value]);
    const bound = match?.[2];
    if (bound) {
      const number = Number(value.replace(',', '.'));
      if (!Number.isFinite(number)) invalid(name, 'Bitte gib eine Zahl ein.');
      const numeric = sql`(case when jsonb_typeof(l.attributes -> ${key}) = 'number' then (l.attributes ->> ${key})::numeric end)`;
      where.push(bound === 'min' ? sql`${numeric} >= ${number}` : sql`${numeric} <= ${number}`);
      continue;
    }
    const asText = sql`l.attributes @> ${JSON.stringify({ [key]: value })}::jsonb`;
    const number = Number(value);
    where.push(
      /^-?\d+(\.\d+)?$/.test(value) && Number.isFinite(number)
        ? sql`(${asText} or l.attributes @> ${JSON.stringify({ [key]: number })}::jsonb)`
        : asText,
    );
  }
  return { where, signature };
}

/**
 * Turns the query's filters into SQL: only active, unexpired ads;
 * category with its subcategories; price range in euros; offer and price type; seller;
 * the searcher's postal code or place with a radius; attribute values and ranges.
 * @throws AppError validation (422) for an unknown category, place or attribute parameter
 */
export async function buildFilters(
  deps: Pick<ListingReadDeps, 'db' | 'categories'> & {
    /** Places already located by their text (`locateMany`); others are looked up. */
    located?: ReadonlyMap<string, Location | null>;
  },
  query: ListingQuery,
): Promise<Filters> {
  const where: SQL[] = [VISIBLE];
  const signature: Record<string, unknown> = {};
  if (query.category) {
    const category = deps.categories.resolve(query.category.trim());
    if (!category) invalid('category', 'Diese Kategorie gibt es nicht.');
    where.push(
      category.parentId === null
        ? sql`l.root_category_id = ${category.id}`
        : sql`l.category_id = ${category.id}`,
    );
    signature.category = category.id;
  }
  if (query.price_min !== undefined) {
    where.push(sql`l.price_cents >= ${Math.round(query.price_min * 100)}`);
    signature.price_min = query.price_min;
  }
  if (query.price_max !== undefined) {
    where.push(sql`l.price_cents <= ${Math.round(query.price_max * 100)}`);
    signature.price_max = query.price_max;
  }
  if (query.offer_type) {
    where.push(sql`l.offer_type = ${query.offer_type}`);
    signature.offer_type = query.offer_type;
  }
  if (query.price_type) {
    where.push(sql`l.price_type = ${query.price_type}`);
    signature.price_type = query.price_type;
  }
  if (query.seller_id) {
    where.push(isUuid(query.seller_id) ? sql`l.seller_id = ${query.seller_id}::uuid` : sql`false`);
    signature.seller_id = query.seller_id;
  }
  // Parsed by the route to a boolean; other callers may pass the query text.
  if ([true, 'true', '1'].includes(query.verified_only as unknown as string)) {
    where.push(verifiedSellerCondition(sql`l.seller_id`));
    signature.verified_only = true;
  }
  let origin: Location | null = null;
  let radiusKm: number | null = null;
  if (query.postal_code) {
    origin = deps.located?.has(query.postal_code)
      ? (deps.located.get(query.postal_code) ?? null)
      : await locate(deps.db, query.postal_code);
    if (!origin) invalid('postal_code', 'Diesen Ort oder diese Postleitzahl kennen wir nicht.');
    if (query.radius_km !== undefined) {
      radiusKm = query.radius_km;
      where.push(withinRadiusSql('l', origin, radiusKm));
      signature.near = [origin.latitude, origin.longitude, radiusKm];
    }
  }
  const attributes = attributeConditions(query);
  where.push(...attributes.where);
  signature.attributes = attributes.signature;
  return { where, origin, radiusKm, signature: JSON.stringify(signature) };
}

/** SQL condition: ad `l` is one of `ids`. */
export function oneOf(ids: string[]): SQL {
  if (ids.length === 0) return sql`false`;
  return sql`l.id in (${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
}

/**
 * Checks a list request's filters as `listListings` does (category, place, attribute filters),
 * without reading any ad: for callers that keep filters to search with later (saved searches).
 * @throws AppError validation (422) with the message the ad lists give
 */
export async function checkListingFilters(
  deps: Pick<ListingReadDeps, 'db' | 'categories'>,
  query: ListingQuery,
): Promise<void> {
  await buildFilters(deps, query);
}

export function textCondition(text: TextQuery): SQL {
  return sql`l.search_vector @@ ${text.match}`;
}
