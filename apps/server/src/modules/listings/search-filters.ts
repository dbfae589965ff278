import type { listingQuerySchema } from '@marketplace/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { distanceKm, withinRadiusSql } from '../../lib/geo.ts';
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

/** What {@link Filters.admits} reads of one ad: its columns that the cheap filters compare. */
export interface ListingFacts {
  categoryId: number;
  rootCategoryId: number;
  /** Price in cents. */
  priceCents: number;
  offerType: string;
  priceType: string;
  sellerId: string;
  /** Degrees (WGS 84). */
  latitude: number;
  longitude: number;
}

/** The filters of a list request as SQL, with the searcher's location and a cache signature. */
export interface Filters {
  where: SQL[];
  origin: Location | null;
  radiusKm: number | null;
  signature: string;
  /**
   * Whether a price limit is set (`price_min`, `price_max`): the price indexes of all ads, a root
   * category and a category then hold exactly the ads within it, in price order.
   */
  priceLimited: boolean;
  /**
   * The cheap conditions of `where` (category, price, offer and price type, seller, radius)
   * tested in JavaScript on one ad's facts: false when `where` cannot match that ad, true when it
   * may (the search text, attributes, verified sellers and whether the ad is public are left to
   * the SQL). For testing one ad against many filter sets (saved-search alerts, decision 0038)
   * without sending the sets that cannot match to the database.
   */
  admits: (ad: ListingFacts) => boolean;
}

/**
 * Slack of the radius test in JavaScript (km): the SQL decides within the radius, and its
 * floating point may differ from JavaScript's in the last digits, so JavaScript only rules out
 * ads clearly farther away.
 */
const RADIUS_SLACK_KM = 0.01;

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
  // Each cheap condition's JavaScript twin, written beside its SQL (`Filters.admits`).
  const tests: ((ad: ListingFacts) => boolean)[] = [];
  const signature: Record<string, unknown> = {};
  if (query.category) {
    const category = deps.categories.resolve(query.category.trim());
    if (!category) invalid('category', 'Diese Kategorie gibt es nicht.');
    const { id } = category;
    if (category.parentId === null) {
      where.push(sql`l.root_category_id = ${id}`);
      tests.push((ad) => ad.rootCategoryId === id);
    } else {
      where.push(sql`l.category_id = ${id}`);
      tests.push((ad) => ad.categoryId === id);
    }
    signature.category = id;
  }
  if (query.price_min !== undefined) {
    const minCents = Math.round(query.price_min * 100);
    where.push(sql`l.price_cents >= ${minCents}`);
    tests.push((ad) => ad.priceCents >= minCents);
    signature.price_min = query.price_min;
  }
  if (query.price_max !== undefined) {
    const maxCents = Math.round(query.price_max * 100);
    where.push(sql`l.price_cents <= ${maxCents}`);
    tests.push((ad) => ad.priceCents <= maxCents);
    signature.price_max = query.price_max;
  }
  const { offer_type: offerType, price_type: priceType, seller_id: sellerId } = query;
  if (offerType) {
    where.push(sql`l.offer_type = ${offerType}`);
    tests.push((ad) => ad.offerType === offerType);
    signature.offer_type = offerType;
  }
  if (priceType) {
    where.push(sql`l.price_type = ${priceType}`);
    tests.push((ad) => ad.priceType === priceType);
    signature.price_type = priceType;
  }
  if (sellerId) {
    where.push(isUuid(sellerId) ? sql`l.seller_id = ${sellerId}::uuid` : sql`false`);
    tests.push((ad) => ad.sellerId === sellerId.toLowerCase());
    signature.seller_id = sellerId;
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
      const center = origin;
      const radius = query.radius_km;
      radiusKm = radius;
      where.push(withinRadiusSql('l', center, radius));
      tests.push((ad) => distanceKm(center, ad) <= radius + RADIUS_SLACK_KM);
      signature.near = [center.latitude, center.longitude, radius];
    }
  }
  const attributes = attributeConditions(query);
  where.push(...attributes.where);
  signature.attributes = attributes.signature;
  return {
    where,
    origin,
    radiusKm,
    signature: JSON.stringify(signature),
    priceLimited: query.price_min !== undefined || query.price_max !== undefined,
    admits: (ad) => tests.every((test) => test(ad)),
  };
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
