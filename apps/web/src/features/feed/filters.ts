import {
  type AttributeDefinition,
  LISTING_QUERY_SORTS,
  type ListingQuerySort,
  OFFER_TYPES,
  type OfferType,
  PRICE_TYPES,
  type PriceType,
  RADIUS_CHOICES_KM,
} from '@marketplace/contract';
import { isOneOf } from '../../lib/guards.ts';

/**
 * What a list of ads is filtered and sorted by (issue "The marketplace itself": price range,
 * postal code or place with radius, offer type, the category's attributes; SPEC.md §9 sorts).
 * Kept in the page address so a link shares it; the names are those of `GET /api/listings`.
 */
export interface ListingFilters {
  q?: string;
  /** Category or subcategory slug (the search page's category filter). */
  category?: string;
  /** Absent: best matches first with `q`, else newest first (the server's default). */
  sort?: ListingQuerySort;
  /** Euros. */
  price_min?: number;
  price_max?: number;
  /** Postal code or place name of the searcher. */
  postal_code?: string;
  /** One of {@link RADIUS_CHOICES_KM}; only with `postal_code`. */
  radius_km?: number;
  offer_type?: OfferType;
  price_type?: PriceType;
  /** Only this member's ads (a public profile). */
  seller_id?: string;
  /** 'nur verifizierte Verkäufer': only ads of sellers with an approved verification. */
  verified_only?: boolean;
  /**
   * Attribute filters keyed as in the address without the `attr.` prefix: `make` for an exact
   * value, `mileage_km.min` / `mileage_km.max` for number ranges.
   */
  attributes: Record<string, string>;
}

export const ATTRIBUTE_PARAM_PREFIX = 'attr.';

function nonNegativeNumber(text: string | null): number | undefined {
  if (text === null || text.trim() === '') return undefined;
  const value = Number(text.replace(',', '.'));
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

function trimmed(text: string | null, max: number): string | undefined {
  const value = text?.trim();
  return value ? value.slice(0, max) : undefined;
}

/** `text` as one of the 'Umkreis' choices in km ({@link RADIUS_CHOICES_KM}), else undefined. */
export function radiusChoice(text: string | null): number | undefined {
  const km = Number(text);
  return (RADIUS_CHOICES_KM as readonly number[]).includes(km) ? km : undefined;
}

/**
 * The next larger 'Umkreis' choice after `radiusKm` (km), or null when there is none or no
 * radius is set (a place without radius only orders by distance and limits nothing).
 */
export function nextRadiusKm(radiusKm: number | undefined): number | null {
  if (radiusKm === undefined) return null;
  return RADIUS_CHOICES_KM.find((km) => km > radiusKm) ?? null;
}

/**
 * Reads filters from a page address. Unknown parameters, malformed numbers, unknown sorts or
 * offer types and a radius outside the 'Umkreis' choices are left out; so is a radius without
 * a postal code.
 */
export function filtersFromSearchParams(params: URLSearchParams): ListingFilters {
  const filters: ListingFilters = { attributes: {} };
  const q = trimmed(params.get('q'), 200);
  if (q) filters.q = q;
  const category = trimmed(params.get('category'), 100);
  if (category) filters.category = category;
  const sort = params.get('sort');
  if (isOneOf(LISTING_QUERY_SORTS, sort)) filters.sort = sort;
  const priceMin = nonNegativeNumber(params.get('price_min'));
  if (priceMin !== undefined) filters.price_min = priceMin;
  const priceMax = nonNegativeNumber(params.get('price_max'));
  if (priceMax !== undefined) filters.price_max = priceMax;
  const postalCode = trimmed(params.get('postal_code'), 100);
  if (postalCode) {
    filters.postal_code = postalCode;
    const radius = radiusChoice(params.get('radius_km'));
    if (radius !== undefined) filters.radius_km = radius;
  }
  const offerType = params.get('offer_type');
  if (isOneOf(OFFER_TYPES, offerType)) filters.offer_type = offerType;
  const priceType = params.get('price_type');
  if (isOneOf(PRICE_TYPES, priceType)) filters.price_type = priceType;
  if (params.get('verified_only') === 'true') filters.verified_only = true;
  for (const [name, value] of params) {
    if (!name.startsWith(ATTRIBUTE_PARAM_PREFIX)) continue;
    const key = name.slice(ATTRIBUTE_PARAM_PREFIX.length);
    const text = value.trim();
    if (key === '' || key.length > 60 || text === '') continue;
    if (key.endsWith('.min') || key.endsWith('.max')) {
      if (!Number.isFinite(Number(text))) continue;
    }
    filters.attributes[key] = text.slice(0, 200);
  }
  return filters;
}

/**
 * Writes filters as address parameters (the inverse of {@link filtersFromSearchParams}), leaving
 * out empty ones, in a fixed order so equal filters give equal addresses.
 */
export function filtersToSearchParams(filters: ListingFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.category) params.set('category', filters.category);
  if (filters.sort) params.set('sort', filters.sort);
  if (filters.price_min !== undefined) params.set('price_min', String(filters.price_min));
  if (filters.price_max !== undefined) params.set('price_max', String(filters.price_max));
  if (filters.postal_code) {
    params.set('postal_code', filters.postal_code);
    if (filters.radius_km !== undefined) params.set('radius_km', String(filters.radius_km));
  }
  if (filters.offer_type) params.set('offer_type', filters.offer_type);
  if (filters.price_type) params.set('price_type', filters.price_type);
  if (filters.seller_id) params.set('seller_id', filters.seller_id);
  if (filters.verified_only) params.set('verified_only', 'true');
  for (const key of Object.keys(filters.attributes).sort()) {
    const value = filters.attributes[key];
    if (value !== undefined && value !== '') params.set(`${ATTRIBUTE_PARAM_PREFIX}${key}`, value);
  }
  return params;
}

/**
 * The query of `GET /api/listings` for `filters` in the category `category` (its slug; it
 * overrides the filters' own category). `distance` without a postal code falls back to the
 * default sort, as there is nothing to measure from.
 */
export function listingsApiParams(filters: ListingFilters, category?: string): URLSearchParams {
  const params = filtersToSearchParams({ ...filters, category: category ?? filters.category });
  if (filters.sort === 'distance' && !filters.postal_code) params.delete('sort');
  return params;
}

/** How many filters beyond term, category and sort are set (for the 'Filter' button's badge). */
export function activeFilterCount(filters: ListingFilters): number {
  let count = Object.keys(filters.attributes).length;
  for (const key of ['price_min', 'price_max', 'postal_code', 'offer_type', 'price_type'] as const) {
    if (filters[key] !== undefined) count += 1;
  }
  if (filters.verified_only) count += 1;
  return count;
}

/** The same search without price, place, offer type and attribute filters. */
export function withoutFilters(filters: ListingFilters): ListingFilters {
  return { q: filters.q, category: filters.category, sort: filters.sort, attributes: {} };
}

/** Address keys of an attribute's filter: one for selects and texts, `.min`/`.max` for numbers and years. */
export function attributeFilterKeys(attribute: AttributeDefinition): string[] {
  return attribute.type === 'number' || attribute.type === 'year'
    ? [`${attribute.key}.min`, `${attribute.key}.max`]
    : [attribute.key];
}

/** Attributes a list offers as filters: those marked `filter`, selects, numbers and years only. */
export function filterableAttributes(attributes: readonly AttributeDefinition[]): AttributeDefinition[] {
  return attributes.filter(
    (attribute) =>
      attribute.filter === true &&
      (attribute.type === 'select' || attribute.type === 'number' || attribute.type === 'year'),
  );
}

/**
 * The ranges whose 'von' lies above their 'bis': `'price'` and the attribute keys
 * (`'mileage_km'`), in that order; empty when every range is in order. Such a filter finds
 * nothing, so the panel says so at the field instead of showing an empty list.
 */
export function invertedRanges(
  filters: Pick<ListingFilters, 'price_min' | 'price_max' | 'attributes'>,
): string[] {
  const inverted: string[] = [];
  if (
    filters.price_min !== undefined &&
    filters.price_max !== undefined &&
    filters.price_min > filters.price_max
  ) {
    inverted.push('price');
  }
  for (const [key, text] of Object.entries(filters.attributes)) {
    if (!key.endsWith('.min')) continue;
    const base = key.slice(0, -'.min'.length);
    const min = nonNegativeNumber(text);
    const max = nonNegativeNumber(filters.attributes[`${base}.max`] ?? null);
    if (min !== undefined && max !== undefined && min > max) inverted.push(base);
  }
  return inverted;
}
