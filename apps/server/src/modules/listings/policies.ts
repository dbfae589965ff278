import type { ListingPermissions } from '@marketplace/contract';
import { type Actor, isAdmin } from '../users/index.ts';

/**
 * What `viewer` may do with an ad: the one listing policy (STYLE.md "policies travel with the
 * resource", docs/decisions/0006-module-doors.md). Every answer carries it as `can`, and
 * every write checks the same rule, so the web shows 'Bearbeiten' exactly when the server
 * would allow the change.
 * - edit, delete (also extend, mark sold or reserved): the seller and ADMINs (SPEC.md §6:
 *   isAdmin is true only for ADMIN)
 * - favorite, report, message: members, on other members' ads only (saving one's own ad would
 *   inflate `popular`; reporting or writing to oneself makes no sense)
 * - manage (the ad page's note 'Das ist deine Anzeige.' and its link to 'Meine Anzeigen'): the
 *   seller only, as only the seller has the ad among their own
 * - a visitor without a token (`viewer` null) may do none of it
 */
export function listingPermissions(
  viewer: Actor | null | undefined,
  listing: { sellerId: string },
): ListingPermissions {
  if (!viewer) {
    return { edit: false, delete: false, favorite: false, report: false, message: false, manage: false };
  }
  const own = viewer.id === listing.sellerId;
  const manages = own || isAdmin(viewer);
  return { edit: manages, delete: manages, favorite: !own, report: !own, message: !own, manage: own };
}

/** Members save other members' ads; their own ads cannot be saved (it would inflate `popular`). */
export function canFavoriteListing(actor: Actor, listing: { sellerId: string }): boolean {
  return listingPermissions(actor, listing).favorite;
}

/** Any member may report an ad except their own. */
export function canReportListing(actor: Actor, listing: { sellerId: string }): boolean {
  return listingPermissions(actor, listing).report;
}
