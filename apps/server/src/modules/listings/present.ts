import type { Listing, ListingStatus } from '@marketplace/contract';
import type { CategoryTree } from '../categories/index.ts';
import { type Actor, displayName } from '../users/index.ts';
import { listingPermissions } from './policies.ts';
import type { ListingRecord } from './queries.ts';

/** `expired` when an active ad is past its expiry (derived, so every instance agrees). */
export function effectiveStatus(
  record: { status: string; expiresAt: string | Date },
  now = Date.now(),
): ListingStatus {
  if (record.status === 'active' && new Date(record.expiresAt).getTime() <= now) return 'expired';
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
 * price in euros from cents, distance rounded to 0.1 km, the seller card, and what `viewer`
 * may do with it (`can`, from `listingPermissions`; all false for null).
 * @param viewer the member asking, or null for a visitor without a token (public answers)
 */
export function toListing(record: ListingRecord, tree: CategoryTree, viewer: Actor | null): Listing {
  return {
    id: record.id,
    title: record.title,
    description: record.description,
    price: record.priceCents / 100,
    price_type: record.priceType,
    offer_type: record.offerType,
    status: effectiveStatus(record),
    category: categoryRef(tree, record.categoryId),
    postal_code: record.postalCode,
    location: record.location,
    distance_km: record.distanceKm === null ? null : Math.round(record.distanceKm * 10) / 10,
    images: record.images,
    attributes: record.attributes,
    views: record.views,
    favorites_count: record.favoritesCount,
    created_at: iso(record.createdAt),
    updated_at: iso(record.updatedAt),
    expires_at: iso(record.expiresAt),
    seller: {
      id: record.sellerId,
      name: displayName({
        id: record.sellerId,
        nickname: record.sellerNickname,
        firstName: record.sellerFirstName,
      }),
      avatar: record.sellerAvatar,
      rating: record.sellerRating === null ? null : Number(record.sellerRating),
      reviewCount: record.sellerReviewCount,
      member_since: iso(record.sellerCreatedAt),
      active_listings: record.sellerActive,
      badge: record.sellerBadge ?? null,
      trader: record.sellerTrader ?? null,
    },
    is_favorite: record.isFavorite,
    can: listingPermissions(viewer, record),
  };
}
