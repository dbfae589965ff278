import type { ListingStatus } from '@marketplace/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import type { ReportTargetType } from '../reports/index.ts';
import { idIn } from './queries.ts';
import { listings } from './schema.ts';

/**
 * What the moderation module may read and change of ads (docs/decisions/0023-one-reports-store.md):
 * the kind `listing` of the one reports store (the facts of reported ads), and an ad's removal
 * and restoration. Reached through the listings door.
 */

/** The facts of an ad the moderation queue and the statement of reasons show. */
export interface ModeratedListing {
  id: string;
  sellerId: string;
  title: string;
  /** Stored status: active, reserved, sold or removed. */
  status: 'active' | 'reserved' | 'sold' | 'removed';
  /** URL of the cover photo, or null. */
  image: string | null;
}

/** Ads by id with the facts moderation needs; unknown ids are left out. */
export async function findModeratedListings(
  db: Database,
  ids: readonly string[],
): Promise<Map<string, ModeratedListing>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: listings.id,
      sellerId: listings.sellerId,
      title: listings.title,
      status: listings.status,
      images: listings.images,
    })
    .from(listings)
    .where(idIn(listings.id, ids));
  return new Map(rows.map(({ images, ...ad }) => [ad.id, { ...ad, image: images[0] ?? null }]));
}

/** The kind `listing` of reported things, registered at start (`app.reportTargets`): a removed ad is gone. */
export const listingReportTarget: ReportTargetType = {
  type: 'listing',
  perReportedMember: false,
  async facts(db, things) {
    const ads = await findModeratedListings(
      db,
      things.map((thing) => thing.targetId),
    );
    return [...ads.values()].map((ad) => ({
      targetType: 'listing',
      targetId: ad.id,
      title: ad.title,
      excerpt: null,
      link: `/listing/${ad.id}`,
      image: ad.image,
      status: ad.status,
      affectedId: ad.sellerId,
      gone: ad.status === 'removed',
    }));
  },
};

/**
 * Removes an ad after a moderation decision (status `removed`: out of every list and search,
 * shown only to its seller and ADMINs; the seller can no longer change it). Call it inside the
 * decision's transaction and {@link announceModeration} after the commit.
 * @returns the status before, for a later restoration
 * @throws AppError listing_not_found (404), conflict (409) when already removed
 */
export async function removeListingInTransaction(
  tx: Database,
  id: string,
): Promise<{ previousStatus: 'active' | 'reserved' | 'sold'; sellerId: string }> {
  const [row] = await tx
    .select({ status: listings.status, sellerId: listings.sellerId })
    .from(listings)
    .where(eq(listings.id, id))
    .for('update');
  if (!row) throw new AppError('listing_not_found');
  const previousStatus = row.status;
  if (previousStatus === 'removed') throw new AppError('conflict', 'Diese Anzeige wurde bereits entfernt.');
  await tx.execute(sql`update listings set status = 'removed', updated_at = now() where id = ${id}::uuid`);
  return { previousStatus, sellerId: row.sellerId };
}

/**
 * Restores a removed ad to `status` (an appeal reversed the removal), so that it is back in
 * search while unexpired. Call it inside the transaction and {@link announceModeration} after
 * the commit.
 * @returns false when the ad is gone or no longer removed
 */
export async function restoreListingInTransaction(
  tx: Database,
  id: string,
  status: 'active' | 'reserved' | 'sold',
): Promise<boolean> {
  const rows = await tx
    .update(listings)
    .set({ status, updatedAt: sql`now()` })
    .where(and(eq(listings.id, id), eq(listings.status, 'removed')))
    .returning({ id: listings.id });
  return rows.length > 0;
}

/**
 * Announces a removal or restoration after the commit as any status change is announced
 * (`listing.updated`, `listing.status_changed`): caches of every instance drop the ad's answers
 * and open tabs hear `listing_status_changed`.
 */
export async function announceModeration(
  events: EventBus,
  change: { listingId: string; sellerId: string; status: ListingStatus; previousStatus: ListingStatus },
): Promise<void> {
  await events.publish('listing.updated', { listingId: change.listingId, sellerId: change.sellerId });
  if (change.status !== change.previousStatus) await events.publish('listing.status_changed', change);
}
