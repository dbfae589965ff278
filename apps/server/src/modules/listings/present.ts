import type { Listing, ListingStatus } from '@marketplace/contract';
import type { CategoryTree } from '../categories/service.ts';
import { displayName } from '../users/service.ts';
import type { ListingRecord } from './queries.ts';

/** `expired` when an active ad is past its expiry (derived, so every instance agrees). */
export function effectiveStatus(
  record: { status: string; expires_at: string | Date },
  now = Date.now(),
): ListingStatus {
  if (record.status === 'active' && new Date(record.expires_at).getTime() <= now) return 'expired';
  return record.status as ListingStatus;
}

/** ISO 8601 in UTC with milliseconds, as every answer writes times. */
export function iso(timestamp: string | Date): string {
  return new Date(timestamp).toISOString();
}

/** The category reference of an ad (its category and, for a subcategory, the parent). */
function categoryRef(tree: CategoryTree, categoryId: number): Listing['category'] {
  const category = tree.resolve(categoryId);
  if (!category) return { id: categoryId, slug: '', name: '', parent: null };
  const parent = category.parentId !== null ? tree.resolve(category.parentId) : undefined;
  return {
    id: category.id,
    slug: category.slug,
    name: category.name,
    parent: parent ? { id: parent.id, slug: parent.slug, name: parent.name } : null,
  };
}

/**
 * An ad as the API answers it (contract `listingSchema`, SPEC.md §3 "Listing (feed)"):
 * price in euros from cents, distance rounded to 0.1 km, the seller card.
 */
export function toListing(record: ListingRecord, tree: CategoryTree): Listing {
  return {
    id: record.id,
    title: record.title,
    description: record.description,
    price: record.price_cents / 100,
    price_type: record.price_type,
    offer_type: record.offer_type,
    status: effectiveStatus(record),
    category: categoryRef(tree, record.category_id),
    postal_code: record.postal_code,
    location: record.location,
    distance_km: record.distance_km === null ? null : Math.round(record.distance_km * 10) / 10,
    images: record.images,
    attributes: record.attributes,
    views: record.views,
    favorites_count: record.favorites_count,
    created_at: iso(record.created_at),
    updated_at: iso(record.updated_at),
    expires_at: iso(record.expires_at),
    seller: {
      id: record.seller_id,
      name: displayName({
        nickname: record.seller_nickname,
        firstName: record.seller_first_name,
        email: record.seller_email,
      }),
      avatar: record.seller_avatar,
      rating: null,
      reviewCount: 0,
      member_since: iso(record.seller_created_at),
      active_listings: record.seller_active,
    },
    is_favorite: record.is_favorite,
  };
}
