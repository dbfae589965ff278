import { type Actor, isAdmin } from '../users/policies.ts';

/** The ad's owner and the administrators may change, extend or delete it (issue 4). */
export function canEditListing(actor: Actor | null | undefined, listing: { sellerId: string }): boolean {
  return !!actor && (actor.id === listing.sellerId || isAdmin(actor));
}

/** Members save other members' ads; their own ads cannot be saved (it would inflate `popular`). */
export function canFavoriteListing(actor: Actor, listing: { sellerId: string }): boolean {
  return actor.id !== listing.sellerId;
}

/** Any member may report an ad except their own. */
export function canReportListing(actor: Actor, listing: { sellerId: string }): boolean {
  return actor.id !== listing.sellerId;
}
